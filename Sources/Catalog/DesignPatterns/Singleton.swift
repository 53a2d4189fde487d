// Singleton — one shared instance of a type, created lazily and safely on first use, reachable
// from anywhere.
//
// Objective-C needs `dispatch_once` for this; in Swift a `static let` is already lazy and
// initialized exactly once, thread-safely. Use it for a resource that is truly one per process (a
// coordinator over shared services). Avoid it for anything a test would want to replace: a hidden
// global makes dependencies invisible. The middle road, which BlueLibrary takes, is a shared
// instance as a convenience over an injectable initializer, so the app uses `shared` and the tests
// build their own. The instance's mutable state must be guarded: here a `Mutex` makes the class
// honestly `Sendable`, and a creation counter lets the demo and the tests see that the instance is
// made lazily, and once, even when many threads reach for it at the same moment.
//
// BlueLibrary: `LibraryAPI.shared`, a convenience over the facade's injectable initializer;
// PATTERNS.md names the file.

import Dispatch
import Synchronization

/// Hands out serial numbers that are unique across the whole process.
final class SerialNumberIssuer: Sendable {
    /// The one instance, created the first time it is used.
    static let shared = SerialNumberIssuer()

    /// How many issuers exist: 0 until `shared` is first used, then 1 for the life of the process.
    static var instancesCreated: Int { creations.load(ordering: .sequentiallyConsistent) }

    private static let creations = Atomic<Int>(0)

    private let lastIssued = Mutex(0)

    /// Private: nobody else can make a second issuer, which is what keeps the numbers unique.
    private init() {
        Self.creations.add(1, ordering: .sequentiallyConsistent)
    }

    /// The next serial number; safe to call from any thread.
    func next() -> Int {
        lastIssued.withLock { last in
            last += 1
            return last
        }
    }
}

/// Shows the instance is not there before first use, that many threads reaching for it at once all
/// get the one instance, made once, and that its numbers stay unique under concurrent calls.
func runSingletonDemo(on console: any Console) {
    console.print("Issuers before first use: \(SerialNumberIssuer.instancesCreated)")
    let threads = 200
    let seen = Mutex<[SerialNumberIssuer]>([])
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
        let issuer = SerialNumberIssuer.shared
        seen.withLock { $0.append(issuer) }
    }
    let sameOne = seen.withLock { issuers in issuers.filter { $0 === issuers.first }.count }
    console.print(
        "\(threads) threads reached for SerialNumberIssuer.shared at once; \(sameOne) got the same one")
    console.print("Issuers created: \(SerialNumberIssuer.instancesCreated)")
    let calls = 1_000
    let numbers = Mutex<[Int]>([])
    DispatchQueue.concurrentPerform(iterations: calls) { _ in
        let number = SerialNumberIssuer.shared.next()
        numbers.withLock { $0.append(number) }
    }
    let issued = numbers.withLock { $0 }
    console.print("\(calls) concurrent calls got \(Set(issued).count) distinct serial numbers")
}
