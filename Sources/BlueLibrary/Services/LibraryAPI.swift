import BlueLibraryCore
import BlueLibraryScanner
import BlueLibraryStorage
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The one entry point the faces (command line, terminal UI, web UI) use to reach the library: a
/// Facade over the store (the tutorial's `PersistencyManager`), which nothing else touches. It knows
/// albums, their undo/redo history and the current album — nothing else: covers (``CoverService``)
/// and sync to a remote server (``SyncService``) are services of their own, composed beside it at the
/// root of each face.
///
/// Every change is one transaction that also records its undo command and saves the current album,
/// then is announced on ``changes``. Reads are consistent snapshots. Every method is `async`: the
/// store runs the blocking SQLite work on its own threads, and the caller is suspended meanwhile (a
/// facade made `forOneRead` is the one exception: its main actor runs that work itself). The reads and
/// ``close()`` are `nonisolated(nonsending)`, as the store's are: a caller on the main actor hands over
/// to the store's thread and back, without a stop on the global executor.
public final class LibraryAPI: Sendable {
    let store: any LibraryStore
    /// How many undo steps are kept.
    public let historyLimit: Int
    /// Every change to the library, announced after it is committed.
    public let changes = Broadcaster<LibraryChange>()
    /// Whether every change is also put in the outbox for a remote server (the tutorial's `isOnline`);
    /// ``SyncService`` sends it.
    public let isOnline: Bool
    private let lastSequence = Atomic<UInt64>(0)
    private let lastExternalToken = Mutex<Int64?>(nil)

    /// Creates a facade over a store (injectable, for tests and other locations).
    /// - Parameters:
    ///   - store: where albums, history and saved state live.
    ///   - historyLimit: how many undo steps to keep (default 100).
    ///   - isOnline: whether each change also goes into the outbox for a remote server, in the same
    ///     transaction as the change.
    package init(store: any LibraryStore, historyLimit: Int = 100, isOnline: Bool = false) {
        self.store = store
        self.historyLimit = max(1, historyLimit)
        self.isOnline = isOnline
    }

    /// Creates a facade over the SQLite library at `path`, opened on first use.
    /// - Parameters:
    ///   - busyTimeout: how long to wait for another process's lock, in milliseconds.
    ///   - forOneRead: the caller is a process that makes only reads (the methods below marked
    ///     `nonisolated(nonsending)`), all from its main actor, and then exits: the library's connections
    ///     then belong to the main actor, which runs the SQLite work itself, with no thread to start and
    ///     no hand-over — how the command line's reading verbs start as fast as the sqlite3 shell.
    ///     Faces that serve while they wait keep the default (threads of the store's own). Any other
    ///     use of such a facade (a write, a read off the main actor) stops the process.
    package convenience init(
        path: String, historyLimit: Int = 100, busyTimeout: Int32 = 5000, isOnline: Bool = false,
        forOneRead: Bool = false
    ) {
        self.init(
            store: SQLiteLibraryStore(
                path: path, busyTimeout: busyTimeout, placement: forOneRead ? .caller : .ownThreads),
            historyLimit: historyLimit, isOnline: isOnline)
    }

    /// Closes the library's database cleanly, so the file alone holds every change (the faces call it
    /// when they stop); a later call opens it again.
    nonisolated(nonsending)
        public func close() async
    {
        await store.close()
    }

    /// Writes a consistent copy of the library to a new database file at `path` while it stays in use
    /// (SQLite's online backup): a copy of `library.db` alone could miss changes still in its WAL.
    public func backup(to path: String) async throws {
        try await store.backup(to: path)
    }

    /// Where the library lives (a file path, or "memory").
    public var location: String { store.location }

    // MARK: Singleton

    private static let sharedInstance = Mutex<LibraryAPI?>(nil)

    /// The shared instance (the tutorial's `sharedInstance`): created lazily and thread-safely on first
    /// use, over the library at the default location (`BLUELIBRARY_HOME`, XDG, `~/.local/share`) with
    /// the busy timeout of `BLUELIBRARY_BUSY_TIMEOUT_MS`. The command line uses it whenever no
    /// `--library` or `--remote` asks for another one and the verb does more than read (a reading verb
    /// opens the library for one read, see ``init(path:historyLimit:busyTimeout:isOnline:forOneRead:)``);
    /// ``replaceShared(with:)`` swaps it for tests.
    public static var shared: LibraryAPI {
        sharedInstance.withLock { instance in
            if let instance { return instance }
            let environment = ProcessEnvironment.current()
            let created = LibraryAPI(
                path: LibraryLocation.defaultPath(environment: environment),
                busyTimeout: LibraryLocation.busyTimeout(environment: environment))
            instance = created
            return created
        }
    }

    /// Replaces the shared instance; `nil` makes the next use of ``shared`` create a fresh default one.
    public static func replaceShared(with library: LibraryAPI?) {
        sharedInstance.withLock { $0 = library }
    }

    // MARK: Changes

    /// Announces a change of kind `external` when another process (the command line, a web server)
    /// committed a change since the last check. ``ExternalChangeWatcher`` calls it now and then.
    /// - Returns: the change announced, or `nil` when there was none.
    @discardableResult
    public func checkForExternalChanges() async throws -> LibraryChange? {
        let token = try await store.externalChangeToken()
        let previous = lastExternalToken.withLock { last in
            defer { last = token }
            return last
        }
        guard let previous, previous != token else { return nil }
        let sequence = nextSequence()
        let change = LibraryChange(
            kind: .external, effect: nil, state: try await store.read { try $0.state() }, sequence: sequence)
        changes.post(change)
        return change
    }

    /// The number of the next change: increasing in the order changes are committed (it is taken
    /// inside each write transaction, and write transactions run one at a time).
    func nextSequence() -> UInt64 {
        lastSequence.wrappingAdd(1, ordering: .relaxed).newValue
    }

    // MARK: Reading

    /// How many albums the library holds.
    nonisolated(nonsending)
        public func count() async throws -> Int
    {
        try await store.read { try $0.count() }
    }

    /// All albums matching `query`, in its order (library order by default).
    nonisolated(nonsending)
        public func albums(matching query: Query = .all) async throws -> [Album]
    {
        try await store.read { try $0.albums(matching: query) }
    }

    /// Streams the albums matching `query` with their library indexes, without building an array.
    /// `body` runs on the store's thread (for a facade made `forOneRead`, on the main actor), inside one
    /// read transaction.
    nonisolated(nonsending)
        public func forEachAlbum(
            matching query: Query = .all, _ body: @escaping @Sendable (Album, Int) throws -> Void
        ) async throws
    {
        try await store.read { reader in try reader.forEachAlbum(matching: query, body) }
    }

    /// The listing fast path: streams the matching albums' fields without building `Album` values, in
    /// one read transaction (one hand-over to the store's thread, however long the list).
    ///
    /// `start` runs first, in the same transaction, with what a listing needs before its first row —
    /// how many albums the library holds (the width of the index column) and, when `withCurrent`, the
    /// current album's index (its mark) — and returns the function that renders each matching album with
    /// its library index. Both run on the store's thread (for a facade made `forOneRead`, on the main
    /// actor); a source is valid only during its call.
    ///
    /// With `thenClose` the listing is the caller's last use of the library, which is closed as
    /// ``close()`` does, in the same hand-over (a command line that only lists pays for one, not two).
    nonisolated(nonsending)
        public func forEachRecord(
            matching query: Query = .all, withCurrent: Bool = false, thenClose: Bool = false,
            start:
                @escaping @Sendable (_ count: Int, _ current: Int?) -> (any AlbumFieldSource, Int) throws ->
                Void
        ) async throws
    {
        try await store.read(thenClose: thenClose) { reader in
            let current = withCurrent ? try reader.resolveCurrent()?.index : nil
            try reader.forEachRecord(matching: query, start(try reader.count(), current))
        }
    }

    /// The albums matching `query` in its order, with their library indexes: from the `offset`-th
    /// match, at most `limit` of them (a page of a long list).
    nonisolated(nonsending)
        public func indexedAlbums(matching query: Query = .all, offset: Int = 0, limit: Int = .max)
        async throws
        -> [(album: Album, index: Int)]
    {
        try await store.read { reader in
            var page: [(album: Album, index: Int)] = []
            try reader.forEachAlbum(matching: query, offset: offset, limit: limit) { page.append(($0, $1)) }
            return page
        }
    }

    /// The album at `index`.
    /// - Throws: `notFound` — "no album at index 7 (the library has 5)".
    nonisolated(nonsending)
        public func album(at index: Int) async throws -> Album
    {
        try await locate(.index(index)).album
    }

    /// The album an index or id refers to, with its index.
    /// - Throws: `notFound` naming the reference.
    nonisolated(nonsending)
        public func locate(_ reference: AlbumReference) async throws -> (album: Album, index: Int)
    {
        try await store.read { try $0.locate(reference) }
    }

    /// The library's state: the current album, the count, and whether undo and redo are possible.
    nonisolated(nonsending)
        public func state() async throws -> LibraryState
    {
        try await store.read { try $0.state() }
    }

    /// The current album and its index (the restored memento), or `nil` when the library is empty.
    nonisolated(nonsending)
        public func currentAlbum() async throws -> (album: Album, index: Int)?
    {
        try await store.read { try $0.currentAlbum() }
    }

    /// The album's tracks in album order (none for an album typed by hand).
    nonisolated(nonsending)
        public func tracks(of album: AlbumID) async throws -> [Track]
    {
        try await store.read { try $0.tracks(of: album) }
    }

    /// The track with `id` (any spelling of its UUID), wherever its album is.
    /// - Throws: `notFound` — "no track with id …" — when `id` is not a track id or no track has it.
    public func track(id: String) async throws -> Track {
        let missing = LibraryError(.notFound, "no track with id \(id.prefix(60))")
        guard let trackID = TrackID(id) else { throw missing }
        guard let stored = try await store.read({ try $0.track(trackID.rawValue) }) else { throw missing }
        return stored.track
    }

    /// Counts albums, artists, genres and years.
    nonisolated(nonsending)
        public func statistics() async throws -> LibraryStatistics
    {
        try await store.read { try $0.statistics() }
    }

    /// The albums matching `query` and their state, read in one snapshot (what a screen shows).
    nonisolated(nonsending)
        public func snapshot(matching query: Query = .all) async throws -> (
            albums: [Album], state: LibraryState
        )
    {
        try await store.read { reader in (try reader.albums(matching: query), try reader.state()) }
    }
}
