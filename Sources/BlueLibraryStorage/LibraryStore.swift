import BlueLibraryCore

/// Where a library keeps its albums, its undo/redo history and its saved state (the tutorial's
/// `PersistencyManager`, made durable).
///
/// All access goes through ``read(_:)`` and ``write(_:)``: a write runs as one transaction, so a
/// mutation, its history entry and the saved current album are committed together or not at all.
/// Two implementations honour one contract (see `LibraryStoreContractTests`): ``SQLiteLibraryStore``
/// and the in-memory twin ``InMemoryLibraryStore``.
package protocol LibraryStore: Sendable {
    /// A human name of where the library lives (a file path, or "memory").
    var location: String { get }
    /// A number that changes when another process (another connection) commits a change; faces poll
    /// it to follow changes made elsewhere. The in-memory store has no other process and keeps it at 0.
    func externalChangeToken() throws -> Int64
    /// Closes the library (a later use opens it again).
    func close()
    /// Runs `body` with a consistent view of the library.
    func read<T: Sendable>(_ body: (any LibraryReader) throws -> T) throws -> T
    /// Runs `body` as one atomic, durable transaction; nothing is kept if it throws.
    @discardableResult
    func write<T: Sendable>(_ body: (any LibraryWriter) throws -> T) throws -> T
}

/// Read access to a library inside ``LibraryStore/read(_:)``.
package protocol LibraryReader {
    /// How many albums there are.
    func count() throws -> Int
    /// The album at `index`, or `nil` when out of range.
    func album(at index: Int) throws -> Album?
    /// The album with `id` and its index, or `nil`.
    func locate(_ id: AlbumID) throws -> (album: Album, index: Int)?
    /// Calls `body` with each album matching `query` and its library index, in the query's order.
    func forEachAlbum(matching query: Query, _ body: (Album, Int) throws -> Void) throws
    /// Like ``forEachAlbum(matching:_:)``, but hands out the fields without building an `Album`; the
    /// source is valid only during the call.
    func forEachRecord(matching query: Query, _ body: (any AlbumFieldSource, Int) throws -> Void) throws
    /// How many commands are on one side of the history.
    func historyCount(_ side: HistorySide) throws -> Int
    /// The saved current album, if any.
    func savedCurrent() throws -> CurrentAlbum?
    /// The oldest changes waiting to be sent to the remote server, oldest first.
    func pendingSync(limit: Int) throws -> [PendingSync]
}

/// A change waiting in the outbox to be mirrored to a remote server.
package struct PendingSync: Sendable, Equatable {
    /// The outbox position.
    package var sequence: Int
    /// The idempotency key the remote sees, the same on every retry.
    package var key: String
    /// The effect to mirror.
    package var command: HistoryCommand
}

/// Write access to a library inside ``LibraryStore/write(_:)``.
package protocol LibraryWriter: LibraryReader {
    /// Inserts `album` at `index` (which must be within `0...count`).
    /// - Throws: `conflict` when an album with the same id exists.
    func insert(_ album: Album, at index: Int) throws
    /// Removes and returns the album at `index`, or `nil` when out of range.
    func remove(at index: Int) throws -> Album?
    /// Replaces the album that has `album.id`; returns its index, or `nil` when there is none.
    func replace(_ album: Album) throws -> Int?
    /// Appends albums at the end, in order, skipping any whose id is already present with identical
    /// fields (so an export restores into a library that shares albums with it).
    /// - Returns: how many albums were added.
    /// - Throws: `conflict` naming the first album whose id is present with other fields.
    @discardableResult
    func append(_ albums: [Album]) throws -> Int
    /// Pushes a command on one side of the history, dropping the oldest beyond `limit`.
    func push(_ command: HistoryCommand, on side: HistorySide, limit: Int) throws
    /// Removes and returns the newest command of one side.
    func pop(_ side: HistorySide) throws -> HistoryCommand?
    /// Empties one side of the history.
    func clearHistory(_ side: HistorySide) throws
    /// Saves the current album (the memento), or clears it.
    func saveCurrent(_ current: CurrentAlbum?) throws
    /// Puts a change in the outbox, in the same transaction as the change itself.
    func enqueueSync(_ command: HistoryCommand, key: String) throws
    /// Removes a change from the outbox once the remote has it.
    func removeSync(_ sequence: Int) throws
}

extension LibraryReader {
    /// Builds each album: stores without a faster path use this.
    package func forEachRecord(matching query: Query, _ body: (any AlbumFieldSource, Int) throws -> Void)
        throws
    {
        try forEachAlbum(matching: query) { album, index in try body(album, index) }
    }

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
