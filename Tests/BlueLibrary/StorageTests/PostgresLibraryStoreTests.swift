import BlueLibraryCore
import BlueLibraryPostgres
import BlueLibraryServices
import BlueLibraryStore
import Synchronization
import TestSupport
import Testing

/// A flag one task sets and another reads.
private final class Flag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() { value.store(true, ordering: .releasing) }
}

/// What only a library that many processes share needs, on a database of its own per test: writers of
/// several stores take turns and lose nothing, each store hears the others' commits and not its own, a
/// lost connection is opened again, servers starting together create one library, and a database that is
/// not a library — or a newer one — is refused, untouched.
struct PostgresLibraryStoreTests {
    /// A store on `url`, as a server of its own would have.
    private func store(_ url: String) throws -> PostgresLibraryStore {
        try PostgresLibraryStore(url: url, readers: 1)
    }

    /// Runs `sql` on a connection of the test's own (which waits as long as it takes to connect: the
    /// default of ten seconds is not what these tests are about).
    private func administer(_ url: String, _ sql: String) async throws -> PostgresResult {
        let connection = try await PostgresConnection.connect(to: url, timeout: .seconds(600))
        defer { Task { await connection.close() } }
        return try await connection.query(sql)
    }

    @Test func writersOfSeveralStoresTakeTurnsAndLoseNoUpdate() async throws {
        let url = try await TestPostgres.database()
        let stores = try (0..<3).map { _ in try store(url) }
        let counter = Album.seeds[0]
        // Each write reads the year and writes it plus one, and inserts an album in the middle: a write
        // that saw a stale year, or an index another had shifted, would lose an increment or an album.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (number, store) in stores.enumerated() {
                for step in 0..<10 {
                    group.addTask {
                        try await store.write { writer in
                            let (album, _) = try writer.locate(.id(counter.id))
                            let next = try album.updating(AlbumPatch(year: .some((album.year ?? 0) + 1)))
                            _ = try writer.applyEdit(AlbumEdit(from: album, to: next, byHand: true))
                            try writer.insert(
                                Fixtures.album("S\(number)-\(step)"), at: try writer.count() / 2)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let (albums, indexes) = try await stores[1].read { reader in
            let albums = try reader.albums()
            return (albums, try albums.map { try reader.locate($0.id)?.index })
        }
        #expect(albums.first { $0.id == counter.id }?.year == 1992 + 30)
        #expect(albums.count == 5 + 30)
        #expect(Set(albums.map(\.title)).count == 35)
        #expect(indexes == albums.indices.map { Optional($0) })
    }

    @Test(.timeLimit(.minutes(1))) func aCommitReachesTheOtherStoresNoticesAndNotItsOwn() async throws {
        let url = try await TestPostgres.database()
        let (writer, follower) = (try store(url), try store(url))
        let heard = try #require(await follower.externalChangeNotices())
        let own = try #require(await writer.externalChangeNotices())
        let followerHeard = Flag()
        let following = Task {
            var iterator = heard.makeAsyncIterator()
            let heardOne = await iterator.next() != nil
            followerHeard.set()
            return heardOne
        }
        let selfListening = Task {
            var iterator = own.makeAsyncIterator()
            return await iterator.next() != nil
        }
        // The follower starts listening on its first wait: write until it has heard one, however many
        // writes a loaded machine lets go by first, for as long as the time limit leaves room for. A
        // follower that never hears is stopped, so the expectation fails rather than the wait going on.
        let deadline = ContinuousClock.now + .seconds(45)
        var writes = 0
        while !followerHeard.isSet && ContinuousClock.now < deadline {
            writes += 1
            let album = Fixtures.album("W\(writes)")
            try await writer.write { try $0.insert(album, at: 0) }
            try await Task.sleep(for: .milliseconds(50))
        }
        if !followerHeard.isSet { following.cancel() }
        #expect(await following.value)
        selfListening.cancel()
        #expect(await selfListening.value == false, "a store does not hear its own commits")
    }

    /// A page of the library as the faces read it — the window, how many albums there are and the
    /// library's state — costs two round trips: the window and the stored state (the saved current album
    /// and where it is now, the count, the history); a search two more, its count and the map from
    /// positions to indexes.
    @Test func aPageOfTheLibraryIsTwoRoundTrips() async throws {
        let url = try await TestPostgres.database()
        let store = try store(url)
        let library = LibraryAPI(store: store)
        _ = try await library.select(.index(2))
        _ = try await store.read { try $0.count() }
        var before = try await store.readRoundTrips()
        let page = try await library.page(offset: 1, limit: 3)
        #expect(page.albums.map(\.index) == [1, 2, 3])
        #expect(page.albums.map(\.album.id) == Album.seeds[1...3].map(\.id))
        #expect(page.total == 5)
        #expect(page.state.current?.index == 2)
        #expect(try await store.readRoundTrips() - before == 2)

        before = try await store.readRoundTrips()
        let found = try await library.page(matching: try Query(parsing: "staring"), limit: 3)
        #expect(found.albums.map(\.index) == [3])
        #expect(try await store.readRoundTrips() - before == 4)
    }

    @Test func aLostConnectionIsOpenedAgainForReadsAndWrites() async throws {
        let url = try await TestPostgres.database()
        let library = try store(url)
        #expect(try await library.read { try $0.count() } == 5)
        try await library.write { try $0.insert(Fixtures.album("Before"), at: 0) }
        // The server ends every session of the database but the one asking (a restart, a failover).
        _ = try await administer(
            url,
            """
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
            """)
        #expect(try await library.read { try $0.count() } == 6)
        try await library.write { try $0.insert(Fixtures.album("After"), at: 0) }
        #expect(try await library.read { try $0.album(at: 0)?.title } == "After")
    }

    @Test func serversStartingTogetherOnANewDatabaseCreateOneLibrary() async throws {
        let url = try await TestPostgres.database()
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<6 {
                let library = try store(url)
                group.addTask { try await library.read { try $0.count() } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 5, count: 6))
        #expect(try await administer(url, "SELECT count(*) FROM albums").first?.int(0) == 5)
    }

    @Test func aDatabaseOfAnotherApplicationIsRefusedAndLeftUntouched() async throws {
        let url = try await TestPostgres.database()
        _ = try await administer(url, "CREATE TABLE invoices (id integer)")
        let library = try store(url)
        await #expect(
            throws: LibraryError(
                .notALibrary,
                "\(library.location) is not a BlueLibrary database (it holds other tables); it was left untouched"
            )
        ) { try await library.read { try $0.count() } }
        await #expect(throws: LibraryError.self) { try await library.write { try $0.clearHistory(.undo) } }
        let tables = try await administer(
            url, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        #expect(tables.map { $0.string(0) } == ["invoices"])
    }

    @Test func aNewerSchemaIsRefusedAndLeftUntouched() async throws {
        let url = try await TestPostgres.database()
        try await store(url).write { try $0.insert(Fixtures.album("Mine"), at: 0) }
        _ = try await administer(url, "UPDATE bluelibrary SET schema_version = 99")
        let library = try store(url)
        await #expect(
            throws: LibraryError(
                .newerSchema,
                "library \(library.location) has schema version 99, newer than this bluelibrary understands (\(PostgresLibraryStore.schemaVersion)); upgrade bluelibrary"
            )
        ) { try await library.write { _ = try $0.remove(at: 0) } }
        #expect(try await administer(url, "SELECT count(*) FROM albums").first?.int(0) == 6)
        #expect(try await administer(url, "SELECT schema_version FROM bluelibrary").first?.int(0) == 99)
    }

    /// No message says the password, however the URL is malformed: libpq quotes what it cannot parse,
    /// and a password with `/`, `@` or a bad `%` escape is often that part.
    @Test(arguments: [
        "postgresql://bl:S3cretWord@127.0.0.1:1/library?colour=blue",
        "postgresql://bl:S3cret/Word@127.0.0.1:1/library", "postgresql://bl:S3cret@Word@127.0.0.1:x/library",
        "postgresql://bl:S3cret%zzWord@127.0.0.1:1/library", "postgresql://bl:S3c/ss@127.0.0.1/library",
        "postgresql://127.0.0.1:1/library?password=S3cretWord&colour=blue",
        "postgresql://bl:S3cret Word@127.0.0.1:1/library",
        "host=127.0.0.1 password=S3cretWord colour=blue", "host=127.0.0.1 password='S3cret Word' port=x",
        "postgresql://bl:S3c?%zzWord@127.0.0.1:1/library", "postgresql://bl:S3c?ret/Word@127.0.0.1:1/library",
        "user=password_admin password=S3cretWord colour=blue",
    ])
    func noMessageOrLocationShowsThePassword(url: String) async throws {
        let secrets = PostgresTarget.passwords(in: url)
        #expect(!secrets.isEmpty)
        // Whatever the reading, the password as typed is among what is hidden.
        #expect(secrets.contains { $0.hasPrefix("S3c") }, "\(secrets)")
        do {
            let library = try PostgresLibraryStore(url: url)
            for secret in secrets { #expect(!library.location.contains(secret), "\(library.location)") }
        } catch let error as LibraryError {
            #expect(error.code == .usage)
            for secret in secrets {
                #expect(!error.message.contains(secret), "\(error.message)")
                #expect(!error.message.contains(secret.prefix(4)), "\(error.message)")
            }
        }
    }

    @Test func theLocationNeverShowsThePassword() async throws {
        let library = try PostgresLibraryStore(url: "postgresql://bl:secret@127.0.0.1:1/library")
        #expect(library.location == "postgresql://bl@127.0.0.1:1/library")
        let error = #expect(throws: LibraryError.self) {
            try PostgresLibraryStore(url: "postgresql://bl:secret@127.0.0.1:1/library?colour=blue")
        }
        #expect(error?.code == .usage)
        #expect(
            error?.message
                == #"not a PostgreSQL URL or connection string (invalid URI query parameter: "colour")"#)
        #expect(!"\(error.map { String(describing: $0.cause as Any) } ?? "")".contains("secret"))
    }
}
