/// What a player says about playback at one moment: the recording's length, where playback is and
/// whether it plays. The play pane of every architecture is drawn from one of these.
public struct PlaybackState: Sendable, Equatable {
    /// The recording's length in seconds.
    public var duration: Double
    /// Where playback is, in seconds.
    public var position: Double
    /// Whether it is playing.
    public var isPlaying: Bool

    /// Creates a state.
    public init(duration: Double, position: Double, isPlaying: Bool) {
        self.duration = duration
        self.position = position
        self.isPlaying = isPlaying
    }
}
