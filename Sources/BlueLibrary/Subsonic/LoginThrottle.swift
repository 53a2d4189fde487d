import Synchronization

/// Slows down guessing without holding anything: failed logins are counted per address *and* user name
/// (the pair a fail2ban rule watches), and after a few failures of one pair its logins are refused at
/// once — unchecked, answered with the failure, no connection or task kept waiting — until a delay has
/// passed, twice as long after each new failure, up to a limit. So a guesser gets a handful of tries a
/// minute instead of thousands, a guess costs the server one quick answer, and nobody else waits: a
/// household behind one HTTPS proxy shares an address, and one person's typos (or a guesser's) never
/// delay another user's correct password.
///
/// While a pair that has used up its free failures is being checked, another login of the pair is
/// refused too, so guesses sent side by side gain nothing; a pair with fewer failures is checked side by
/// side (a music app sends several calls at once, each logged in, and one typo must not break them). A successful login, or a quarter of an hour without failures,
/// forgets the pair.
package final class LoginThrottle: Sendable {
    /// Whose logins are counted together.
    package struct Key: Hashable, Sendable {
        package var address: String
        /// The user name as compared (lowercased), or a mark for API keys.
        package var user: String

        /// The pair of an address and a user name (as compared).
        package init(address: String, user: String) {
            self.address = address
            self.user = user
        }
    }

    /// What to do with a login.
    package enum Admission: Equatable, Sendable {
        /// Check it; `tracked` when the pair has failed before (its result must be reported with
        /// ``finish(_:tracked:succeeded:)``).
        case check(tracked: Bool)
        /// Refuse it unchecked: the pair may try again after this long.
        case refused(retryAfter: Duration)
    }

    private struct Record {
        var failures: Int
        var last: ContinuousClock.Instant
        var blockedUntil: ContinuousClock.Instant
        var checking = false
    }

    /// Failures allowed before a pair's logins are refused for a while.
    let freeFailures: Int
    /// The wait after the first failure past the free ones.
    let firstDelay: Duration
    /// The longest wait.
    let longestDelay: Duration
    /// How long a pair's failures are remembered.
    let memory: Duration
    /// The most pairs remembered (the oldest are forgotten first).
    let capacity: Int
    private let records = Mutex<[Key: Record]>([:])
    private let now: @Sendable () -> ContinuousClock.Instant

    /// A throttle.
    /// - Parameter now: the clock (tests move one of their own).
    package init(
        freeFailures: Int = 3, firstDelay: Duration = .milliseconds(500),
        longestDelay: Duration = .seconds(8),
        memory: Duration = .seconds(900), capacity: Int = 10_000,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.freeFailures = freeFailures
        self.firstDelay = firstDelay
        self.longestDelay = longestDelay
        self.memory = memory
        self.capacity = capacity
        self.now = now
    }

    /// How long a pair waits after its `failures`-th failure.
    func delay(afterFailures failures: Int) -> Duration {
        guard failures > freeFailures else { return .zero }
        let doublings = min(failures - freeFailures - 1, 16)
        return min(firstDelay * (1 << doublings), longestDelay)
    }

    /// Whether a login of `key` is checked now, or refused at once.
    package func admit(_ key: Key) -> Admission {
        let now = now()
        return records.withLock { records in
            guard var record = records[key] else { return .check(tracked: false) }
            guard now - record.last < memory else {
                records[key] = nil
                return .check(tracked: false)
            }
            if now < record.blockedUntil { return .refused(retryAfter: record.blockedUntil - now) }
            // A few typos are free: until then, the pair's logins are checked side by side.
            guard record.failures >= freeFailures else { return .check(tracked: false) }
            if record.checking { return .refused(retryAfter: firstDelay) }
            record.checking = true
            records[key] = record
            return .check(tracked: true)
        }
    }

    /// Reports how a checked login of `key` ended: a success forgets the pair, a failure counts (and may
    /// refuse the pair's logins for a while); `succeeded` `nil` when the check itself failed (the library
    /// could not be read), which counts nothing.
    package func finish(_ key: Key, tracked: Bool, succeeded: Bool?) {
        let now = now()
        records.withLock { records in
            switch succeeded {
            case true?:
                records[key] = nil
            case false?:
                var record = records[key] ?? Record(failures: 0, last: now, blockedUntil: now)
                if now - record.last >= memory { record.failures = 0 }
                record.failures += 1
                record.last = now
                record.blockedUntil = now + delay(afterFailures: record.failures)
                record.checking = false
                records[key] = record
                if records.count > capacity,
                    let oldest = records.min(by: { $0.value.last < $1.value.last })?.key
                {
                    records[oldest] = nil
                }
            case nil:
                if tracked { records[key]?.checking = false }
            }
        }
    }
}
