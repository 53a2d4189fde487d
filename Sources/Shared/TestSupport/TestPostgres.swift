import Foundation
import Synchronization

/// One PostgreSQL cluster for the whole test run: started by the first test that asks for a database
/// (about a second), stopped when the test process ends — by an exit handler, or by a watcher process
/// when the run crashes. Each test gets a database of its own, so tests running side by side never meet.
package enum TestPostgres {
    /// The cluster, started once.
    private static let cluster = Task { () throws -> PostgresCluster in
        let cluster = try await PostgresCluster.start()
        try cluster.stopWhenProcessEnds(getpid())
        started.withLock { $0 = cluster }
        atexit { TestPostgres.started.withLock { $0 }?.stopNow() }
        return cluster
    }

    /// The cluster once it has started, for the exit handler (which cannot wait for the task).
    private static let started = Mutex<PostgresCluster?>(nil)

    /// The shared cluster, started on first use.
    package static func sharedCluster() async throws -> PostgresCluster {
        try await cluster.value
    }

    /// The URL of a new, empty database on the shared cluster.
    package static func database() async throws -> String {
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return try await sharedCluster().makeDatabase(name)
    }
}
