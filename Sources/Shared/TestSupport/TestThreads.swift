import BlueLibraryConcurrency

/// Threads for the blocking parts of tests — waiting for a process, reading a socket, driving tmux.
///
/// Swift Testing runs tests on Swift's cooperative pool, which has one thread per core; a test that
/// blocks one of them (in `waitUntilExit`, `recv`, `sleep`) starves every other test's async work —
/// an in-process server's handlers, a store's continuations — and the suite turns flaky on a busy
/// machine. Blocking work goes here instead.
package enum TestThreads {
    private static let pool = BlockingPool(threads: 24, name: "test-blocking")

    /// Runs `work` on a test thread and returns its result.
    package static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.run(work)
    }

    /// Runs non-throwing `work` on a test thread.
    package static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await pool.run(work)
    }

    /// Waits `seconds` without holding a cooperative thread (for polling loops that wait on the world
    /// outside the process, such as a terminal in tmux).
    package static func pause(_ seconds: Double) async {
        try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
    }
}
