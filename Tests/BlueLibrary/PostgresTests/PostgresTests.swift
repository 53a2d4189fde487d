import BlueLibraryPostgres
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The PostgreSQL connection against a real server: one throwaway cluster for every suite nested here,
/// started before the first test and deleted after the last.
@Suite(.postgresCluster) struct PostgresTests {}

extension PostgresTests {
    /// The cluster of the running suite.
    static var cluster: PostgresCluster {
        get throws { try #require(ClusterTrait.current, "the suite runs without its cluster") }
    }

    /// How long a test's connection may take to open: long, as no test here is about the timeout
    /// (the default, ten seconds, is within reach of a loaded machine).
    static let connectTimeout: Duration = .seconds(600)

    /// A new connection to the cluster's database.
    static func connect() async throws -> PostgresConnection {
        try await PostgresConnection.connect(to: try cluster.url(), timeout: connectTimeout)
    }

    /// A name no other test uses (tests share the database and run in parallel).
    static func unique(_ prefix: String) -> String {
        prefix + "_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    /// What `work` threw, as a ``PostgresError`` (a failure is recorded when it threw nothing or something
    /// else).
    static func failure(
        _ work: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> PostgresError? {
        do {
            try await work()
            Issue.record("no error", sourceLocation: sourceLocation)
        } catch let error as PostgresError {
            return error
        } catch {
            Issue.record("not a PostgresError: \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// Cancels `task` once `statement` runs on the server (as another connection sees it), and returns
    /// what the task threw.
    static func cancel<T: Sendable>(
        _ task: Task<T, any Error>, whenRunning statement: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> PostgresError? {
        let observer = try await connect()
        defer { Task { await observer.close() } }
        try await waitUntil("\(statement) to run", sourceLocation: sourceLocation) {
            try await observer.query(
                "SELECT 1 FROM pg_stat_activity WHERE query = $1 AND state = 'active'", [.text(statement)]
            ).count == 1
        }
        task.cancel()
        return await failure({ _ = try await task.value }, sourceLocation: sourceLocation)
    }

    /// Polls `condition` until it holds (the server's own views show what another connection is doing),
    /// for up to 30 s: a loaded machine may take seconds, and only a condition that never comes fails.
    static func waitUntil(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("waited 30 s for \(what)", sourceLocation: sourceLocation)
    }
}

/// Starts a ``PostgresCluster`` around the suite it marks, for the suite's tests to read from `current`.
struct ClusterTrait: SuiteTrait, TestScoping {
    @TaskLocal static var current: PostgresCluster?

    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite ? self : nil
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await PostgresCluster.withCluster { cluster in
            // Stopped and deleted after the suite; the watcher does it should the test process crash
            // first, so no server or folder of the cluster outlives the run.
            try await TestThreads.run { try cluster.stopWhenProcessEnds(getpid()) }
            try await Self.$current.withValue(cluster) { try await function() }
        }
    }
}

extension Trait where Self == ClusterTrait {
    /// One PostgreSQL cluster for the whole suite.
    static var postgresCluster: Self { ClusterTrait() }
}
