/// The play pane's controls in terms of the player's primitives, the same for every architecture that
/// drives a player directly.
extension AudioPlayer {
    /// Duration, position and whether it plays, read together.
    package var playback: PlaybackState {
        PlaybackState(duration: duration, position: position, isPlaying: isPlaying)
    }

    /// The play button: pauses while playing, otherwise starts or resumes.
    /// - Throws: ``AudioError`` when playback cannot start.
    package func togglePlay() throws(AudioError) {
        if isPlaying {
            pause()
        } else {
            try play()
        }
    }

    /// Moves `seconds` from where playback is (back when negative), clamped as ``seek(to:)`` is.
    package func seek(by seconds: Double) {
        seek(to: position + seconds)
    }
}
