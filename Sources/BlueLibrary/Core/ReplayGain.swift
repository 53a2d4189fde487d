#if canImport(Glibc)
    import Glibc
#endif

/// A track's ReplayGain values as tagged (`REPLAYGAIN_TRACK_GAIN`, `…_TRACK_PEAK`, `…_ALBUM_GAIN`,
/// `…_ALBUM_PEAK`): how loud to play it so every track, or every album, sounds equally loud.
package struct ReplayGain: Sendable, Hashable {
    /// The track's gain in dB.
    package var trackGain: Double?
    /// The track's peak sample, 1 being full scale.
    package var trackPeak: Double?
    /// The album's gain in dB.
    package var albumGain: Double?
    /// The album's peak sample.
    package var albumPeak: Double?

    /// Creates values; each may be absent.
    package init(
        trackGain: Double? = nil, trackPeak: Double? = nil, albumGain: Double? = nil, albumPeak: Double? = nil
    ) {
        self.trackGain = trackGain
        self.trackPeak = trackPeak
        self.albumGain = albumGain
        self.albumPeak = albumPeak
    }

    /// Whether nothing was tagged.
    package var isEmpty: Bool { self == ReplayGain() }

    /// How much to scale the samples by in a mode: the gain as a factor, lowered where the peak would
    /// otherwise pass full scale (ReplayGain never clips). Album mode falls back to the track's values
    /// and the other way round; no values, or `.off`, is 1. Without a tagged peak the factor is at most 1.
    package func factor(_ mode: ReplayGainMode) -> Double {
        let (gain, peak): (Double?, Double?)
        switch mode {
        case .off: return 1
        case .track: (gain, peak) = (trackGain ?? albumGain, trackGain != nil ? trackPeak : albumPeak)
        case .album: (gain, peak) = (albumGain ?? trackGain, albumGain != nil ? albumPeak : trackPeak)
        }
        guard let gain else { return 1 }
        let factor = pow(10, gain / 20)
        // Without a peak a louder track could clip: it plays no louder than recorded.
        guard let peak, peak > 0 else { return min(factor, 1) }
        return min(factor, 1 / peak)
    }

    /// A gain as tagged, `-6.54 dB` or `+1.2`, in dB; `nil` when it is not a number or out of any sane
    /// range (±60 dB).
    package static func decibels(_ text: String) -> Double? {
        var number = text.trimmed
        if number.lowercased().hasSuffix("db") { number = String(number.dropLast(2)).trimmed }
        if number.hasPrefix("+") { number.removeFirst() }
        guard let value = Double(number), value.isFinite, abs(value) <= 60 else { return nil }
        return value
    }

    /// A peak as tagged, `0.988553`; `nil` when it is not a positive number below 100.
    package static func peak(_ text: String) -> Double? {
        guard let value = Double(text.trimmed), value.isFinite, value > 0, value < 100 else { return nil }
        return value
    }
}

/// Which ReplayGain values a player applies.
package enum ReplayGainMode: String, Sendable, CaseIterable {
    /// None: every track as it is.
    case off
    /// Each track's own (every track equally loud; the default).
    case track
    /// The album's (an album's quiet songs stay quiet).
    case album
}
