import BlueLibraryCore
import BlueLibraryPostgres
import BlueLibrarySQLite
import BlueLibraryStore

extension LibraryDatabase {
    /// The store of this library: a SQLite file, or a PostgreSQL database (libpq is loaded only then).
    /// - Parameter busyTimeout: how long SQLite waits for another process's lock, in milliseconds.
    /// - Throws: ``LibraryError`` `usage` for a URL that is not one, `unavailable` when libpq is missing.
    package func store(busyTimeout: Int32) throws -> any LibraryStore {
        switch self {
        case .file(let path): SQLiteLibraryStore(path: path, busyTimeout: busyTimeout)
        case .postgres(let url): try PostgresLibraryStore(url: url)
        }
    }

    /// Copies the whole library `source` holds — every table, row by row — into this one, which must be
    /// new (`bluelibrary migrate`), in one transaction.
    /// - Returns: where the copy is, and what it holds ("12 albums, 3 deleted albums, …").
    ///
    /// It runs on the caller's executor (`nonisolated(nonsending)`): a one-read library's connections
    /// belong to the caller's actor.
    /// - Throws: ``LibraryError`` `usage` when this is `source` itself, `conflict` when this library holds
    ///   anything but a new library's five albums; what opening either throws.
    nonisolated(nonsending) package func copy(from source: any LibraryStore, busyTimeout: Int32) async throws
        -> (location: String, summary: String)
    {
        let store = try store(busyTimeout: busyTimeout)
        guard store.location != source.location else {
            throw LibraryError(.usage, "the library \(source.location) cannot be copied onto itself")
        }
        let contents = try await source.read { try $0.contents() }
        do {
            try await store.create(from: contents)
        } catch {
            await store.close()
            throw error
        }
        await store.close()
        return (store.location, contents.summary)
    }
}

extension OneReadLibrary {
    /// The facade of one read of `database`: for a file, with the connections on the caller (see
    /// ``init(path:busyTimeout:)``); for PostgreSQL, on the store's own connections.
    package init(database: LibraryDatabase, busyTimeout: Int32) throws {
        switch database {
        case .file(let path): self.init(path: path, busyTimeout: busyTimeout)
        case .postgres: self.init(store: try database.store(busyTimeout: busyTimeout))
        }
    }
}
