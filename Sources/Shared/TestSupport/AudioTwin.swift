import AudioKit
import RecordingsAudio
import Synchronization

/// The test twin of ``ALSAAudio``: no device at all. A recording is a WAV file of silence exactly as
/// long as the `MonotonicClock` says; playback (AudioKit's `TwinPlayer`) follows the same clock. It can be
/// told to fail the way a device does, so tests see the app's message instead of a crash.
package final class AudioTwin: AudioSystem {
    private let clock: any MonotonicClock
    private let nextFailure = Mutex<AudioError?>(nil)
    private let playbackFailure = Mutex<AudioError?>(nil)
    private let recordingFailure = Mutex<AudioError?>(nil)

    /// A twin timed by `clock` (usually a `ManualClock`).
    package init(clock: any MonotonicClock) {
        self.clock = clock
    }

    /// Makes the next recording or playback fail to start with `error` (once).
    package func failNext(with error: AudioError) {
        nextFailure.withLock { $0 = error }
    }

    /// Makes the device fail under whatever is playing now (once), as a device error would.
    package func failPlayback(with error: AudioError) {
        playbackFailure.withLock { $0 = error }
    }

    /// Makes the device fail under the recording in progress (once), as a device error would.
    package func failRecording(with error: AudioError) {
        recordingFailure.withLock { $0 = error }
    }

    private func takeRecordingFailure() -> AudioError? {
        recordingFailure.withLock { failure in
            defer { failure = nil }
            return failure
        }
    }

    private func takePlaybackFailure() -> AudioError? {
        playbackFailure.withLock { failure in
            defer { failure = nil }
            return failure
        }
    }

    private func takeFailure() -> AudioError? {
        nextFailure.withLock { failure in
            defer { failure = nil }
            return failure
        }
    }

    package func startRecording(to path: String) throws(AudioError) -> any AudioRecorder {
        if let failure = takeFailure() { throw failure }
        return TwinRecorder(
            writer: try WAVWriter(path: path), clock: clock,
            deviceFailure: { [self] in takeRecordingFailure() })
    }

    package func player(for path: String) throws(AudioError) -> any AudioPlayer {
        let duration = try WAVFile.duration(of: path)
        return TwinPlayer(
            duration: duration, clock: clock, startFailure: { [self] in takeFailure() },
            deviceFailure: { [self] in takePlaybackFailure() })
    }
}

/// A recording that writes silence for the clock's length when stopped.
final class TwinRecorder: AudioRecorder {
    private let writer: WAVWriter
    private let clock: any MonotonicClock
    private let started: Double
    private var stoppedAt: Double?
    private let deviceFailure: () -> AudioError?
    private var failed: AudioError?

    init(writer: WAVWriter, clock: any MonotonicClock, deviceFailure: @escaping () -> AudioError?) {
        self.writer = writer
        self.clock = clock
        self.deviceFailure = deviceFailure
        started = clock.now()
    }

    var elapsed: Double { (stoppedAt ?? clock.now()) - started }

    /// A failure the twin was told of ends the recording, as a failing device does.
    var failure: AudioError? {
        if failed == nil, stoppedAt == nil, let error = deviceFailure() {
            failed = error
            stoppedAt = clock.now()
        }
        return failed
    }

    func stop() throws(AudioError) -> Double {
        stoppedAt = clock.now()
        try writer.appendSilence(AudioFormat.frames(in: elapsed))
        try writer.finish()
        return AudioFormat.seconds(in: writer.frames)
    }

    func cancel() {
        stoppedAt = clock.now()
        writer.discard()
    }
}
