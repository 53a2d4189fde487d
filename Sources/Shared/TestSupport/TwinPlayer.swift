import AudioKit

/// The test twin of ``ALSAPlayer``: playback that only keeps time, by the app's clock. It can be told
/// to fail to start, or to fail under playback, as a device does.
package final class TwinPlayer: AudioPlayer {
    private var transport: Transport
    private let clock: any MonotonicClock
    private let startFailure: () -> AudioError?
    private let deviceFailure: () -> AudioError?

    /// A player of a recording `duration` seconds long; `startFailure` and `deviceFailure` say whether
    /// the next play fails to start and whether the device fails under playback (each asked once).
    package init(
        duration: Double, clock: any MonotonicClock, startFailure: @escaping () -> AudioError?,
        deviceFailure: @escaping () -> AudioError?
    ) {
        transport = Transport(duration: duration)
        self.clock = clock
        self.startFailure = startFailure
        self.deviceFailure = deviceFailure
    }

    /// A failure the twin was told of pauses playback, as a failing device does.
    package func takeFailure() -> AudioError? {
        guard isPlaying, let error = deviceFailure() else { return nil }
        pause()
        return error
    }

    package var duration: Double { transport.duration }
    package var position: Double { transport.position(at: clock.now()) }
    package var isPlaying: Bool { transport.isPlaying(at: clock.now()) }

    package func play() throws(AudioError) {
        if let error = startFailure() { throw error }
        if !isPlaying { transport.play(at: clock.now()) }
    }

    package func pause() { transport.pause(at: clock.now()) }
    package func seek(to seconds: Double) { transport.seek(to: seconds, at: clock.now()) }
    package func stop() { pause() }
}
