import AudioKit

/// Sound through ALSA on one device (`default` unless `--device NAME`): on a desktop with PipeWire or
/// PulseAudio, `default` reaches it; `null` works without hardware.
package struct ALSAAudio: AudioSystem {
    /// The ALSA device name.
    package let device: String
    private let clock: any MonotonicClock

    /// Sound on `device`, timed by `clock`.
    package init(device: String = "default", clock: any MonotonicClock = SystemClock()) {
        self.device = device
        self.clock = clock
    }

    package func startRecording(to path: String) throws(AudioError) -> any AudioRecorder {
        try ALSARecorder(device: device, path: path, clock: clock)
    }

    package func player(for path: String) throws(AudioError) -> any AudioPlayer {
        ALSAPlayer(device: device, source: try WAVReader(path: path), clock: clock)
    }
}
