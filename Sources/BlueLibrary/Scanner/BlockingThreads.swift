import BlueLibraryConcurrency
import Synchronization

/// Runs the scanner's blocking work (the folder walk, TagLib reads) on threads of its own, so it never
/// occupies Swift's cooperative pool. Threads are started per call and end with it: a scan is long
/// enough that starting two or three threads costs nothing, and no idle pool outlives it.
enum BlockingThreads {
    /// Runs `work` on a new thread and returns what it returns.
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            start { continuation.resume(with: Result(catching: work)) }
        }
    }

    /// Calls `body` on every input from up to `threads` threads, handing each result to `receive` on the
    /// calling task as it arrives (so the caller's state has one owner and needs no lock). Cancelling the
    /// task stops the threads before their next input; what they already did is still received.
    /// - Returns: whether every input was done (`false` after a cancellation).
    static func forEach<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], threads: Int, _ body: @escaping @Sendable (Input) -> Output,
        receive: (Int, Output) -> Void
    ) async -> Bool {
        guard !inputs.isEmpty else { return true }
        let queue = WorkQueue(count: inputs.count, workers: max(1, min(threads, inputs.count)))
        let (results, continuation) = AsyncStream.makeStream(of: (Int, Output).self)
        for _ in 0..<queue.workers {
            start {
                while let index = queue.take() {
                    continuation.yield((index, body(inputs[index])))
                }
                if queue.finishWorker() { continuation.finish() }
            }
        }
        var received = 0
        await withTaskCancellationHandler {
            for await (index, output) in results {
                receive(index, output)
                received += 1
            }
        } onCancel: {
            queue.stop()
        }
        return received == inputs.count
    }
}

extension BlockingThreads {
    /// Starts a thread named for profilers and `top`: a Linux thread otherwise keeps its creator's name,
    /// a thread of Swift's cooperative pool.
    fileprivate static func start(_ work: @escaping @Sendable () -> Void) {
        NamedThread.start("bluelib-scan", work)
    }
}

/// The indexes still to do, shared by the threads of one ``BlockingThreads/forEach``.
private final class WorkQueue: Sendable {
    let count: Int
    let workers: Int
    private let next = Atomic<Int>(0)
    private let running: Atomic<Int>
    private let stopped = Atomic<Bool>(false)

    init(count: Int, workers: Int) {
        self.count = count
        self.workers = workers
        running = Atomic(workers)
    }

    /// The next index to do, or `nil` when all are taken or the work was stopped.
    func take() -> Int? {
        guard !stopped.load(ordering: .relaxed) else { return nil }
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < count ? index : nil
    }

    /// Stops handing out indexes.
    func stop() { stopped.store(true, ordering: .relaxed) }

    /// Notes that a worker ended; returns whether it was the last one.
    func finishWorker() -> Bool {
        running.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue == 0
    }
}
