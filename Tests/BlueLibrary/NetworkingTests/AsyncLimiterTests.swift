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
        try await waitUntil { holding.withLock { $0 } }
        let waiter = Task { try await limiter.run { "ran" } }
        try await waitUntil { limiter.waitingCount > 0 }
        #expect(limiter.waitingCount == 1)
        // Cancelled while the slot is taken: it stops waiting at once (it used to wait on regardless).
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(limiter.waitingCount == 0)
        releaser.yield()
        try await holder.value
        #expect(try await limiter.run { "free" } == "free")
    }

    /// Waits until `condition` holds, looking every few milliseconds for up to 25 s: a loaded machine may
    /// take seconds to start a task, and only a condition that never comes should fail the test (the
    /// expectations that follow say which).
    private func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(25)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    }
}
