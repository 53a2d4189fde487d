import Dispatch
import Synchronization

/// Runs async work from synchronous code (the command line, a web server's connection thread) and
/// waits for its result. Detached, so it never needs the caller's actor: the caller is blocked.
public func waitForAsync<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let box = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let value = await work()
        box.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    guard let value = box.withLock({ $0 }) else { preconditionFailure("the task finished without a value") }
    return value
}
