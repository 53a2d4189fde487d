import Synchronization

/// A clock that moves only when told to: tests record for exactly two seconds or seek in a recording
/// without waiting.
public final class ManualClock: MonotonicClock {
    private let seconds: Mutex<Double>

    /// Creates a clock standing at `start` seconds.
    public init(start: Double = 1000) {
        seconds = Mutex(start)
    }

    public func now() -> Double { seconds.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(by interval: Double) {
        seconds.withLock { $0 += max(interval, 0) }
    }
}
