/// Where recorders and players come from: ALSA (``ALSAAudio``) in the app, a twin (``AudioTwin``) in
/// tests. Both measure time with the app's ``MonotonicClock``.
package protocol AudioSystem: Sendable {
    /// Starts recording at once into a new WAV file at `path`.
    /// - Throws: ``AudioError`` when there is no device, it is busy or fails; nothing is left behind.
    func startRecording(to path: String) throws(AudioError) -> any AudioRecorder

    /// A player for the WAV file at `path`, paused at the start.
    /// - Throws: `missingFile` when there is no file, `file` when it is not a WAV this app plays.
    func player(for path: String) throws(AudioError) -> any AudioPlayer
}

/// A recording in progress (the original's `Recorder`).
package protocol AudioRecorder: AnyObject {
    /// How long it has been recording, by the app's clock.
    var elapsed: Double { get }
    /// A device error that stopped the recording early, if any.
    var failure: AudioError? { get }
    /// Stops and completes the WAV file; returns its length in seconds.
    func stop() throws(AudioError) -> Double
    /// Stops and deletes the file.
    func cancel()
}

/// Playback of one recording (the original's `Player`).
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
