import Dispatch
import Synchronization

/// The hand-over from libmicrohttpd's threads to the server's task group: MHD's callbacks submit the
/// work of each request that is in, and ``MicroHTTPServer/run()`` takes it out and runs it as a child
/// task. Once closed (the server is stopping) nothing more is accepted, and what was submitted before
/// is still handed out: no request is lost between the two.
final class RequestIntake: Sendable {
    /// The work of one request: run its handler, leave the answer, resume the connection.
    typealias Job = @Sendable () async -> Void

    private struct State {
        var jobs: [Job] = []
        var waiter: CheckedContinuation<Job?, Never>?
        var closed = false
    }

    private let state = Mutex(State())

    /// Hands a request's work over; `false` when the intake is closed (the caller answers it itself).
    func submit(_ job: @escaping Job) -> Bool {
        let (accepted, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Job?, Never>?) in
            guard !state.closed else { return (false, nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (true, waiter)
            }
            state.jobs.append(job)
            return (true, nil)
        }
        waiter?.resume(returning: job)
        return accepted
    }

    /// The next request's work, waiting for one; `nil` once the intake is closed and empty. The wait
    /// ends only by a submission or ``close()``, never by cancellation: the server closes the intake
    /// when its task is cancelled, and the requests already in still get their answers.
    func next() async -> Job? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Job?, Never>) in
            let ready = state.withLock { state -> Job?? in
                if !state.jobs.isEmpty { return .some(state.jobs.removeFirst()) }
                if state.closed { return .some(nil) }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Accepts nothing more; a waiting ``next()`` returns `nil`.
    func close() {
        let waiter = state.withLock { state in
            state.closed = true
            defer { state.waiter = nil }
            return state.jobs.isEmpty ? state.waiter : nil
        }
        waiter?.resume(returning: nil)
    }
}

/// Lets a stopping server wait until a condition holds — every answer in flight sent, every event
/// stream ended — or a deadline passes, whichever comes first. Whatever changes the condition calls
/// ``check()``; nothing polls. The wait ignores cancellation on purpose: a server cancelled by its
/// service group still lets its answers go out, for at most the timeout.
final class QuietSignal: Sendable {
    private struct State {
        var waiter: CheckedContinuation<Void, Never>?
        var condition: (@Sendable () -> Bool)?
    }

    private let state = Mutex(State())

    /// Returns when `condition` holds (checked now and at each ``check()``) or after `timeout`.
    func wait(until condition: @escaping @Sendable () -> Bool, timeout: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            state.withLock { state in
                state.waiter = continuation
                state.condition = condition
            }
            let (seconds, attoseconds) = timeout.components
            let nanoseconds = max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
                resume(force: true)
            }
            check()
        }
    }

    /// Something the condition depends on changed: resumes the wait if it now holds.
    func check() {
        resume(force: false)
    }

    private func resume(force: Bool) {
        let condition = state.withLock { $0.condition }
        guard let condition, force || condition() else { return }
        let waiter = state.withLock { state in
            defer {
                state.waiter = nil
                state.condition = nil
            }
            return state.waiter
        }
        waiter?.resume()
    }
}
