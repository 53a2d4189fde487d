/// Plays one recording through an ALSA device: a ``PlaybackEngine`` with a queue of one file, whose
/// device is opened by ``play()`` itself so that a missing or busy device is an error right there. Memory
/// stays small however long the recording: the file is streamed from disk.
package final class ALSAPlayer: AudioPlayer {
    private let engine: PlaybackEngine
    private let format: SampleFormat
    package let duration: Double

    /// A player of `source` on `device`, timed by `clock`.
    package init(device: String, source: any AudioSource, clock: any MonotonicClock) {
        engine = PlaybackEngine(
            device: device, clock: clock,
            open: { path throws(AudioError) in throw AudioError(.missingFile, "\(path) is not open") },
            onChange: {})
        format = source.format
        duration = source.duration
        var queue = PlayQueue([("", duration)], from: 0)
        queue.setDuration(duration, ofEntry: 0, at: clock.now())
        engine.load(queue, opened: [0: source])
    }

    deinit { engine.stopFeeding() }

    /// The frame the feeding thread has written up to.
    package var framesFed: Int { engine.fed.frame }

    package var position: Double {
        engine.change { queue, now in
            queue.settle(at: now)
            return queue.position(at: now)
        } ?? 0
    }

    package var isPlaying: Bool {
        engine.change { queue, now in
            queue.settle(at: now)
            return queue.isPlaying(at: now)
        } ?? false
    }

    package func takeFailure() -> AudioError? {
        engine.change { queue, _ in queue.takeFailures().last } ?? nil
    }

    package func play() throws(AudioError) {
        guard !isPlaying else { return }
        engine.stopFeeding()
        let pcm = try PCMDevice(name: engine.device, capture: false, format: format)
        engine.change { queue, now in
            _ = queue.takeFailures()
            queue.play(at: now)
        }
        engine.startFeeding(on: pcm)
    }

    package func pause() {
        engine.change { queue, now in queue.pause(at: now) }
        engine.stopFeeding()
    }

    package func seek(to seconds: Double) {
        engine.change { queue, now in queue.seek(to: seconds, at: now) }
    }

    package func stop() { pause() }
}
