import BlueLibraryConcurrency
import BlueLibraryStore
import Synchronization

/// Where a store's connections live, and so where its SQLite work runs.
package enum ConnectionPlacement: Sendable {
    /// Each connection on a thread of its own (a ``BlockingPool`` of one): callers are suspended, never
    /// blocked — what every face that serves while it waits needs (the terminal UI, the web server, sync).
    case ownThreads
    /// The connections belong to the caller, which runs the SQLite work itself: a process that runs one
    /// command on its main actor and exits, where nothing else waits for that actor. No thread starts and
    /// no call is a hand-over between threads — how the sqlite3 shell works (`bluelibrary list` spent a
    /// millisecond, a fifth of its time, handing its one read to a thread and back). Every call must come
    /// from the main actor; one that does not stops the process (in release builds too).
    case caller

    /// The page cache each connection keeps, in KiB (`nil`: SQLite's default of 2 MiB). A connection
    /// that lives on keeps 32 MiB of the library for the reads that follow; a one-command process reads
    /// each page once, where a larger cache only costs its memory's first touch (a third of the sqlite3
    /// shell's time for a listing of 100,000 albums).
    var pageCacheKiB: Int? {
        switch self {
        case .ownThreads: 32768
        case .caller: nil
        }
    }
}

/// A connection and its one owner: a thread of its own, or the caller (see ``ConnectionPlacement``).
final class ConnectionOwner: Sendable {
    /// The owner's thread; `nil` when the connection belongs to the caller.
    private let thread: BlockingPool?
    private let slot: ConnectionSlot

    init(name: String, placement: ConnectionPlacement) {
        slot = ConnectionSlot(pageCacheKiB: placement.pageCacheKiB)
        switch placement {
        case .ownThreads: thread = BlockingPool(threads: 1, name: name)
        case .caller: thread = nil
        }
    }

    /// Whether the connection has been opened (and not closed since).
    var isOpen: Bool { slot.isOpen.load(ordering: .acquiring) }

    /// How many jobs are given to the owner and not yet finished.
    var outstanding: Int { slot.outstanding.load(ordering: .relaxed) }

    /// Counts a job given to the owner before it is run (``ReaderPool/reserve()``).
    func reserve() {
        slot.outstanding.add(1, ordering: .relaxed)
    }

    /// Runs `work` with the connection, on the owner.
    /// - Parameter reserved: whether the job was counted already (``reserve()``).
    nonisolated(nonsending)
        func run<T: Sendable>(
            reserved: Bool = false, _ work: @escaping @Sendable (ConnectionSlot) throws -> T
        )
        async throws -> T
    {
        let slot = slot
        if !reserved { slot.outstanding.add(1, ordering: .relaxed) }
        // Both are settled before the caller resumes, so a close right after sees them.
        let job: @Sendable () throws -> T = {
            defer {
                slot.isOpen.store(slot.connection != nil, ordering: .releasing)
                slot.outstanding.subtract(1, ordering: .releasing)
            }
            return try work(slot)
        }
        guard let thread else {
            MainActor.preconditionIsolated("a connection placed with the caller is used off the main actor")
            return try job()
        }
        return try await thread.run(job)
    }

    nonisolated(nonsending)
        func close() async
    {
        // No connection open and no job on its way that could open one: nothing to close, and no
        // hand-over (a pool never given work does not start its thread; a read that closed its
        // connection leaves none).
        guard isOpen || slot.outstanding.load(ordering: .acquiring) > 0 else { return }
        let slot = slot
        let job: @Sendable () -> Void = {
            slot.connection = nil
            slot.isOpen.store(false, ordering: .releasing)
        }
        guard let thread else {
            MainActor.preconditionIsolated("a connection placed with the caller is closed off the main actor")
            return job()
        }
        await thread.run(job)
    }
}

/// The reader connections of a library, each with its owner (GRDB's `DatabasePool`: one writer, many
/// readers). In WAL mode readers never wait for the writer nor for each other, so reads run side by side,
/// as many as there are cores: a music server is read far more than it is written.
final class ReaderPool: Sendable {
    private let owners: [ConnectionOwner]

    /// `count` readers (one when the connections belong to the caller: a one-command process reads on
    /// its main actor, one read at a time).
    init(count: Int, placement: ConnectionPlacement) {
        let count = placement == .caller ? 1 : max(1, count)
        owners = (0..<count).map { ConnectionOwner(name: "library-reader-\($0)", placement: placement) }
    }

    private let choosing = Mutex(())

    /// The reader for the next read, counted as busy with it at once: the one with the fewest reads in
    /// hand, the first of them when they tie, so a caller that reads one thing at a time keeps to one
    /// connection. Choosing and counting are one step, so reads that choose at the same moment never
    /// all take the same idle reader (they did, and ran one after another, on a loaded machine). Run the
    /// read with `run(reserved: true, …)`.
    func reserve() -> ConnectionOwner {
        choosing.withLock { _ in
            var best = owners[0]
            var least = best.outstanding
            for owner in owners.dropFirst() where least > 0 {
                let load = owner.outstanding
                if load < least { (best, least) = (owner, load) }
            }
            best.reserve()
            return best
        }
    }

    /// Whether any reader's connection is open.
    var isAnyOpen: Bool { owners.contains { $0.isOpen } }

    /// How many readers' connections are open.
    var openCount: Int { owners.count { $0.isOpen } }

    /// How many readers there are.
    var count: Int { owners.count }

    /// Closes every reader's connection.
    nonisolated(nonsending)
        func close() async
    {
        for owner in owners { await owner.close() }
    }
}

/// The connection of one ``ConnectionOwner``.
// @unchecked Sendable: `connection` is only touched by its owner's jobs, one at a time (on the owner's
// single thread, or by the caller on the main actor); `isOpen` and `outstanding` are atomic, for readers
// on other threads.
final class ConnectionSlot: @unchecked Sendable {
    enum Role {
        /// Creates and migrates the file; runs write transactions.
        case writer
        /// Opens a file the writer prepared; refuses to write (`query_only`).
        case reader
    }

    var connection: SQLiteConnection?
    /// The page cache of each connection opened here, in KiB (`nil`: SQLite's default).
    let pageCacheKiB: Int?
    /// Whether `connection` is set (readable from any thread).
    let isOpen = Atomic<Bool>(false)
    /// Jobs given to the owner and not yet finished (readable from any thread).
    let outstanding = Atomic<Int>(0)

    /// The reader's connection, opened on first use when the file already holds the current schema;
    /// `nil` when the writer must create or migrate it first (nothing stays open then).
    /// - Throws: what ``Schema`` finds wrong with the file (not a library, newer, damaged).
    func openReader(path: String, busyTimeout: Int32) throws -> SQLiteConnection? {
        if let connection { return connection }
        let opened = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
        guard try Schema.readIfCurrent(opened) else { return nil }
        try setPageCache(of: opened)
        connection = opened
        return opened
    }

    func open(path: String, busyTimeout: Int32, role: Role) throws -> SQLiteConnection {
        if let connection { return connection }
        let opened = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
        switch role {
        case .writer:
            try Schema.prepare(opened)
            // A statement's journal (what undoes it alone when it fails inside a larger transaction) kept
            // in memory: in a temporary file, an import of 100,000 albums wrote half a million pages to it.
            try opened.execute("PRAGMA temp_store = MEMORY")
        case .reader: try Schema.checkReadable(opened)
        }
        try setPageCache(of: opened)
        connection = opened
        return opened
    }

    init(pageCacheKiB: Int?) {
        self.pageCacheKiB = pageCacheKiB
    }

    private func setPageCache(of connection: SQLiteConnection) throws {
        if let pageCacheKiB { try connection.execute("PRAGMA cache_size = -\(pageCacheKiB)") }
    }
}
