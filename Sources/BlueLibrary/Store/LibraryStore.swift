import BlueLibraryCore

/// Where a library keeps its albums, its undo/redo history and its saved state (the tutorial's
/// `PersistencyManager`, made durable).
///
/// All access goes through ``read(_:)`` and ``write(_:)``, which are `async`: the body runs where the
/// store's blocking work belongs (for SQLite, the thread that owns the connection), and the caller is
/// suspended meanwhile. A write runs as one transaction, so a mutation, its history entry and the
/// saved current album are committed together or not at all. Bodies are synchronous and get a
/// ``LibraryReader`` or ``LibraryWriter``: everything a transaction needs to ask lives there, so a
/// body never has a reason to call back into the store or the facade (and doing so from a task it
/// starts traps in debug builds, see ``LibraryTransaction``).
///
/// Every implementation honours one contract, run against each by `LibraryStoreContractTests`.
///
/// Every method is `nonisolated(nonsending)`: it runs on the caller's executor up to the hand-over to the
/// store's thread, so a command on the main actor never stops on the global executor on the way (a cost
/// at start-up), and a store whose connections belong to the caller runs there whole.
package protocol LibraryStore: Sendable {
    /// A human name of where the library lives (a file path, or "memory").
    var location: String { get }
    /// A number that changes when another process (another connection) commits a change; faces poll
    /// it to follow changes made elsewhere.
    nonisolated(nonsending) func externalChangeToken() async throws -> Int64
    /// Closes the library (a later use opens it again); for SQLite this also checkpoints the WAL into
    /// the database file, so the file alone holds every change.
    nonisolated(nonsending) func close() async
    /// Runs `body` with a consistent view of the library; with `thenClose`, then closes the library as
    /// ``close()`` does — the caller's last use — in the same hand-over to the store's thread where it can.
    nonisolated(nonsending)
        func read<T: Sendable>(thenClose: Bool, _ body: @escaping @Sendable (any LibraryReader) throws -> T)
        async throws -> T
    /// Runs `body` as one atomic, durable transaction; nothing is kept if it throws.
    @discardableResult
    nonisolated(nonsending)
        func write<T: Sendable>(_ body: @escaping @Sendable (any LibraryWriter) throws -> T) async throws -> T
    /// Notices of the changes other processes commit, one soon after each commits (several close together
    /// may come as one), for as long as the caller iterates; `nil` when the store cannot push them, and
    /// ``externalChangeToken()`` must be polled instead (SQLite: nothing tells one process of another's
    /// commit).
    nonisolated(nonsending) func externalChangeNotices() async -> AsyncStream<Void>?
    /// Makes this location hold exactly `contents` (`bluelibrary migrate`), all of it or nothing: it must
    /// hold no library yet, or a new one (``LibraryContents/isNewLibrary``), which is replaced.
    /// - Throws: `conflict` naming the location when it holds a library with anything else in it; what
    ///   opening it throws (not a library, a newer schema, unreachable).
    nonisolated(nonsending) func create(from contents: LibraryContents) async throws
}

extension LibraryStore {
    /// Runs `body` with a consistent view of the library.
    nonisolated(nonsending)
        package func read<T: Sendable>(_ body: @escaping @Sendable (any LibraryReader) throws -> T)
        async throws -> T
    {
        try await read(thenClose: false, body)
    }
}

/// Marks the code running inside a store's transaction, so that a call back into the library from
/// there — which would wait for the very transaction it runs in — is caught in debug builds.
package enum LibraryTransaction {
    /// Whether the current task (or a task it started) runs inside a read or write body.
    @TaskLocal package static var isActive = false

    /// Runs a body marked as inside a transaction.
    package static func run<T>(_ body: () throws -> T) rethrows -> T {
        try $isActive.withValue(true, operation: body)
    }

    /// Traps in debug builds when called from inside a transaction body (or a task it started).
    package static func checkNotNested(_ location: String) {
        assert(
            !isActive,
            "the library \(location) was used from inside one of its own transactions; use the reader or writer the transaction hands you"
        )
    }
}

/// Read access to a library inside ``LibraryStore/read(_:)``, by what it keeps: the albums and their
/// order (``AlbumReader``), their tracks (``TrackReader``), the history and the saved state
/// (``HistoryReader``), a music server's catalogue (``CatalogReader``) and its users' data
/// (``UserDataReader``).
package protocol LibraryReader: AlbumReader, TrackReader, HistoryReader, CatalogReader, UserDataReader {
    /// Everything the library holds, row by row (what a migration copies).
    func contents() throws -> LibraryContents
}

/// A change waiting in the outbox to be mirrored to a remote server.
package struct PendingSync: Sendable, Equatable {
    /// The outbox position.
    package var sequence: Int
    /// The idempotency key the remote sees, the same on every retry.
    package var key: String
    /// The effect to mirror.
    package var command: HistoryCommand

    /// Creates an outbox entry.
    package init(sequence: Int, key: String, command: HistoryCommand) {
        self.sequence = sequence
        self.key = key
        self.command = command
    }
}

/// Write access to a library inside ``LibraryStore/write(_:)``, by what it keeps, as ``LibraryReader``.
package protocol LibraryWriter: LibraryReader, AlbumWriter, TrackWriter, HistoryWriter, UserDataWriter {}

/// The error for an album a grouped change expected but the library no longer has.
package func missingAlbum(_ id: AlbumID) -> LibraryError {
    LibraryError(.conflict, "album \(id) is no longer in the library")
}

extension LibraryReader {
    /// The albums matching `query` in its order.
    package func albums(matching query: Query = .all) throws -> [Album] {
        var albums: [Album] = []
        try forEachAlbum(matching: query) { album, _ in albums.append(album) }
        return albums
    }
}

/// The error for an album whose id is already in the library with other fields.
package func conflictingAlbum(_ album: Album) -> LibraryError {
    LibraryError(
        .conflict, "album \(album.id) (\"\(album.title)\") is already in the library with other fields")
}
