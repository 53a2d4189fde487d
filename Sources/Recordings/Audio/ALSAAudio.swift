import AudioKit

/// Sound through ALSA on one device (`default` unless `--device NAME`): on a desktop with PipeWire or
/// PulseAudio, `default` reaches it; `null` works without hardware.
public struct ALSAAudio: AudioSystem {
    /// The ALSA device name.
    public let device: String
    private let clock: any MonotonicClock

    /// Sound on `device`, timed by `clock`.
    public init(device: String = "default", clock: any MonotonicClock = SystemClock()) {
        self.device = device
        self.clock = clock
    }

    public func startRecording(to path: String) throws(AudioError) -> any AudioRecorder {
        try ALSARecorder(device: device, path: path, clock: clock)
    }

    public func player(for path: String) throws(AudioError) -> any AudioPlayer {
        ALSAPlayer(device: device, source: try WAVReader(path: path), clock: clock)
    }
}
