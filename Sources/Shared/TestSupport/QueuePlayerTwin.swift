import AudioKit
import Synchronization

/// The test twin of ``ALSAQueuePlayer``: no device and no decoding. Each file's length (or why it cannot
/// play) comes from a table the test gives; playback follows the app's clock through the same
/// ``PlayQueue`` the real player keeps, so the end of one file starts the next at that very moment.
package final class QueuePlayerTwin: QueuePlayer {
    private let clock: any MonotonicClock
    private let probe: @Sendable (String) throws(AudioError) -> Double
    private var queue: PlayQueue?
    private let nextFailure = Mutex<AudioError?>(nil)
    /// Called each time playback starts or resumes (a test counts them: a change made while paused
    /// must not start anything, even for an instant).
    private let onStart: @Sendable () -> Void

    /// A twin timed by `clock` (usually a ``ManualClock``), where `probe` gives a file's exact length or
    /// throws why it cannot play.
    package init(
        clock: any MonotonicClock, onStart: @escaping @Sendable () -> Void = {},
        probe: @escaping @Sendable (String) throws(AudioError) -> Double
    ) {
        self.clock = clock
        self.onStart = onStart
        self.probe = probe
    }

    /// Makes the next ``play(_:from:)`` find no device (once), as ALSA without a device does.
    package func failNext(with error: AudioError) {
        nextFailure.withLock { $0 = error }
    }

    package func load(_ entries: [QueueEntry], from index: Int, at offset: Double, playing: Bool) {
        guard !entries.isEmpty else { return stop() }
        let now = clock.now()
        var queue = PlayQueue(entries.map { ($0.path, $0.duration) }, from: index, gains: entries.map(\.gain))
        if offset > 0 { queue.seek(to: offset, at: now) }
        if playing {
            queue.play(at: now)
            onStart()
        }
        let failure = nextFailure.withLock { failure in
            defer { failure = nil }
            return failure
        }
        if let error = failure {
            queue.halt(with: error, at: now)
        } else {
            // The real player opens the file playing and the next one ahead; the twin knows them all at once.
            for (entry, file) in entries.enumerated() {
                do throws(AudioError) {
                    queue.setDuration(try probe(file.path), ofEntry: entry, at: now)
                } catch {
                    queue.fail(entry: entry, with: error, at: now)
                }
            }
        }
        self.queue = queue
    }

    package func togglePause() {
        let now = clock.now()
        guard var queue else { return }
        queue.settle(at: now)
        if queue.isPlaying(at: now) {
            queue.pause(at: now)
        } else {
            queue.play(at: now)
            onStart()
        }
        self.queue = queue
    }

    package func skip(by offset: Int) {
        queue?.skip(by: offset, at: clock.now())
    }

    package func seek(by seconds: Double) {
        let now = clock.now()
        guard var queue else { return }
        queue.settle(at: now)
        queue.seek(to: queue.position(at: now) + seconds, at: now)
        self.queue = queue
    }

    package func stop() {
        queue = nil
    }

    /// The ReplayGain factor of each entry of the queue playing, in order.
    package var gains: [Double] { queue?.entries.map(\.gain) ?? [] }

    package var status: QueueStatus? {
        let now = clock.now()
        queue?.settle(at: now)
        return queue?.status(at: now)
    }

    package func takeFailures() -> [AudioError] {
        queue?.takeFailures() ?? []
    }
}
