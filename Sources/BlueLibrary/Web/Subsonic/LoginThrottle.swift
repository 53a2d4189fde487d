import Synchronization

/// Slows down guessing: after a few failed logins from one address, every further login from it waits
/// before it is checked — twice as long after each new failure, up to a limit — so a guesser gets a
/// handful of tries a minute instead of thousands. Logins from one address take turns (``takeTurn(_:)``),
/// so many connections at once wait one after another rather than side by side. A successful login, or
/// a quarter of an hour without failures, forgets the address. Waits suspend the request's task; they
/// hold no thread.
final class LoginThrottle: Sendable {
    /// The addresses whose login is being checked, and the logins from each waiting for their turn.
    private struct Turns {
        var busy: Set<String> = []
        var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    }

    private struct Record {
        var failures: Int
        var last: ContinuousClock.Instant
    }

    /// Failures allowed before logins from an address start to wait.
    let freeFailures: Int
    /// The wait after the first failure past the free ones.
    let firstDelay: Duration
    /// The longest wait.
    let longestDelay: Duration
    /// How long an address's failures are remembered.
    let memory: Duration
    /// The most addresses remembered (the oldest are forgotten first).
    let capacity: Int
    private let records = Mutex<[String: Record]>([:])
    private let turns = Mutex(Turns())
    private let sleep: @Sendable (Duration) async -> Void

    /// A throttle.
    /// - Parameter sleep: how a login waits (tests record the waits instead).
    init(
        freeFailures: Int = 3, firstDelay: Duration = .milliseconds(500),
        longestDelay: Duration = .seconds(8),
        memory: Duration = .seconds(900), capacity: Int = 10_000,
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.freeFailures = freeFailures
        self.firstDelay = firstDelay
        self.longestDelay = longestDelay
        self.memory = memory
        self.capacity = capacity
        self.sleep = sleep
    }

    /// How long a login from `address` waits now.
    func delay(for address: String) -> Duration {
        let now = ContinuousClock.now
        let failures = records.withLock { records -> Int in
            guard let record = records[address] else { return 0 }
            guard now - record.last < memory else {
                records[address] = nil
                return 0
            }
            return record.failures
        }
        guard failures > freeFailures else { return .zero }
        let doublings = min(failures - freeFailures - 1, 16)
        return min(firstDelay * (1 << doublings), longestDelay)
    }

    /// Waits as long as a login from `address` must.
    func wait(for address: String) async {
        let delay = delay(for: address)
        if delay > .zero { await sleep(delay) }
    }

    /// Waits until no other login from `address` is being checked; ``endTurn(_:)`` lets the next one go.
    func takeTurn(_ address: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = turns.withLock { turns in
                guard turns.busy.insert(address).inserted else {
                    turns.waiting[address, default: []].append(continuation)
                    return false
                }
                return true
            }
            if now { continuation.resume() }
        }
    }

    /// Ends the turn of the login from `address` that ``takeTurn(_:)`` let go, starting the next one's.
    func endTurn(_ address: String) {
        let next = turns.withLock { turns -> CheckedContinuation<Void, Never>? in
            guard var queue = turns.waiting[address], !queue.isEmpty else {
                turns.busy.remove(address)
                turns.waiting[address] = nil
                return nil
            }
            let first = queue.removeFirst()
            turns.waiting[address] = queue.isEmpty ? nil : queue
            return first
        }
        next?.resume()
    }

    /// Counts a failed login from `address`.
    func failed(_ address: String) {
        let now = ContinuousClock.now
        records.withLock { records in
            var record = records[address] ?? Record(failures: 0, last: now)
            if now - record.last >= memory { record.failures = 0 }
            record.failures += 1
            record.last = now
            records[address] = record
            if records.count > capacity, let oldest = records.min(by: { $0.value.last < $1.value.last })?.key
            {
                records[oldest] = nil
            }
        }
    }

    /// Forgets the failures of `address` after a successful login.
    func succeeded(_ address: String) {
        records.withLock { records in
            if records[address] != nil { records[address] = nil }
        }
    }
}
