import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Waiting for the signal that stops a long-running face (`serve`): SIGINT (Ctrl+C) or SIGTERM.
package enum StopSignal {
    /// Suspends until one of `signals` arrives, or until the task is cancelled (another service of the
    /// group ended first). The signals' default action (ending the process at once) is turned off first,
    /// so the face can stop gracefully; it stays off afterwards, as the process is on its way out.
    package static func wait(for signals: [Int32] = [SIGINT, SIGTERM]) async {
        let waiter = Waiter(signals)
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                waiter.start(continuation)
            }
        } onCancel: {
            waiter.finish()
        }
    }

    /// The sources and the one continuation to resume, whichever comes first: a signal or cancellation.
    // @unchecked Sendable: `sources` is set in init and then only resumed and cancelled, which Dispatch
    // allows from any thread; the rest is behind the mutex.
    private final class Waiter: @unchecked Sendable {
        private struct State {
            var continuation: CheckedContinuation<Void, Never>?
            var finished = false
        }

        private let state = Mutex(State())
        private let sources: [any DispatchSourceSignal]

        init(_ signals: [Int32]) {
            let queue = DispatchQueue(label: "bluelibrary.stop-signal")
            sources = signals.map { number in
                signal(number, SIG_IGN)
                return DispatchSource.makeSignalSource(signal: number, queue: queue)
            }
        }

        func start(_ continuation: CheckedContinuation<Void, Never>) {
            let cancelled = state.withLock { state in
                state.continuation = continuation
                return state.finished
            }
            for source in sources {
                source.setEventHandler { [self] in finish() }
                source.resume()
            }
            if cancelled { finish() }
        }

        /// Resumes the waiting task once and stops listening.
        func finish() {
            let continuation = state.withLock { state in
                state.finished = true
                defer { state.continuation = nil }
                return state.continuation
            }
            guard let continuation else { return }
            for source in sources { source.cancel() }
            continuation.resume()
        }
    }
}
