import BlueLibraryConcurrency
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The thread that owns one libpq connection (``PostgresWire``) and runs its jobs one at a time, in the
/// order they came. Between jobs it waits in poll(2) on the connection's socket as well as for work, so a
/// notification is delivered the moment it arrives, not when the next query happens to read the socket —
/// which is why this is a loop of its own and not a ``BlockingPool`` of one, whose idle thread can only
/// wait for work.
///
/// Async callers hand work over with ``run(_:)`` and are suspended, never blocked; cancelling the calling
/// task cancels the statement running for it (the server is asked to stop it).
final class PostgresThread: Sendable {
    typealias Job = @Sendable (PostgresWire) -> Void

    private let queue: JobQueue

    /// Starts the thread, named `name`, with a connection not yet opened.
    init(name: String) throws(PostgresError) {
        let queue = JobQueue(wakeUp: try WakeUp())
        self.queue = queue
        // The thread holds the queue, not this object: releasing the last reference to this one shuts the
        // thread down (deinit).
        NamedThread.start(name) { queue.serve() }
    }

    deinit { queue.shutDown() }

    /// Runs `work` with the connection on the thread and returns its result; the caller is suspended
    /// meanwhile.
    /// - Throws: what `work` throws; ``PostgresError`` `closed` when the connection was closed first,
    ///   `cancelled` when the task was cancelled before the work began (or while a statement ran, in which
    ///   case the statement's own error says so).
    func run<T: Sendable>(_ work: @escaping @Sendable (PostgresWire) throws -> T) async throws -> T {
        let (queue, cancellation) = (queue, CancellationFlag())
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let accepted = queue.submit { wire in
                    guard !cancellation.isCancelled else {
                        return continuation.resume(
                            throwing: PostgresError(.cancelled, "cancelled before it ran"))
                    }
                    wire.cancellation = cancellation
                    defer { wire.cancellation = nil }
                    continuation.resume(with: Result { try work(wire) })
                }
                if !accepted {
                    continuation.resume(throwing: PostgresError(.closed, "the connection is closed"))
                }
            }
        } onCancel: {
            cancellation.cancel()
            queue.wakeUp.signal()
        }
    }

    /// Queues `job` unless the thread is shut down; false when it is (the job will never run).
    @discardableResult
    func submit(_ job: @escaping Job) -> Bool {
        queue.submit(job)
    }

    /// Takes no more work: the jobs already queued run, then the connection is closed and the thread ends.
    func shutDown() {
        queue.shutDown()
    }
}

/// The jobs waiting for a connection's thread, and the loop that runs them.
private final class JobQueue: Sendable {
    private struct State {
        var jobs: [PostgresThread.Job] = []
        /// Set once no more work is taken: the thread runs what is queued, closes the connection and ends.
        var isShutDown = false
    }

    private let state = Mutex(State())
    let wakeUp: WakeUp

    init(wakeUp: WakeUp) {
        self.wakeUp = wakeUp
    }

    func submit(_ job: @escaping PostgresThread.Job) -> Bool {
        let accepted = state.withLock { state in
            guard !state.isShutDown else { return false }
            state.jobs.append(job)
            return true
        }
        if accepted { wakeUp.signal() }
        return accepted
    }

    func shutDown() {
        state.withLock { $0.isShutDown = true }
        wakeUp.signal()
    }

    /// The loop of the thread: every job queued, in order; between them, a wait for more work or for the
    /// server (``PostgresWire/waitForWork()``).
    func serve() {
        let wire = PostgresWire(wakeUp: wakeUp)
        while true {
            let (jobs, isShutDown) = state.withLock { state in
                defer { state.jobs = [] }
                return (state.jobs, state.isShutDown)
            }
            for job in jobs { job(wire) }
            if jobs.isEmpty {
                if isShutDown { break }
                wire.waitForWork()
            }
        }
        wire.close()
    }
}

/// Whether the task awaiting a job was cancelled (set from any thread, read on the connection's).
final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    var isCancelled: Bool { flag.load(ordering: .acquiring) }

    func cancel() { flag.store(true, ordering: .releasing) }
}

/// A pipe that wakes the connection's thread from poll(2): one byte written by any thread, all of them
/// read by the connection's thread before it looks for work again.
final class WakeUp: Sendable {
    /// The end the connection's thread polls.
    let readable: Int32
    private let writable: Int32

    init() throws(PostgresError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw PostgresError(.unavailable, "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (readable, writable) = (ends[0], ends[1])
    }

    deinit {
        close(readable)
        close(writable)
    }

    /// Wakes the thread (a full pipe already will, so a failed write is no loss).
    func signal() {
        var byte: UInt8 = 1
        _ = write(writable, &byte, 1)
    }

    /// Empties the pipe.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readable, &bytes, bytes.count) > 0 {}
    }
}
