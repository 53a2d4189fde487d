import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A pool of dedicated threads for blocking work — SQLite calls, file reads and writes, hashing — so
/// that it never runs on Swift's cooperative pool, whose few threads async code needs to make progress
/// (the shape of swift-nio's `NIOThreadPool`).
///
/// Async code hands work over with ``run(_:)`` and is suspended, not blocked, until it is done. Jobs run
/// in the order they were submitted; a pool of one thread is therefore a serial queue, which is how a
/// database connection gets exactly one owner. The threads start with the first job, so a pool that is
/// never used (the store's writer during `bluelibrary list`) costs no thread. When the pool is released
/// its threads finish the jobs already queued and exit.
package final class BlockingPool: Sendable {
    /// The pool for short blocking work that keeps a processor busy and needs no order (decoding and
    /// scaling images, hashing): one thread per processor this process may use.
    package static let shared = BlockingPool(
        threads: max(2, NamedThread.usableProcessorCount), name: "blocking")

    /// The pool for opening and reading files (audio files a server sends, local covers, key files): a
    /// wait on a slow disk holds one of these, never a thread that decodes a cover, and a cover being
    /// scaled never holds up a track's first byte.
    package static let files = BlockingPool(threads: 4, name: "files")

    private let queue: JobQueue
    /// How many threads serve the pool (once it has had work).
    package let threadCount: Int

    /// A pool of `threads` threads named `name` (visible in `top -H` and debuggers), started by the
    /// first job.
    package init(threads: Int, name: String) {
        threadCount = max(1, threads)
        queue = JobQueue(threads: threadCount, name: name)
    }

    deinit {
        queue.shutDown()
    }

    /// How many of the pool's threads have been started: none until the first job, then all of them.
    package var startedThreadCount: Int { queue.startedThreadCount }

    /// Runs `work` on one of the pool's threads and returns its result; the caller is suspended
    /// meanwhile. Work that has started runs to the end: cancellation does not interrupt it.
    ///
    /// `nonisolated(nonsending)`: the caller resumes on its own executor straight from the pool's thread,
    /// so a call from the main actor is two hand-overs, not four through the global executor (the command
    /// line pays each one at start-up).
    nonisolated(nonsending)
        package func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T
    {
        try await withCheckedThrowingContinuation { continuation in
            queue.submit { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Runs non-throwing `work` on one of the pool's threads and returns its result (on the caller's
    /// executor, as the throwing one).
    nonisolated(nonsending)
        package func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T
    {
        await withCheckedContinuation { continuation in
            queue.submit { continuation.resume(returning: work()) }
        }
    }

    /// Whether the calling thread is one of this pool's.
    package var isCurrentThreadInPool: Bool {
        JobQueue.current == ObjectIdentifier(queue)
    }
}

/// The jobs waiting for a pool's threads: a FIFO under a mutex, and a semaphore counting them so idle
/// threads sleep. (The semaphore lives inside the pool; it never bridges async code to sync code.)
private final class JobQueue: Sendable {
    typealias Job = @Sendable () -> Void

    private struct State {
        var jobs: [Job?] = []
        var head = 0
        /// Whether the threads were started (by the first job).
        var started = false
    }

    private let threads: Int
    private let name: String
    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)

    init(threads: Int, name: String) {
        self.threads = threads
        self.name = name
    }

    var startedThreadCount: Int { state.withLock { $0.started } ? threads : 0 }

    /// The queue the calling thread serves, if it is a pool thread.
    static var current: ObjectIdentifier? {
        guard let raw = pthread_getspecific(currentKey) else { return nil }
        return ObjectIdentifier(Unmanaged<JobQueue>.fromOpaque(raw).takeUnretainedValue())
    }

    private static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    func submit(_ job: @escaping Job) {
        let start = state.withLock { state in
            state.jobs.append(job)
            defer { state.started = true }
            return !state.started
        }
        if start {
            for index in 0..<threads {
                NamedThread.start(threads == 1 ? name : "\(name)-\(index)") { self.serve() }
            }
        }
        available.signal()
    }

    /// Asks every thread to exit once the jobs queued before now are done (a `nil` job means "exit");
    /// a pool that never had work has no thread to ask.
    func shutDown() {
        let started = state.withLock { state in
            if state.started {
                for _ in 0..<threads { state.jobs.append(nil) }
            }
            return state.started
        }
        guard started else { return }
        for _ in 0..<threads { available.signal() }
    }

    /// The loop of one pool thread.
    func serve() {
        pthread_setspecific(Self.currentKey, Unmanaged.passUnretained(self).toOpaque())
        while true {
            available.wait()
            let job = state.withLock { state -> Job? in
                let job = state.jobs[state.head]
                state.jobs[state.head] = nil
                state.head += 1
                // Compact now and then so the array does not grow for ever.
                if state.head > 1024 && state.head * 2 > state.jobs.count {
                    state.jobs.removeFirst(state.head)
                    state.head = 0
                }
                return job
            }
            guard let job else { return }
            job()
        }
    }
}
