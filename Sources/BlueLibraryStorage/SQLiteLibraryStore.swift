import BlueLibraryConcurrency
import BlueLibraryCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The durable store: one SQLite database file per library (the tutorial's `PersistencyManager`,
/// which archived albums to disk; here every change is committed at once).
///
/// Each connection has one owner, a thread of its own (a ``BlockingPool`` of one): the writer's
/// connection runs every write transaction in order, and a reader connection answers reads beside it
/// (WAL mode), so a write waiting for another process's lock — SQLite's busy wait of up to 5 s — holds
/// up neither the readers nor any of Swift's cooperative threads. Callers are suspended, never blocked.
///
/// The file is opened lazily on first use, so creating the store (and the facade's shared instance)
/// never fails; the first operation reports a missing, foreign, damaged or newer-schema file.
package final class SQLiteLibraryStore: LibraryStore {
    /// The database file.
    package let path: String
    private let busyTimeout: Int32
    /// The target number of albums per bucket of positions (see ``AlbumPositions``).
    private let bucketCapacity: Int
    private let writer: ConnectionOwner
    private let reader: ConnectionOwner

    /// A store for the database at `path`, opened on first use.
    /// - Parameters:
    ///   - busyTimeout: how long to wait for another process's lock, in milliseconds.
    ///   - bucketCapacity: albums per bucket of positions (tests make it small to split and merge often).
    package init(path: String, busyTimeout: Int32 = 5000, bucketCapacity: Int = 512) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.bucketCapacity = bucketCapacity
        writer = ConnectionOwner(name: "library-writer")
        reader = ConnectionOwner(name: "library-reader")
    }

    package var location: String { path }

    package func read<T: Sendable>(_ body: @escaping @Sendable (any LibraryReader) throws -> T) async throws
        -> T
    {
        LibraryTransaction.checkNotNested(path)
        try await prepare()
        let (path, busyTimeout, capacity) = (path, busyTimeout, bucketCapacity)
        return try await reader.run { slot in
            let connection = try slot.open(path: path, busyTimeout: busyTimeout, role: .reader)
            return try connection.readTransaction {
                try LibraryTransaction.run { try body(SQLiteAlbums(connection, bucketCapacity: capacity)) }
            }
        }
    }

    @discardableResult
    package func write<T: Sendable>(_ body: @escaping @Sendable (any LibraryWriter) throws -> T) async throws
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

    package func externalChangeToken() async throws -> Int64 {
        // SQLite changes `data_version` for a connection when any *other* connection commits; the
        // writer's own commits leave it alone, and the reader never commits.
        let (path, busyTimeout) = (path, busyTimeout)
        return try await writer.run { slot in
            let connection = try slot.open(path: path, busyTimeout: busyTimeout, role: .writer)
            return Int64(try connection.integer("PRAGMA data_version") ?? 0)
        }
    }

    /// Closes both connections: the last one to close checkpoints the WAL into the database file, and
    /// the next use opens them again.
    package func close() async {
        await reader.close()
        await writer.close()
    }

    /// Copies the library through the reader's connection into a temporary file beside `path`, then
    /// renames it into place.
    package func backup(to path: String) async throws {
        try await prepare()
        let (source, busyTimeout) = (self.path, self.busyTimeout)
        let temporary = path + ".tmp-\(getpid())"
        try await reader.run { slot in
            let connection = try slot.open(path: source, busyTimeout: busyTimeout, role: .reader)
            unlink(temporary)
            do {
                try connection.backup(to: temporary)
            } catch {
                unlink(temporary)
                throw error
            }
            guard rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw LibraryError(.io, "cannot write the backup \(path): \(reason)")
            }
        }
    }

    /// Opens the file now, so a bad file is reported before any other work.
    package func open() async throws {
        try await prepare()
    }

    /// Brings the file to the current schema through the writer before the reader opens it: a brand-new
    /// library is created (and seeded) by its first use, whether that is a read or a write.
    private func prepare() async throws {
        guard !writer.isOpen else { return }
        let (path, busyTimeout) = (path, busyTimeout)
        try await writer.run { slot in
            _ = try slot.open(path: path, busyTimeout: busyTimeout, role: .writer)
        }
    }
}

/// A connection and the one thread that owns it.
private final class ConnectionOwner: Sendable {
    private let thread: BlockingPool
    private let slot = ConnectionSlot()

    init(name: String) {
        thread = BlockingPool(threads: 1, name: name)
    }

    /// Whether the connection has been opened (and not closed since).
    var isOpen: Bool { slot.isOpen.load(ordering: .acquiring) }

    func run<T: Sendable>(_ work: @escaping @Sendable (ConnectionSlot) throws -> T) async throws -> T {
        let slot = slot
        return try await thread.run {
            defer { slot.isOpen.store(slot.connection != nil, ordering: .releasing) }
            return try work(slot)
        }
    }

    func close() async {
        let slot = slot
        await thread.run {
            slot.connection = nil
            slot.isOpen.store(false, ordering: .releasing)
        }
    }
}

/// The connection of one ``ConnectionOwner``.
// @unchecked Sendable: `connection` is only touched by jobs of its owner's single thread, one at a time;
// `isOpen` is atomic, for readers on other threads.
private final class ConnectionSlot: @unchecked Sendable {
    enum Role {
        /// Creates and migrates the file; runs write transactions.
        case writer
        /// Opens a file the writer prepared; refuses to write (`query_only`).
        case reader
    }

    var connection: SQLiteConnection?
    /// Whether `connection` is set (readable from any thread).
    let isOpen = Atomic<Bool>(false)

    func open(path: String, busyTimeout: Int32, role: Role) throws -> SQLiteConnection {
        if let connection { return connection }
        let opened = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
        switch role {
        case .writer: try Schema.prepare(opened)
        case .reader: try Schema.checkReadable(opened)
        }
        connection = opened
        return opened
    }
}
