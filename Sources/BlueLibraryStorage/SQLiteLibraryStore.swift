import BlueLibraryCore
import Synchronization

/// The durable store: one SQLite database file per library (the tutorial's `PersistencyManager`,
/// which archived albums to disk; here every change is committed at once).
///
/// The file is opened lazily on first use, so creating the store (and the facade's shared instance)
/// never fails; the first operation reports a missing, foreign, damaged or newer-schema file. Access
/// is serialised by a mutex; across processes SQLite's locks and the busy timeout apply.
package final class SQLiteLibraryStore: LibraryStore {
    /// The database file.
    package let path: String
    private let busyTimeout: Int32
    private let connection = Mutex<SQLiteConnection?>(nil)

    /// A store for the database at `path`, opened on first use.
    /// - Parameter busyTimeout: how long to wait for another process's lock, in milliseconds.
    package init(path: String, busyTimeout: Int32 = 5000) {
        self.path = path
        self.busyTimeout = busyTimeout
    }

    package var location: String { path }

    package func read<T: Sendable>(_ body: (any LibraryReader) throws -> T) throws -> T {
        try connection.withLock { connection in
            try body(SQLiteAlbums(try Self.open(&connection, path: path, busyTimeout: busyTimeout)))
        }
    }

    @discardableResult
    package func write<T: Sendable>(_ body: (any LibraryWriter) throws -> T) throws -> T {
        try connection.withLock { connection in
            let open = try Self.open(&connection, path: path, busyTimeout: busyTimeout)
            return try open.transaction { try body(SQLiteAlbums(open)) }
        }
    }

    package func externalChangeToken() throws -> Int64 {
        // SQLite changes `data_version` for a connection when any *other* connection commits.
        try read { reader in
            Int64(try (reader as? SQLiteAlbums)?.connection.integer("PRAGMA data_version") ?? 0)
        }
    }

    /// Closes the connection: SQLite checkpoints the WAL into the database file, and the next use
    /// opens it again.
    package func close() {
        connection.withLock { $0 = nil }
    }

    /// Opens the file now, so a bad file is reported before any other work.
    package func open() throws {
        try read { _ in }
    }

    private static func open(_ slot: inout SQLiteConnection?, path: String, busyTimeout: Int32) throws
        -> SQLiteConnection
    {
        if let slot { return slot }
        let connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
        try Schema.prepare(connection)
        slot = connection
        return connection
    }
}
