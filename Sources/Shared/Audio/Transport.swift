/// Where playback is, as a function of the app's clock: a position and, while playing, the moment it
/// was anchored. Every player keeps one (through ``PlayQueue`` or directly, as the twin does), so the
/// device never decides the time.
package struct Transport: Sendable, Equatable {
    /// The recording's or track's length.
    package let duration: Double
    private var anchor: Double = 0
    private var anchorTime: Double?

    /// A transport paused at the start of a recording of `duration` seconds.
    package init(duration: Double) {
        self.duration = max(duration, 0)
    }

    /// The position at clock time `now`; at the end, playback is over and the position is back at 0.
    package func position(at now: Double) -> Double {
        guard let anchorTime else { return anchor }
        let position = anchor + (now - anchorTime)
        return position >= duration ? 0 : max(position, 0)
    }

    /// Whether it plays at `now` (it stops by itself at the end).
    package func isPlaying(at now: Double) -> Bool {
        guard let anchorTime else { return false }
        return anchor + (now - anchorTime) < duration
    }

    /// The clock time at which it reaches the end, while it plays (even when that time has passed).
    package var finishTime: Double? {
        anchorTime.map { $0 + duration - anchor }
    }

    /// The same transport for a length learnt later (a decoder knows it exactly, a tag only roughly).
    package func resized(to duration: Double) -> Transport {
        var resized = Transport(duration: duration)
        resized.anchor = anchor
        resized.anchorTime = anchorTime
        return resized
    }

    /// Starts or resumes at `now`; from the very end it starts again at the beginning.
    package mutating func play(at now: Double) {
        let position = position(at: now)
        anchor = position >= duration ? 0 : position
        anchorTime = now
    }

    /// Pauses at `now`, keeping the position.
    package mutating func pause(at now: Double) {
        anchor = position(at: now)
        anchorTime = nil
    }

    /// Moves to `seconds` at `now`, playing on if it was playing. Playing past the end ends playback,
    /// as reaching the end does; paused, the position stops at the end.
    package mutating func seek(to seconds: Double, at now: Double) {
        let playing = isPlaying(at: now)
        let target = min(max(seconds, 0), duration)
        if playing && target >= duration {
            (anchor, anchorTime) = (0, nil)
            return
        }
        anchor = target
        anchorTime = playing ? now : nil
    }
}
