import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryStorage
import Foundation
import Synchronization

/// The one entry point the faces (command line, terminal UI, web UI) use: a Facade over the store (the
/// tutorial's `PersistencyManager`) and the HTTP client, which nothing else touches.
///
/// Every change is one transaction that also records its undo command and saves the current album,
/// then is announced on ``changes``. Reads are consistent snapshots. Safe to use from any thread.
public final class LibraryAPI: Sendable {
    let store: any LibraryStore
    /// The network subsystem, when there is one.
    let httpClient: (any HTTPClient)?
    /// How many undo steps are kept.
    public let historyLimit: Int
    /// Every change to the library, announced after it is committed.
    public let changes = Broadcaster<LibraryChange>()
    /// Where views ask for covers and receive them.
    public let coverCenter: CoverCenter
    let covers: CoverLoader
    private let coverRequests: Subscription
    /// The BlueLibrary server changes are mirrored to (online mode), if any.
    public let remote: String?
    let syncing = Mutex(false)
    private let lastExternalToken = Mutex<Int64?>(nil)

    /// Creates a facade over a store (injectable, for tests and other locations).
    /// - Parameters:
    ///   - store: where albums, history and saved state live.
    ///   - httpClient: the network subsystem (cover downloads and sync); `nil` works offline.
    ///   - coverCache: the disk cache of downloaded covers, if any.
    ///   - coverCenter: the notification centre views use to ask for covers.
    ///   - maximumConcurrentDownloads: how many covers download at once (default 4).
    ///   - historyLimit: how many undo steps to keep (default 100).
    ///   - remote: the base URL of a BlueLibrary server to mirror every change to (the tutorial's
    ///     `isOnline`); changes wait in a durable outbox until it has them.
    package init(
        store: any LibraryStore, httpClient: (any HTTPClient)? = nil, coverCache: CoverCache? = nil,
        coverCenter: CoverCenter = CoverCenter(), maximumConcurrentDownloads: Int = 4,
        historyLimit: Int = 100,
        remote: String? = nil
    ) {
        self.store = store
        self.remote = remote.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.httpClient = httpClient
        self.historyLimit = max(1, historyLimit)
        self.coverCenter = coverCenter
        let covers = CoverLoader(
            cache: coverCache, httpClient: httpClient, maximumConcurrent: maximumConcurrentDownloads)
        self.covers = covers
        // The facade listens for cover requests until it goes away (the observation ends with it).
        coverRequests = coverCenter.requests.observe { [covers] request in
            Task { coverCenter.results.post(await covers.cover(for: request.album)) }
        }
    }

    /// Creates a facade over the SQLite library at `path`, opened on first use.
    /// - Parameter busyTimeout: how long to wait for another process's lock, in milliseconds.
    public convenience init(
        path: String, httpClient: (any HTTPClient)? = nil, coverCache: CoverCache? = nil,
        historyLimit: Int = 100, busyTimeout: Int32 = 5000, remote: String? = nil
    ) {
        self.init(
            store: SQLiteLibraryStore(path: path, busyTimeout: busyTimeout), httpClient: httpClient,
            coverCache: coverCache, historyLimit: historyLimit, remote: remote)
    }

    /// Closes the library's database cleanly (servers call it on shutdown); a later call opens it again.
    public func close() {
        store.close()
    }

    /// Whether changes are mirrored to a remote server (the tutorial's `isOnline`).
    public var isOnline: Bool { remote != nil }

    /// Where the library lives (a file path, or "memory").
    public var location: String { store.location }

    // MARK: Singleton

    private static let sharedInstance = Mutex<LibraryAPI?>(nil)

    /// The shared instance (the tutorial's `sharedInstance`): created lazily and thread-safely on first
    /// use, over the library at the default location, with the real HTTP client and cover cache. ``replaceShared(with:)`` swaps it for tests.
    public static var shared: LibraryAPI {
        sharedInstance.withLock { instance in
            if let instance { return instance }
            let environment = ProcessInfo.processInfo.environment
            let created = LibraryAPI(
                path: LibraryLocation.defaultPath(environment: environment),
                httpClient: URLSessionHTTPClient(),
                coverCache: CoverCache(directory: CoverCache.defaultDirectory(environment: environment)))
            instance = created
            return created
        }
    }

    /// Replaces the shared instance; `nil` makes the next use of ``shared`` create a fresh default one.
    public static func replaceShared(with library: LibraryAPI?) {
        sharedInstance.withLock { $0 = library }
    }

    /// Announces a change of kind `external` when another process (the command line, a web server)
    /// committed a change since the last check. Faces that stay open call it now and then.
    /// - Returns: whether there was such a change.
    @discardableResult
    public func checkForExternalChanges() throws -> Bool {
        let token = try store.externalChangeToken()
        let previous = lastExternalToken.withLock { last in
            defer { last = token }
            return last
        }
        guard let previous, previous != token else { return false }
        changes.post(LibraryChange(kind: .external, effect: nil, state: try state()))
        return true
    }

    // MARK: Reading

    /// How many albums the library holds.
    public func count() throws -> Int {
        try store.read { try $0.count() }
    }

    /// All albums matching `query`, in its order (library order by default).
    public func albums(matching query: Query = .all) throws -> [Album] {
        try store.read { try $0.albums(matching: query) }
    }

    /// Streams the albums matching `query` with their library indexes, without building an array.
    public func forEachAlbum(matching query: Query = .all, _ body: (Album, Int) throws -> Void) throws {
        try store.read { reader in try reader.forEachAlbum(matching: query, body) }
    }

    /// The listing fast path: streams the matching albums' fields without building `Album` values.
    /// The source is valid only during the call.
    public func forEachRecord(
        matching query: Query = .all, _ body: (any AlbumFieldSource, Int) throws -> Void
    ) throws {
        try store.read { reader in try reader.forEachRecord(matching: query, body) }
    }

    /// The album at `index`.
    /// - Throws: `notFound` — "no album at index 7 (the library has 5)".
    public func album(at index: Int) throws -> Album {
        try locate(.index(index)).album
    }

    /// The album an index or id refers to, with its index.
    /// - Throws: `notFound` naming the reference.
    public func locate(_ reference: AlbumReference) throws -> (album: Album, index: Int) {
        try store.read { try Self.locate(reference, in: $0) }
    }

    static func locate(_ reference: AlbumReference, in reader: any LibraryReader) throws -> (
        album: Album, index: Int
    ) {
        switch reference {
        case .index(let index):
            guard let album = try reader.album(at: index) else {
                let count = try reader.count()
                let size = count == 0 ? "the library is empty" : "the library has \(count)"
                throw LibraryError(.notFound, "no album at index \(index) (\(size))")
            }
            return (album, index)
        case .id(let id):
            guard let found = try reader.locate(id) else {
                throw LibraryError(.notFound, "no album with id \(id)")
            }
            return found
        }
    }

    /// The library's state: the current album, the count, and whether undo and redo are possible.
    public func state() throws -> LibraryState {
        try store.read { try Self.state(in: $0) }
    }

    /// The current album and its index (the restored memento), or `nil` when the library is empty.
    public func currentAlbum() throws -> (album: Album, index: Int)? {
        try store.read { reader in
            guard let current = try Self.resolveCurrent(in: reader) else { return nil }
            return try reader.album(at: current.index).map { ($0, current.index) }
        }
    }

    static func state(in reader: any LibraryReader) throws -> LibraryState {
        LibraryState(
            current: try resolveCurrent(in: reader), count: try reader.count(),
            canUndo: try reader.historyCount(.undo) > 0, canRedo: try reader.historyCount(.redo) > 0)
    }

    /// The saved current album, found by id; when it is gone, the album now at its saved index,
    /// clamped into range; the first album when nothing was saved.
    static func resolveCurrent(in reader: any LibraryReader, preferring preferred: AlbumID? = nil) throws
        -> CurrentAlbum?
    {
        let saved = try reader.savedCurrent()
        for id in [preferred, saved?.id].compactMap({ $0 }) {
            if let (_, index) = try reader.locate(id) { return CurrentAlbum(id: id, index: index) }
        }
        let count = try reader.count()
        guard count > 0 else { return nil }
        let index = min(max(saved?.index ?? 0, 0), count - 1)
        return try reader.album(at: index).map { CurrentAlbum(id: $0.id, index: index) }
    }
}
