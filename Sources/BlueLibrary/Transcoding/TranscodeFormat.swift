import AudioKit

/// A format a track can be sent in when its own will not do: MP3, Opus, AAC (ADTS or M4A), Ogg Vorbis,
/// FLAC — what Subsonic's `stream?format=` and the page's quality setting name.
package enum TranscodeFormat: String, Sendable, CaseIterable, Hashable {
    case mp3, opus, aac, m4a, ogg, flac

    /// The format a name means (any case): the formats' own names, and `mpeg`, `vorbis`, `oga`, `adts`,
    /// `mp4` for them; `nil` for another name.
    package init?(named name: String) {
        switch name.lowercased() {
        case "mp3", "mpeg": self = .mp3
        case "opus": self = .opus
        case "aac", "adts": self = .aac
        case "m4a", "mp4": self = .m4a
        case "ogg", "oga", "vorbis": self = .ogg
        case "flac": self = .flac
        default: return nil
        }
    }

    /// What FFmpeg makes it with.
    var encoder: String {
        switch self {
        case .mp3: "libmp3lame"
        case .opus: "libopus"
        case .aac, .m4a: "aac"
        case .ogg: "libvorbis"
        case .flac: "flac"
        }
    }

    /// FFmpeg's container for it (M4A in fragments, so that it can be sent as it is made).
    var container: String {
        switch self {
        case .mp3: "mp3"
        case .opus, .ogg: "ogg"
        case .aac: "adts"
        case .m4a: "mp4"
        case .flac: "flac"
        }
    }

    /// The content type it is sent with.
    package var contentType: String {
        switch self {
        case .mp3: "audio/mpeg"
        case .opus, .ogg: "audio/ogg"
        case .aac: "audio/aac"
        case .m4a: "audio/mp4"
        case .flac: "audio/flac"
        }
    }

    /// Its file suffix (what Subsonic's `transcodedSuffix` names).
    package var suffix: String { self == .ogg ? "ogg" : rawValue }

    /// The codec, as the OpenSubsonic transcoding extension names it.
    package var codec: String {
        switch self {
        case .mp3: "mp3"
        case .opus: "opus"
        case .aac, .m4a: "aac"
        case .ogg: "vorbis"
        case .flac: "flac"
        }
    }

    /// Whether it keeps every sample (then a bit rate means nothing to it).
    package var isLossless: Bool { self == .flac }

    /// The bit rate (kbit/s) made when none is asked for.
    package var defaultKilobits: Int {
        switch self {
        case .mp3, .aac, .m4a, .ogg: 192
        case .opus: 128
        case .flac: 0
        }
    }

    /// The bit rates (kbit/s) its encoder makes well; one asked for outside is moved inside.
    package var kilobits: ClosedRange<Int> {
        switch self {
        case .mp3: 32...320
        case .opus: 16...256
        case .aac, .m4a: 32...320
        case .ogg: 64...320
        case .flac: 0...0
        }
    }

    /// The format a file already is, by its suffix, when it is one of these: `.ogg` and `.m4a` hold other
    /// codecs too (FLAC, ALAC), so they count only as what they usually hold.
    package static func of(path: String) -> TranscodeFormat? {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "mp3": return .mp3
        case "opus": return .opus
        case "aac": return .aac
        case "m4a": return .m4a
        case "ogg", "oga": return .ogg
        case "flac": return .flac
        default: return nil
        }
    }

    /// What FFmpeg is asked to make: this format at `kilobits` (moved into its range), from `offset`
    /// milliseconds; lossy formats at most 48 kHz and two channels.
    func target(kilobits: Int, offsetMilliseconds: Int) -> FFmpegTranscoder.Target {
        let rate =
            isLossless ? 0 : min(max(kilobits, self.kilobits.lowerBound), self.kilobits.upperBound) * 1000
        return FFmpegTranscoder.Target(
            encoder: encoder, container: container, bitRate: rate, maximumRate: isLossless ? 0 : 48000,
            maximumChannels: isLossless ? 0 : 2, offsetMilliseconds: offsetMilliseconds)
    }
}

/// How a track is to be sent, from what a client asked (`format`, `maxBitRate`, `timeOffset`) and the
/// limits its user and player have.
package struct StreamRequest: Sendable, Hashable {
    /// The format asked for: `nil` when none was, and `raw` (the file as it is) is ``asItIs``.
    package var format: TranscodeFormat?
    /// `format=raw`: the file as it is, whatever else is asked.
    package var asItIs: Bool
    /// The highest bit rate the client takes, kbit/s (`nil` or 0: no limit).
    package var maximumKilobits: Int?
    /// Where to start, in seconds (only a transcoded stream starts elsewhere than 0).
    package var offsetSeconds: Double

    package init(
        format: TranscodeFormat? = nil, asItIs: Bool = false, maximumKilobits: Int? = nil,
        offsetSeconds: Double = 0
    ) {
        self.format = format
        self.asItIs = asItIs
        self.maximumKilobits = maximumKilobits
        self.offsetSeconds = offsetSeconds
    }

    /// Why a request's values cannot be followed, in one line that names the value.
    package struct Refusal: Error, Sendable {
        package let message: String
    }

    /// What a request's texts ask for: `format` (a format's name, or `raw`), `maximumKilobits` (kbit/s,
    /// 0 for no limit) and the offset in seconds, whose parameter is called `offsetName`.
    /// - Throws: ``Refusal`` for a format this server does not make, a limit or an offset that is not a
    ///   number of 0 or more.
    package init(
        format name: String?, maximumKilobits limit: String?, offset: String?, offsetName: String
    ) throws(Refusal) {
        self.init()
        if let name, !name.isEmpty {
            if name.lowercased() == "raw" {
                asItIs = true
            } else if let format = TranscodeFormat(named: name) {
                self.format = format
            } else {
                let known = (["raw"] + TranscodeFormat.allCases.map(\.rawValue)).joined(separator: ", ")
                throw Refusal(message: "format \(name.prefix(40)) is not one this server makes (\(known))")
            }
        }
        if let limit, !limit.isEmpty {
            guard let kilobits = Int(limit), kilobits >= 0 else {
                throw Refusal(message: "maxBitRate \(limit.prefix(20)) is not a number of kbit/s, 0 or more")
            }
            maximumKilobits = kilobits
        }
        if let offset, !offset.isEmpty {
            guard let seconds = Double(offset), seconds >= 0, seconds < 1e7 else {
                throw Refusal(message: "\(offsetName) must be a number of seconds, 0 or more")
            }
            offsetSeconds = seconds
        }
    }

    /// What to send for a file at `path` of `sourceKilobits` kbit/s: the file itself when it already is
    /// what was asked (its format, at or under the limit, from its start), else a transcode. Without a
    /// format, a limit the file is over is met in `fallback`.
    package func plan(path: String, sourceKilobits: Int, fallback: TranscodeFormat = .mp3) -> StreamPlan {
        if asItIs { return .asItIs }
        let limit = maximumKilobits.flatMap { $0 > 0 ? $0 : nil }
        let offset = Int((max(offsetSeconds, 0) * 1000).rounded())
        let own = TranscodeFormat.of(path: path)
        let underLimit = limit.map { sourceKilobits <= $0 } ?? true
        guard let format else {
            guard let limit, !underLimit else { return .asItIs }
            return .transcode(
                fallback, kilobits: min(limit, fallback.kilobits.upperBound), offsetMilliseconds: offset)
        }
        if own == format && underLimit && offset == 0 { return .asItIs }
        let kilobits =
            format.isLossless ? 0 : min(limit ?? format.defaultKilobits, format.kilobits.upperBound)
        return .transcode(format, kilobits: kilobits, offsetMilliseconds: offset)
    }
}

/// What is sent for a track.
package enum StreamPlan: Sendable, Hashable {
    /// The file as it is, with ranges.
    case asItIs
    /// The file transcoded to `format` at `kilobits` (0 for a lossless format), from `offsetMilliseconds`.
    case transcode(TranscodeFormat, kilobits: Int, offsetMilliseconds: Int)
}
