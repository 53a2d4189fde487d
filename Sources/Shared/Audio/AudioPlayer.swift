/// Playback of one recording (the original's `Player`): the Recordings app's player, through ALSA
/// (``ALSAPlayer``) or the twin (``TwinPlayer``).
package protocol AudioPlayer: AnyObject {
    /// The recording's length in seconds.
    var duration: Double { get }
    /// Where playback is, in seconds; follows the app's clock while playing.
    var position: Double { get }
    /// Whether it is playing now (it stops by itself at the end, back at the start).
    var isPlaying: Bool { get }
    /// The device error that paused playback, if there was one since the last call: each failure is
    /// handed out once, so the app shows it once.
    func takeFailure() -> AudioError?
    /// Starts or resumes playing from ``position``.
    func play() throws(AudioError)
    /// Pauses, keeping the position.
    func pause()
    /// Moves to `seconds` (clamped to the recording), playing on if it was playing.
    func seek(to seconds: Double)
    /// Stops for good and releases the device.
    func stop()
}
