import BlueLibraryConcurrency
import BlueLibraryCore
import BlueLibraryStore
import Synchronization
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// The durable store: one SQLite database file per library (the tutorial's `PersistencyManager`,
/// which archived albums to disk; here every change is committed at once).
///
/// Each connection has one owner, a thread of its own (a ``BlockingPool`` of one): the writer's
/// connection runs every write transaction in order, and reader connections — one per core, a
/// ``ReaderPool`` — answer reads beside it and beside each other (WAL mode), so a write waiting for another
/// process's lock — SQLite's busy wait of up to 5 s — holds up neither the readers nor any of Swift's
/// cooperative threads. Callers are suspended, never blocked.
/// A process that runs one command on its main actor may place the connections with the caller instead
/// (``ConnectionPlacement/caller``): then the main actor owns them and runs the SQLite work itself.
///
/// The file is opened lazily on first use, so creating the store (and the facade's shared instance)
/// never fails; the first operation reports a missing, foreign, damaged or newer-schema file. Reading a
/// library whose schema is current opens the reader's connection alone: a command that only reads
/// (`bluelibrary list`) never opens the writer's connection nor starts its thread. A new, older or
/// foreign file goes through the writer first, which creates, migrates or refuses it.
package final class SQLiteLibraryStore: LibraryStore {
    /// The database file.
    package let path: String
    private let busyTimeout: Int32
    /// The target number of albums per bucket of positions (see ``AlbumPositions``).
    private let bucketCapacity: Int
    private let writer: ConnectionOwner
    private let readers: ReaderPool

    /// A store for the database at `path`, opened on first use.
    /// - Parameters:
    ///   - busyTimeout: how long to wait for another process's lock, in milliseconds.
    ///   - bucketCapacity: albums per bucket of positions (tests make it small to split and merge often).
    ///   - placement: where the connections live (threads of their own unless a one-command process
    ///     keeps them on its main actor).
    ///   - readers: how many reads may run at once, each on a connection of its own (the cores this
    ///     process may use, at least two; one when the connections belong to the caller).
    package init(
        path: String, busyTimeout: Int32 = 5000, bucketCapacity: Int = 256,
        placement: ConnectionPlacement = .ownThreads, readers: Int = max(2, NamedThread.usableProcessorCount)
    ) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.bucketCapacity = bucketCapacity
        writer = ConnectionOwner(name: "library-writer", placement: placement)
        self.readers = ReaderPool(count: readers, placement: placement)
    }

    package var location: String { path }

    nonisolated(nonsending)
        package func read<T: Sendable>(
            thenClose: Bool, _ body: @escaping @Sendable (any LibraryReader) throws -> T
        ) async throws -> T
    {
        LibraryTransaction.checkNotNested(path)
        let (path, busyTimeout, capacity) = (path, busyTimeout, bucketCapacity)
        // One hand-over to a reader's thread, which opens its connection on first use when the file is
        // current, and closes it in the same hand-over when this is the last read; only a file that needs
        // the writer costs a second.
        let attempt: @Sendable (ConnectionSlot) throws -> ReadAttempt<T> = { slot in
            guard let connection = try slot.openReader(path: path, busyTimeout: busyTimeout) else {
                return .needsWriter
            }
            defer { if thenClose { slot.connection = nil } }
            return .done(
                try connection.readTransaction {
                    try LibraryTransaction.run {
                        try body(SQLiteAlbums(connection, bucketCapacity: capacity))
                    }
                })
        }
        let reader = readers.reserve()
        var outcome = try await reader.run(reserved: true, attempt)
        if case .needsWriter = outcome {
            try await prepareThroughWriter()
            outcome = try await reader.run(attempt)
        }
        guard case .done(let result) = outcome else {
            throw LibraryError(.internal, "library \(path) was read before it was prepared")
        }
        // The reader closed itself; this closes the others, and the writer when a migration opened it.
        if thenClose { await close() }
        return result
    }

    @discardableResult
    nonisolated(nonsending)
        package func write<T: Sendable>(_ body: @escaping @Sendable (any LibraryWriter) throws -> T)
        async throws
        -> T
    {
        LibraryTransaction.checkNotNested(path)
        let (path, busyTimeout, capacity) = (path, busyTimeout, bucketCapacity)
        return try await writer.run { slot in
            let connection = try slot.open(path: path, busyTimeout: busyTimeout, role: .writer)
            return try connection.transaction {
                try LibraryTransaction.run { try body(SQLiteAlbums(connection, bucketCapacity: capacity)) }
            }
        }
    }

    nonisolated(nonsending)
        package func externalChangeToken() async throws -> Int64
    {
        // SQLite changes `data_version` for a connection when any *other* connection commits; the
        // writer's own commits leave it alone, and readers never commit.
        let (path, busyTimeout) = (path, busyTimeout)
        return try await writer.run { slot in
            let connection = try slot.open(path: path, busyTimeout: busyTimeout, role: .writer)
            return Int64(try connection.integer("PRAGMA data_version") ?? 0)
        }
    }

    /// Closes every connection: the last one to close checkpoints the WAL into the database file, and
    /// the next use opens them again. A connection never used costs nothing to close.
    nonisolated(nonsending)
        package func close() async
    {
        await readers.close()
        await writer.close()
    }

    /// Copies the library through a reader's connection into a new temporary file beside `path`, then
    /// renames it into place. `path` must be new or a regular file other than the library (see
    /// ``BackupTarget``): nothing else is ever replaced.
    nonisolated(nonsending)
        package func backup(to path: String) async throws
    {
        try await prepare()
        let (source, busyTimeout) = (self.path, self.busyTimeout)
        try await readers.reserve().run(reserved: true) { slot in
            try BackupTarget.check(path, library: source)
            let connection = try slot.open(path: source, busyTimeout: busyTimeout, role: .reader)
            let temporary = try BackupTarget.temporary(beside: path)
            do {
                try connection.backup(to: temporary)
                try BackupTarget.replace(path, with: temporary)
            } catch {
                unlink(temporary)
                throw error
            }
        }
    }

    /// SQLite tells a process nothing of another's commits: faces poll ``externalChangeToken()``.
    nonisolated(nonsending)
        package func externalChangeNotices() async -> AsyncStream<Void>?
    {
        nil
    }

    /// Writes the library into a temporary file beside `path` — the schema, then `contents` in one
    /// transaction — and renames it into place, so `path` holds all of it or stays as it was. An existing
    /// file must hold a new library (the seeds alone), which is replaced.
    nonisolated(nonsending)
        package func create(from contents: LibraryContents) async throws
    {
        if access(path, F_OK) == 0 {
            let existing = try await read(thenClose: true) { try $0.contents() }
            guard existing.isNewLibrary else {
                throw LibraryError(
                    .conflict,
                    "library \(path) already holds \(existing.summary); copy into a new library instead")
            }
        }
        try await replaceFile(with: contents)
    }

    /// Writes `contents` as a library into a temporary file beside `path` — the schema, then every row in
    /// one transaction — and renames it over `path`, which holds all of it or stays as it was (a backup of
    /// a library kept elsewhere).
    nonisolated(nonsending)
        package func replaceFile(with contents: LibraryContents) async throws
    {
        let (path, busyTimeout, capacity) = (path, busyTimeout, bucketCapacity)
        try await writer.run { _ in
            OutputTarget.removeStaleTemporaries(of: path)
            let temporary = OutputTarget.temporary(for: path)
            func removeTemporary() {
                for suffix in ["", "-wal", "-shm"] { unlink(temporary + suffix) }
            }
            removeTemporary()
            do {
                // In a function of its own, so the connection is closed (its WAL folded in) before the rename.
                func fill() throws {
                    let connection = try SQLiteConnection(path: temporary, busyTimeout: busyTimeout)
                    try Schema.prepare(connection)
                    try connection.transaction {
                        try SQLiteAlbums(connection, bucketCapacity: capacity).replaceAll(with: contents)
                    }
                }
                try fill()
            } catch {
                removeTemporary()
                throw error
            }
            guard rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                removeTemporary()
                throw LibraryError(.io, "cannot write the library \(path): \(reason)")
            }
        }
    }

    /// Runs `body` while this process holds the library's write lock (a connection of its own, in
    /// `BEGIN IMMEDIATE`), so that no other process commits meanwhile: what `body` reads is the library as
    /// it stays until `body` returns. `migrate` copies under it, so a `serve` writing the library cannot
    /// answer a write the copy then misses; the server's writes wait for the lock (its busy timeout) and
    /// fail as locked if the copy takes longer — refused, never lost. Reads go on beside it (WAL).
    /// - Throws: ``LibraryError`` `locked` when another process holds the lock past the busy timeout;
    ///   what `body` throws.
    nonisolated(nonsending)
        package func holdingWrites<T>(_ body: nonisolated(nonsending) () async throws -> T) async throws -> T
    {
        try await prepare()
        let (path, busyTimeout) = (path, busyTimeout)
        let lock = try await BlockingPool.files.run { () throws -> SQLiteConnection in
            let connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
            try connection.execute("BEGIN IMMEDIATE")
            return connection
        }
        do {
            let result = try await body()
            await BlockingPool.files.run { try? lock.execute("ROLLBACK") }
            return result
        } catch {
            await BlockingPool.files.run { try? lock.execute("ROLLBACK") }
            throw error
        }
    }

    /// The files of the library at `path` no command may write over: the database and the files SQLite
    /// keeps beside it (they need not exist yet).
    package static func databaseFiles(of path: String) -> [OutputTarget.Protected] {
        ["", "-wal", "-shm", "-journal"].map {
            OutputTarget.Protected(path + $0, what: "the library itself (or a file SQLite keeps beside it)")
        }
    }

    /// Opens the file now, so a bad file is reported before any other work.
    nonisolated(nonsending)
        package func open() async throws
    {
        try await prepare()
    }

    /// Whether the writer's connection and any reader's are open now (for tests).
    package var openConnections: (writer: Bool, reader: Bool) { (writer.isOpen, readers.isAnyOpen) }

    /// How many reads may run at once.
    package var readerCount: Int { readers.count }

    /// How many readers' connections are open now (for tests).
    package var openReaderCount: Int { readers.openCount }

    /// Makes sure the file holds the current schema before readers use it: a reader's connection alone
    /// when it does, the writer first when it does not.
    nonisolated(nonsending)
        private func prepare() async throws
    {
        guard !readers.isAnyOpen else { return }
        let (path, busyTimeout) = (path, busyTimeout)
        let current = try await readers.reserve().run(reserved: true) { slot in
            try slot.openReader(path: path, busyTimeout: busyTimeout) != nil
        }
        if !current { try await prepareThroughWriter() }
    }

    /// Brings the file to the current schema through the writer: a brand-new library is created (and
    /// seeded) by its first use, whether that is a read or a write; an older one is migrated.
    nonisolated(nonsending)
        private func prepareThroughWriter() async throws
    {
        guard !writer.isOpen else { return }
        let (path, busyTimeout) = (path, busyTimeout)
        try await writer.run { slot in
            _ = try slot.open(path: path, busyTimeout: busyTimeout, role: .writer)
        }
    }
}

/// What one try of a read on the reader's thread came to.
private enum ReadAttempt<T: Sendable>: Sendable {
    case done(T)
    /// The file is missing, empty or older: the writer must prepare it first.
    case needsWriter
}
