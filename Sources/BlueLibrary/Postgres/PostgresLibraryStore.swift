import BlueLibraryCore
import BlueLibraryStore
import Synchronization

/// A library kept in PostgreSQL: what many `serve` processes share, each holding nothing another needs,
/// so any of them may stop — or die — and the others carry on (SQLite stays the default: one process, one
/// file, nothing to set up).
///
/// Like the SQLite store it has a connection for writes and connections for reads, each owned by a
/// thread of its own (``PostgresConnection``), opened on first use; a body runs on that thread, inside one
/// transaction, while the caller is suspended. Reads are `REPEATABLE READ READ ONLY` snapshots, which never
/// wait for a writer; up to `readers` run side by side. Writes are `READ COMMITTED` transactions whose
/// first statement raises the counter in the `bluelibrary` row — a row lock every writer of every server
/// takes first, so write transactions run one at a time across all of them, each seeing everything
/// committed before it: an edit is never lost to a concurrent one, and a library index means the same
/// to the writer that computes it and the one that follows. The lock goes with the transaction: a server
/// killed in the middle of one holds nothing (the server rolls its transaction back).
///
/// Each write sends a NOTIFY as it commits, so the other servers hear of it within milliseconds
/// (``externalChangeNotices()``). A connection that breaks — the server restarted, a standby was promoted
/// — is dropped and the next use opens another (a URL may name several hosts, with
/// `target_session_attrs=read-write`, to find the new primary). A read that lost its connection is run
/// again on a new one; a write only when it had not yet sent its COMMIT, so a write acknowledged is a
/// write committed, and a write whose commit went unanswered says so.
package final class PostgresLibraryStore: LibraryStore {
    /// The server and database, as messages name them (without the password).
    package let location: String
    private let url: String
    private let bucketCapacity: Int
    private let writer: PostgresLink
    private let readers: [PostgresLink]
    private let nextReader = Atomic<Int>(0)
    /// This store's mark on its NOTIFYs, so its own commits are not taken for another process's.
    private let origin = AlbumID.random().rawValue

    /// A store for the library at `url` (a `postgresql://` URL or a libpq connection string), connected
    /// on first use. A password typed with `/`, `@` or a stray `%` in the URL is read as meant
    /// (``PostgresTarget/normalized(_:)``).
    /// - Parameters:
    ///   - readers: how many reads may run at once (each on a connection of its own).
    ///   - bucketCapacity: albums per bucket of positions (tests make it small to split and merge often).
    /// - Throws: ``LibraryError`` `usage` when `url` is neither (checked before anything connects).
    package init(url given: String, readers: Int = 4, bucketCapacity: Int = 256) throws {
        let url = PostgresTarget.normalized(given)
        let location: String
        do {
            location = try PostgresConnection.displayTarget(of: url)
        } catch {
            throw error.libraryError
        }
        self.location = location
        self.url = url
        self.bucketCapacity = bucketCapacity
        writer = PostgresLink(url: url, location: location)
        self.readers = (0..<max(1, readers)).map { _ in
            PostgresLink(url: url, location: location)
        }
    }

    /// The channel every write notifies when it commits.
    static let channel = "bluelibrary"

    /// The schema version this build writes (and the newest it opens).
    package static var schemaVersion: Int { PostgresSchema.latestVersion }

    nonisolated(nonsending)
        package func read<T: Sendable>(
            thenClose: Bool, _ body: @escaping @Sendable (any LibraryReader) throws -> T
        ) async throws -> T
    {
        LibraryTransaction.checkNotNested(location)
        let (location, capacity) = (location, bucketCapacity)
        let link = readers[nextReader.wrappingAdd(1, ordering: .relaxed).oldValue % readers.count]
        let result = try await run(on: link) { connection, _ in
            try await connection.transaction(.readOnly) { session in
                try LibraryTransaction.run {
                    try body(PostgresAlbums(session, location: location, bucketCapacity: capacity))
                }
            }
        }
        if thenClose { await close() }
        return result
    }

    @discardableResult
    nonisolated(nonsending)
        package func write<T: Sendable>(_ body: @escaping @Sendable (any LibraryWriter) throws -> T)
        async throws -> T
    {
        LibraryTransaction.checkNotNested(location)
        let (location, capacity, origin) = (location, bucketCapacity, origin)
        return try await run(on: writer) { connection, progress in
            try await connection.transaction(.readCommitted) { session in
                // The writers' turn: this row stays locked until the transaction ends.
                _ = try session.query("UPDATE bluelibrary SET changes = changes + 1")
                let result = try LibraryTransaction.run {
                    try body(PostgresAlbums(session, location: location, bucketCapacity: capacity))
                }
                _ = try session.query("SELECT pg_notify($1, $2)", [.text(Self.channel), .text(origin)])
                progress.markCommitting()
                return result
            }
        }
    }

    /// How many round trips to the server the reads have cost, over the reader connections open now: what
    /// a read costs is the difference before and after it.
    package func readRoundTrips() async throws -> Int {
        var trips = 0
        for link in readers {
            if let connection = await link.openConnection { trips += try await connection.roundTrips() }
        }
        return trips
    }

    /// Runs `work` with `link`'s connection, mapping what PostgreSQL throws to ``LibraryError``s. When the
    /// connection was lost, it is dropped, and `work` runs once more on a new one — unless it had marked
    /// its progress as committing (its COMMIT may have reached the server: running it again could apply
    /// it twice).
    nonisolated(nonsending)
        private func run<T: Sendable>(
            on link: PostgresLink, _ work: (PostgresConnection, WorkProgress) async throws -> T
        ) async throws -> T
    {
        var tries = 0
        while true {
            tries += 1
            let progress = WorkProgress()
            var connection: PostgresConnection?
            do {
                let open = try await link.connection()
                connection = open
                return try await work(open, progress)
            } catch let error as PostgresError {
                let lost = error.code == .connectionLost || error.code == .closed
                if lost, let connection { await link.drop(connection) }
                if lost, connection != nil, tries == 1, !progress.isCommitting { continue }
                if lost, progress.isCommitting {
                    throw LibraryError(
                        .unavailable,
                        "lost the connection to \(location) while committing a change; it may or may not have been saved",
                        cause: error)
                }
                throw libraryError(error)
            }
        }
    }

    /// What PostgreSQL threw as the library's error: a server that cannot be used keeps its one line; a
    /// statement's failure names the library.
    private func libraryError(_ error: PostgresError) -> LibraryError {
        var mapped = error.libraryError
        if error.code == .statement || error.code == .invalidValue || error.code == .uniqueViolation {
            mapped.message = "library \(location): \(error.message)"
        }
        return mapped
    }

    /// The number of write transactions the library has committed, this process's too (a face that
    /// follows PostgreSQL listens instead: ``externalChangeNotices()``).
    nonisolated(nonsending)
        package func externalChangeToken() async throws -> Int64
    {
        let link = readers[0]
        return Int64(
            try await run(on: link) { connection, _ in
                try await connection.query("SELECT changes FROM bluelibrary").first?.int(0) ?? 0
            })
    }

    /// Other processes' commits, heard through LISTEN on a connection of the caller's own, which the
    /// iterating task drives and ends by cancelling (``PostgresChangeFeed``).
    nonisolated(nonsending)
        package func externalChangeNotices() async -> AsyncStream<Void>?
    {
        PostgresChangeFeed(url: url, origin: origin).stream()
    }

    /// Closes every connection; the next use opens them again.
    nonisolated(nonsending)
        package func close() async
    {
        await writer.close()
        for reader in readers { await reader.close() }
    }

    /// Creates the library from `contents` in one transaction: the tables when the database has none, then
    /// every row (no seeds). A database that already holds a library must hold a new one, which is
    /// replaced.
    nonisolated(nonsending)
        package func create(from contents: LibraryContents) async throws
    {
        let (location, capacity, origin) = (location, bucketCapacity, origin)
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(to: url)
        } catch let error as PostgresError {
            throw libraryError(error)
        }
        do {
            try await connection.transaction(.readCommitted) { session in
                let found = try PostgresSchema.migrate(session, location: location, seeded: false)
                let albums = PostgresAlbums(session, location: location, bucketCapacity: capacity)
                if found != .empty {
                    let existing = try albums.contents()
                    guard existing.isNewLibrary else {
                        throw LibraryError(
                            .conflict,
                            "library \(location) already holds \(existing.summary); copy into a new library instead"
                        )
                    }
                }
                _ = try session.query("UPDATE bluelibrary SET changes = changes + 1")
                try albums.replaceAll(with: contents)
                _ = try session.query("SELECT pg_notify($1, $2)", [.text(Self.channel), .text(origin)])
            }
        } catch let error as PostgresError {
            await connection.close()
            throw libraryError(error)
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
    }
}

/// How far one try of a store's work got: whether its COMMIT may have been sent (then a lost connection
/// leaves its outcome unknown, and it must not run again).
private final class WorkProgress: Sendable {
    private let committing = Atomic<Bool>(false)

    var isCommitting: Bool { committing.load(ordering: .acquiring) }

    func markCommitting() { committing.store(true, ordering: .releasing) }
}
