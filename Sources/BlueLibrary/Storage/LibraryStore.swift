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
    /// Writes a consistent copy of the whole library to a new database file at `path` (atomically:
    /// `path` appears complete or not at all), while the library stays in use.
    nonisolated(nonsending) func backup(to path: String) async throws
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

/// Read access to a library inside ``LibraryStore/read(_:)``: the albums here, a music server's catalogue
/// (``CatalogReader``) and its users' data (``UserDataReader``) beside them.
package protocol LibraryReader: CatalogReader, UserDataReader {
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
    /// Like ``forEachAlbum(matching:_:)``, but only a window of the matches: from the `offset`-th (0 is
    /// the first), at most `limit` of them (a page of a long list; SQLite skips the rest in its query).
    func forEachAlbum(
        matching query: Query, offset: Int, limit: Int, _ body: (Album, Int) throws -> Void) throws
    /// How many albums match `query`.
    func count(matching query: Query) throws -> Int
    /// How many commands are on one side of the history.
    func historyCount(_ side: HistorySide) throws -> Int
    /// The saved current album, if any.
    func savedCurrent() throws -> CurrentAlbum?
    /// The oldest changes waiting to be sent to the remote server, oldest first.
    func pendingSync(limit: Int) throws -> [PendingSync]
    /// How many changes wait to be sent to the remote server.
    func pendingSyncCount() throws -> Int
    /// The album's tracks in album order (none for an album typed by hand).
    func tracks(of album: AlbumID) throws -> [Track]
    /// The stored track with `id`, if any (the web serves its file).
    func track(_ id: String) throws -> StoredTrack?
    /// Every stored track whose file lies under the folder `root` (what a rescan of it compares with).
    func storedTracks(under root: String) throws -> [StoredTrack]
    /// How many tracks of the library's albums have their file under the folder `root`.
    func trackCount(under root: String) throws -> Int
    /// The albums, in the library or deleted, that have a track under `root`.
    func scanOrigins(under root: String) throws -> [ScanOrigin]
    /// The album in the library whose track has its file at `path`, if any.
    func albumOfTrack(at path: String) throws -> AlbumID?
    /// Everything the library holds, row by row (what a migration copies).
    func contents() throws -> LibraryContents

    // Browsing: sorted windows, groups and sections of long lists (SQLiteAlbums+Browse.swift,
    // PostgresAlbums+Browse.swift).

    /// Like ``forEachAlbum(matching:offset:limit:_:)``, but only the albums in `group` (all when `nil`),
    /// in `order` (library order breaks ties).
    func forEachAlbum(
        matching query: Query, in group: AlbumGroup?, order: AlbumOrder, offset: Int, limit: Int,
        _ body: (Album, Int) throws -> Void) throws
    /// How many albums match `query` and are in `group` (all when `nil`).
    func count(matching query: Query, in group: AlbumGroup?) throws -> Int
    /// How many of those albums each first character of their folded `field` (title, artist or genre)
    /// begins, in the field's order.
    func initialCounts(of field: AlbumField, matching query: Query, in group: AlbumGroup?) throws
        -> [(initial: String, count: Int)]
    /// How many of those albums each decade (1990 for 1990–1999) holds, newest first, those without a
    /// year (`nil`) last.
    func decadeCounts(matching query: Query, in group: AlbumGroup?) throws -> [(decade: Int?, count: Int)]
    /// A window of the groups of albums by `field` (one per folded value, in folded order), each with how
    /// many albums it has and named by the first of its spellings in byte order (capitals first).
    func groups(by field: AlbumGroup.Field, offset: Int, limit: Int) throws -> [(name: String, count: Int)]
    /// How many groups of albums by `field` there are.
    func groupCount(by field: AlbumGroup.Field) throws -> Int
    /// How many groups by `field` each first character of their folded value begins, in order.
    func groupInitialCounts(by field: AlbumGroup.Field) throws -> [(initial: String, count: Int)]
    /// Calls `body` with a window of the tracks `query` matches — a bare word, `track:` and
    /// `trackartist:` match a track's own title and artist, album fields its album's — each with its
    /// album, in library order and then album order.
    func forEachTrack(
        matching query: Query, offset: Int, limit: Int, _ body: (Track, Album) throws -> Void) throws
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

/// Write access to a library inside ``LibraryStore/write(_:)``: the albums here, users' data
/// (``UserDataWriter``) beside them.
package protocol LibraryWriter: LibraryReader, UserDataWriter {
    /// Inserts `album` at `index` (which must be within `0...count`).
    /// - Throws: `conflict` when an album with the same id exists.
    func insert(_ album: Album, at index: Int) throws
    /// Deletes and returns the album at `index`, or `nil` when out of range. The store keeps what it
    /// needs to bring the album back whole (``restore(_:at:)``): its row, its tracks, its link to its
    /// files; a rescan of its folder leaves it out.
    func remove(at index: Int) throws -> Album?
    /// Brings a deleted album back at `index` (within `0...count`), exactly as it was deleted.
    /// - Returns: the album, or `nil` when the store kept nothing of one with `id`.
    /// - Throws: `conflict` when an album with `id` is in the library.
    func restore(_ id: AlbumID, at index: Int) throws -> Album?
    /// Applies an edit field by field: a field changes only while it holds the edit's `before` value
    /// (otherwise another step changed it since, and it is left alone); the marks of edited-by-hand
    /// fields follow the edit.
    /// - Returns: the edit as it applied (its changes may be fewer), or `nil` when the album is not in
    ///   the library.
    func applyEdit(_ edit: AlbumEdit) throws -> AlbumEdit?
    /// Appends albums at the end, in order, skipping any whose id is already present with the same
    /// fields (``Album/hasSameFields(as:)``: an export restores into a library that shares albums with it).
    /// - Returns: the albums added, in order (they now end the library).
    /// - Throws: `conflict` naming the first album whose id is present with other fields.
    @discardableResult
    func append(_ albums: [Album]) throws -> [Album]
    /// Deletes the albums with these ids, as ``remove(at:)`` does.
    /// - Returns: each with the index it had, in decreasing index order (so restoring them in reverse
    ///   order puts every one back in its place).
    /// - Throws: `conflict` naming the first album that is not in the library (nothing is removed).
    func removeAll(_ ids: [AlbumID]) throws -> [(album: Album, index: Int)]
    /// Writes an album's fields (and its track count and length) as a scan found them: nothing is
    /// marked as edited by hand, and the album remembers the scan group it came from.
    func saveScanned(_ album: Album, source: String) throws
    /// Replaces the album's tracks with `tracks` (a rescan of its files).
    func replaceTracks(of album: AlbumID, with tracks: [StoredTrack]) throws
    /// Forgets the tracks whose files are gone.
    func removeTracks(paths: [String]) throws
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
