import Synchronization
import Testing

@testable import BlueLibraryNetworking

/// The limiter of downloads lets a waiting task go when it is cancelled.
struct AsyncLimiterTests {
    @Test(.timeLimit(.minutes(1))) func aCancelledWaiterStopsWaitingAndGivesUpItsPlace() async throws {
        let limiter = AsyncLimiter(limit: 1)
        let holding = Mutex(false)
        let (release, releaser) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await limiter.run {
                holding.withLock { $0 = true }
                for await _ in release { break }
            }
        }
        for _ in 0..<400 where !holding.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
        let waiter = Task { try await limiter.run { "ran" } }
        for _ in 0..<400 where limiter.waitingCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(limiter.waitingCount == 1)
        // Cancelled while the slot is taken: it stops waiting at once (it used to wait on regardless).
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(limiter.waitingCount == 0)
        releaser.yield()
        try await holder.value
        #expect(try await limiter.run { "free" } == "free")
    }
}
