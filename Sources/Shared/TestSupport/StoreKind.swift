import BlueLibraryPostgres
import BlueLibrarySQLite
import BlueLibraryStore

/// The stores a library can use, as the suites that run against every store name them: SQLite (in a
/// folder of the test's own) and PostgreSQL (a database of the test's own on the run's shared cluster,
/// ``TestPostgres``).
package enum StoreKind: String, CaseIterable, Sendable, Codable {
    case sqlite, postgres

    /// A brand-new store (holding the five seeds once opened) and the directory that keeps its file alive.
    /// - Parameter bucketCapacity: albums per bucket of positions (small to split and merge often).
    package func make(bucketCapacity: Int? = nil) async throws -> (any LibraryStore, TemporaryDirectory) {
        let directory = TemporaryDirectory("store")
        switch self {
        case .sqlite:
            return (
                SQLiteLibraryStore(path: directory.file("library.db"), bucketCapacity: bucketCapacity ?? 256),
                directory
            )
        case .postgres:
            // Two readers: enough to read side by side, few enough for many tests at once.
            let store = try PostgresLibraryStore(
                url: try await TestPostgres.database(), readers: 2, bucketCapacity: bucketCapacity ?? 256)
            return (store, directory)
        }
    }
}
