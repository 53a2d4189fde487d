import Synchronization

/// Plays a ``PlayQueue`` through an ALSA device from a feeding thread of its own, streaming each file a
/// few thousand frames at a time: both apps' ALSA players are this engine (``ALSAPlayer``, one
/// recording; ``ALSAQueuePlayer``, an album).
///
/// The queue is the one owner of where playback is: the caller changes it (play, pause, seek, skip) and
/// the feeding thread reads it, both under one lock, and both let it move on with the clock. The thread
/// writes samples up to a fifth of a second ahead of the clock — so a real device plays in time and the
/// `null` device, which has no pacing, cannot run ahead — and goes on into the next file, which it opened
/// ahead, in the same stream: when the two share a format, nothing comes between them. Pausing stops the
/// thread and releases the device; the open files stay for the next play.
package final class PlaybackEngine {
    let device: String
    let clock: any MonotonicClock
    let shared: EngineShared
    private let sources = SourceShelf()
    private var feeder: FeedSession?

    /// An engine on `device`, timed by `clock`, opening files with `open`; `onChange` is called from the
    /// feeding thread when something changes that the clock does not say (a failure, the end).
    package init(
        device: String, clock: any MonotonicClock,
        open: @escaping @Sendable (String) throws(AudioError) -> any AudioSource,
        onChange: @escaping @Sendable () -> Void
    ) {
        self.device = device
        self.clock = clock
        shared = EngineShared(open: open, onChange: onChange)
    }

    deinit { feeder?.stop() }

    /// Replaces what is queued (`nil`: nothing), with the sources already open for some entries.
    package func load(_ queue: PlayQueue?, opened: [Int: any AudioSource] = [:]) {
        stopFeeding()
        sources.replace(with: opened)
        shared.queue.withLock { $0 = queue }
    }

    /// Changes the queue at the clock's time now; `nil` when nothing is queued.
    @discardableResult
    package func change<Result>(_ body: (inout PlayQueue, Double) -> Result) -> Result? {
        let now = clock.now()
        return shared.queue.withLock { queue in
            guard var changed = queue else { return nil }
            defer { queue = changed }
            return body(&changed, now)
        }
    }

    /// Starts the feeding thread for the queue as it is (playing), on `pcm` when the caller opened the
    /// device already; the thread opens it otherwise.
    package func startFeeding(on pcm: PCMDevice? = nil) {
        stopFeeding()
        feeder = FeedSession(engine: self, sources: sources, pcm: pcm)
    }

    /// Stops the feeding thread and waits until it has released the device.
    package func stopFeeding() {
        feeder?.stop()
        feeder = nil
    }

    /// Stops the feeding thread for good, waiting for it at most `limit` — for quitting, when nothing
    /// after needs the device: a thread held up in a file that does not answer (a read on a hung network
    /// share) must not hold up the quit; it stops at its next step, or ends with the process.
    /// - Returns: whether the thread had stopped within `limit`.
    @discardableResult
    package func abandonFeeding(waitingAtMost limit: Duration) -> Bool {
        defer { feeder = nil }
        return feeder?.stop(waitingAtMost: limit) ?? true
    }

    /// The entry, and the frame of its file, the feeding thread has written up to (for tests that wait
    /// for it).
    package var fed: (entry: Int, frame: Int) { shared.fed.withLock { $0 } }

    /// How many times a feeding thread opened the device (for tests: files of one format share one
    /// stream).
    package var devicesOpened: Int { shared.devicesOpened.load(ordering: .relaxed) }
}

/// What the engine and its feeding thread share.
final class EngineShared: Sendable {
    let queue = Mutex<PlayQueue?>(nil)
    /// The entry, and the frame of its file, the thread has written up to.
    let fed = Mutex<(entry: Int, frame: Int)>((0, 0))
    /// How many times a feeding thread opened the device.
    let devicesOpened = Atomic<Int>(0)
    let open: @Sendable (String) throws(AudioError) -> any AudioSource
    let onChange: @Sendable () -> Void

    init(
        open: @escaping @Sendable (String) throws(AudioError) -> any AudioSource,
        onChange: @escaping @Sendable () -> Void
    ) {
        self.open = open
        self.onChange = onChange
    }

    /// Changes the queue, if there is one.
    @discardableResult
    func change<Result>(_ body: (inout PlayQueue) -> Result) -> Result? {
        queue.withLock { queue in
            guard var changed = queue else { return nil }
            defer { queue = changed }
            return body(&changed)
        }
    }
}

/// The open files of a queue, by entry. Handed from one feeding thread to the next: the engine starts a
/// thread only after the previous one has ended, and touches the shelf itself only between threads.
final class SourceShelf: @unchecked Sendable {
    // @unchecked Sendable: one feeding thread at a time uses it, or the engine while none runs (above).
    private var open: [Int: any AudioSource] = [:]

    subscript(entry: Int) -> (any AudioSource)? {
        get { open[entry] }
        set { open[entry] = newValue }
    }

    /// Closes every file but those of `entries`.
    func keep(only entries: Set<Int>) {
        open = open.filter { entries.contains($0.key) }
    }

    func replace(with sources: [Int: any AudioSource]) {
        open = sources
    }
}
