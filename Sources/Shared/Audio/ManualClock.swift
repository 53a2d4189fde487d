import Synchronization

/// A clock that moves only when told to: tests record for exactly two seconds or seek in a recording
/// without waiting.
package final class ManualClock: MonotonicClock {
    private let seconds: Mutex<Double>

    /// Creates a clock standing at `start` seconds.
    package init(start: Double = 1000) {
        seconds = Mutex(start)
    }

    package func now() -> Double { seconds.withLock { $0 } }

    /// Moves the clock forward.
    package func advance(by interval: Double) {
        seconds.withLock { $0 += max(interval, 0) }
    }
}
