/// A ``QueuePlayer`` on an ALSA device (`default` unless told otherwise; `null` works without
/// hardware): a ``PlaybackEngine`` whose feeding thread opens each file with ``AudioDecoder`` — the one
/// playing and the next, ahead — and the device for its format.
package final class ALSAQueuePlayer: QueuePlayer {
    private let engine: PlaybackEngine

    /// A player on `device`, timed by `clock`; `onChange` is called from the feeding thread when a
    /// failure or the end of the queue needs showing (the clock says the rest).
    package init(
        device: String = "default", clock: any MonotonicClock = SystemClock(),
        onChange: @escaping @Sendable () -> Void = {}
    ) {
        engine = PlaybackEngine(
            device: device, clock: clock, open: { path throws(AudioError) in try AudioDecoder.open(path) },
            onChange: onChange)
    }

    /// The entry, and the frame of its file, the feeding thread has written up to (for tests).
    package var fed: (entry: Int, frame: Int) { engine.fed }

    /// How many times the device was opened (for tests: files of one format share one stream).
    package var devicesOpened: Int { engine.devicesOpened }

    /// Stops for good, as the app quits: the feeding thread is waited for half a second at most, so a
    /// file that does not answer never holds up the quit.
    /// - Returns: whether the feeding thread had stopped within that time.
    @discardableResult
    package func quit() -> Bool {
        let stopped = engine.abandonFeeding(waitingAtMost: .milliseconds(500))
        engine.load(nil)
        return stopped
    }

    package func load(_ entries: [QueueEntry], from index: Int, at offset: Double, playing: Bool) {
        guard !entries.isEmpty else { return stop() }
        let now = engine.clock.now()
        var queue = PlayQueue(entries.map { ($0.path, $0.duration) }, from: index, gains: entries.map(\.gain))
        if offset > 0 { queue.seek(to: offset, at: now) }
        if playing { queue.play(at: now) }
        engine.load(queue)
        if playing { engine.startFeeding() }
    }

    package func togglePause() {
        let playing = engine.change { queue, now in
            queue.settle(at: now)
            return queue.isPlaying(at: now)
        }
        guard let playing else { return }
        if playing {
            engine.change { queue, now in queue.pause(at: now) }
            engine.stopFeeding()
        } else {
            engine.stopFeeding()
            engine.change { queue, now in queue.play(at: now) }
            engine.startFeeding()
        }
    }

    package func skip(by offset: Int) {
        engine.change { queue, now in queue.skip(by: offset, at: now) }
    }

    package func seek(by seconds: Double) {
        engine.change { queue, now in
            queue.settle(at: now)
            queue.seek(to: queue.position(at: now) + seconds, at: now)
        }
    }

    package func stop() {
        engine.load(nil)
    }

    package var status: QueueStatus? {
        engine.change { queue, now in
            queue.settle(at: now)
            return queue.status(at: now)
        }
    }

    package func takeFailures() -> [AudioError] {
        engine.change { queue, _ in queue.takeFailures() } ?? []
    }
}
