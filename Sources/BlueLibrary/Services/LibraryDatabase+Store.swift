import BlueLibraryConcurrency
import BlueLibraryCore
import BlueLibraryPostgres
import BlueLibrarySQLite
import BlueLibraryStore

#if canImport(Glibc)
    import Glibc
#endif

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
    /// new (`bluelibrary migrate`), in one transaction, and carries the key that seals its users'
    /// passwords to where the copy's key is looked for (``LibraryLocation/passwordKeyPath(ofLibrary:environment:)``),
    /// so every user logs in to the copy as before.
    /// - Returns: where the copy is, what it holds ("12 albums, 3 deleted albums, …") and where its
    ///   password key is (`nil` when no user has a password).
    ///
    /// It runs on the caller's executor (`nonisolated(nonsending)`): a one-read library's connections
    /// belong to the caller's actor.
    /// - Throws: ``LibraryError`` `usage` when this is `source` itself, `conflict` when this library holds
    ///   anything but a new library's five albums or its key place holds another key; what opening either
    ///   throws.
    nonisolated(nonsending) package func copy(
        from source: any LibraryStore, busyTimeout: Int32, environment: [String: String]
    ) async throws -> (location: String, summary: String, key: String?) {
        let store = try store(busyTimeout: busyTimeout)
        guard store.location != source.location else {
            throw LibraryError(.usage, "the library \(source.location) cannot be copied onto itself")
        }
        let (from, to) = (
            LibraryLocation.passwordKeyPath(ofLibrary: source.location, environment: environment),
            LibraryLocation.passwordKeyPath(ofLibrary: store.location, environment: environment)
        )
        let key = try await BlockingPool.files.run { () throws -> (path: String, written: Bool)? in
            // The key's folder (the BlueLibrary home, for a PostgreSQL library) may not exist yet.
            if access(from, F_OK) == 0 { try LibraryLocation.createParentDirectory(of: to) }
            return try PasswordVault.carryKey(from: from, to: to)
        }
        // A library file is copied under its write lock: a server writing it meanwhile waits, and can
        // answer no write the copy misses.
        let copy: nonisolated(nonsending) () async throws -> LibraryContents = {
            let contents = try await source.read { try $0.contents() }
            try await store.create(from: contents)
            return contents
        }
        do {
            let contents =
                if let file = source as? SQLiteLibraryStore { try await file.holdingWrites(copy) } else {
                    try await copy()
                }
            await store.close()
            return (store.location, contents.summary, key?.path)
        } catch {
            await store.close()
            if let key, key.written { unlink(key.path) }
            throw error
        }
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
