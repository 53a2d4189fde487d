/// What a player says about playback at one moment: the recording's length, where playback is and
/// whether it plays. The play pane of every architecture is drawn from one of these.
package struct PlaybackState: Sendable, Equatable {
    /// The recording's length in seconds.
    package var duration: Double
    /// Where playback is, in seconds.
    package var position: Double
    /// Whether it is playing.
    package var isPlaying: Bool

    /// Creates a state.
    package init(duration: Double, position: Double, isPlaying: Bool) {
        self.duration = duration
        self.position = position
        self.isPlaying = isPlaying
    }
}
