import BlueLibraryCore
import BlueLibrarySQLite
import BlueLibraryStore
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
/// store runs the blocking SQLite work on its own threads, and the caller is suspended meanwhile (the
/// reading verbs' ``OneReadLibrary`` is the one exception: its main actor runs that work itself). The reads and
/// ``close()`` are `nonisolated(nonsending)`, as the store's are: a caller on the main actor hands over
/// to the store's thread and back, without a stop on the global executor.
package final class LibraryAPI: LibraryReading {
    package let store: any LibraryStore
    /// How many undo steps are kept.
    package let historyLimit: Int
    /// Every change to the library, announced after it is committed.
    package let changes = Broadcaster<LibraryChange>()
    /// The id of every user whose own data (stars, ratings, plays, playlists, play queue) a change through
    /// this facade touched, announced after it is committed — so their open pages follow their phones.
    package let personalChanges = Broadcaster<String>()
    /// Whether every change is also put in the outbox for a remote server (the tutorial's `isOnline`);
    /// ``SyncService`` sends it.
    package let isOnline: Bool
    private let lastSequence = Atomic<UInt64>(0)
    private let lastExternalToken = Mutex<Int64?>(nil)
    /// The most frequent reads, kept until the library changes (``ReadCache``).
    package let readCache: ReadCache? = ReadCache()
    /// What runs after each recorded step, before the step's caller goes on (``afterEachStep(_:)``).
    private let stepFollower = Mutex<(@Sendable (LibraryChange) async -> Void)?>(nil)

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

    /// Announces a committed change on ``changes``, after dropping the reads kept from before it.
    func announce(_ change: LibraryChange) {
        readCache?.drop()
        changes.post(change)
    }

    /// Sets what runs after each change that may be recorded in the history (an add, a delete, an edit,
    /// a modify, an import, a scan, an undo or a redo; not a selection), awaited before the change's
    /// caller goes on — where a face's composition puts what follows the library's fields outside it
    /// (the tags written on edit, ``TagWriteOnEdit``).
    package func afterEachStep(_ follower: (@Sendable (LibraryChange) async -> Void)?) {
        stepFollower.withLock { $0 = follower }
    }

    /// Announces a recorded step, then runs its follower.
    func finish(_ change: LibraryChange) async {
        announce(change)
        if let follower = stepFollower.withLock({ $0 }) { await follower(change) }
    }

    /// Creates a facade over the SQLite library at `path`, opened on first use, whose connections have
    /// threads of their own.
    /// - Parameter busyTimeout: how long to wait for another process's lock, in milliseconds.
    package convenience init(
        path: String, historyLimit: Int = 100, busyTimeout: Int32 = 5000, isOnline: Bool = false
    ) {
        self.init(
            store: SQLiteLibraryStore(path: path, busyTimeout: busyTimeout), historyLimit: historyLimit,
            isOnline: isOnline)
    }

    /// Closes the library's database cleanly, so the file alone holds every change (the faces call it
    /// when they stop); a later call opens it again.
    nonisolated(nonsending)
        package func close() async
    {
        await store.close()
    }

    /// Writes a consistent copy of the library to a new SQLite file at `path` while it stays in use: a
    /// SQLite library through SQLite's online backup (a copy of `library.db` alone could miss changes
    /// still in its WAL), any other from one snapshot of its contents.
    package func backup(to path: String) async throws {
        if let file = store as? SQLiteLibraryStore {
            try await file.backup(to: path)
        } else {
            let contents = try await store.read { try $0.contents() }
            try await SQLiteLibraryStore(path: path).replaceFile(with: contents)
        }
    }

    /// Where the library lives (a file path, or "memory").
    package var location: String { store.location }

    // MARK: Singleton

    private static let sharedInstance = Mutex<LibraryAPI?>(nil)

    /// The shared instance (the tutorial's `sharedInstance`): created lazily and thread-safely on first
    /// use, over the library at the default location (`BLUELIBRARY_HOME`, XDG, `~/.local/share`) with
    /// the busy timeout of `BLUELIBRARY_BUSY_TIMEOUT_MS`. The command line uses it whenever no
    /// `--library` or `--remote` asks for another one and the verb does more than read (a reading verb
    /// uses a ``OneReadLibrary``); ``replaceShared(with:)`` swaps it for tests.
    package static var shared: LibraryAPI {
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
    package static func replaceShared(with library: LibraryAPI?) {
        sharedInstance.withLock { $0 = library }
    }

    // MARK: Changes

    /// Announces a change of kind `external` when another process (the command line, a web server)
    /// committed a change since the last check. ``ExternalChangeWatcher`` calls it now and then.
    /// - Returns: the change announced, or `nil` when there was none.
    @discardableResult
    package func checkForExternalChanges() async throws -> LibraryChange? {
        let token = try await store.externalChangeToken()
        let previous = lastExternalToken.withLock { last in
            defer { last = token }
            return last
        }
        guard let previous, previous != token else { return nil }
        return try await announceExternalChange()
    }

    /// Announces a change of kind `external`, with the state now: another process committed a change
    /// (the store said so: ``externalChangeNotices()``).
    @discardableResult
    public func announceExternalChange() async throws -> LibraryChange {
        let sequence = nextSequence()
        let change = LibraryChange(
            kind: .external, effect: nil, state: try await store.read { try $0.state() }, sequence: sequence)
        announce(change)
        return change
    }

    /// The notices of changes other processes commit, when the store can push them (PostgreSQL); `nil`
    /// when they must be polled (``checkForExternalChanges()``, SQLite).
    public func externalChangeNotices() async -> AsyncStream<Void>? {
        await store.externalChangeNotices()
    }

    /// The number of the next change: increasing in the order changes are committed (it is taken
    /// inside each write transaction, and write transactions run one at a time).
    func nextSequence() -> UInt64 {
        lastSequence.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
