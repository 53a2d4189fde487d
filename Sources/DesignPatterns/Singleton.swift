// Singleton — one shared instance of a type, created lazily and safely on first use, reachable
// from anywhere.
//
// Objective-C needs `dispatch_once` for this; in Swift a `static let` is already lazy and
// initialized exactly once, thread-safely. Use it for a resource that is truly one per process (a
// coordinator over shared services). Avoid it for anything a test would want to replace: a hidden
// global makes dependencies invisible. The middle road, which BlueLibrary takes, is a shared
// instance as a convenience over an injectable initializer, so the app uses `shared` and the tests
// build their own. The instance's mutable state must be guarded: here a `Mutex` makes the class
// honestly `Sendable`.
//
// BlueLibrary: `LibraryAPI.shared` in Sources/BlueLibraryServices/LibraryAPI.swift.

import Dispatch
import Synchronization

/// Hands out serial numbers that are unique across the whole process.
final class SerialNumberIssuer: Sendable {
    /// The one instance, created the first time it is used.
    static let shared = SerialNumberIssuer()

    private let lastIssued = Mutex(0)

    /// Private: nobody else can make a second issuer, which is what keeps the numbers unique.
    private init() {}

    /// The next serial number; safe to call from any thread.
    func next() -> Int {
        lastIssued.withLock { last in
            last += 1
            return last
        }
    }
}

/// Reaches the shared instance twice and from many threads at once.
func runSingletonDemo(on console: any Console) {
    let first = SerialNumberIssuer.shared
    let second = SerialNumberIssuer.shared
    console.print("Two references to SerialNumberIssuer.shared are the same object: \(first === second)")
    let calls = 1_000
    let numbers = Mutex<[Int]>([])
    DispatchQueue.concurrentPerform(iterations: calls) { _ in
        let number = SerialNumberIssuer.shared.next()
        numbers.withLock { $0.append(number) }
    }
    let issued = numbers.withLock { $0 }
    console.print("\(calls) concurrent calls got \(Set(issued).count) distinct serial numbers")
}
