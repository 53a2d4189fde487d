import BlueLibraryCore

/// Runs `work`, cancelling it when `deadline` passes first.
/// - Throws: what `work` throws, or `unavailable` ("… took too long") at the deadline.
package func withDeadline<T: Sendable>(
    _ deadline: ContinuousClock.Instant, label: String, _ work: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(until: deadline, clock: .continuous)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw LibraryError(.unavailable, "\(label): took too long")
        }
        return value
    }
}
