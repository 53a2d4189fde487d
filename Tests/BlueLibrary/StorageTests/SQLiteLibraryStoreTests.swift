import BlueLibraryCore
import BlueLibraryStore
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySQLite

struct SQLiteLibraryStoreTests {
    let directory = TemporaryDirectory("sqlite")
    var path: String { directory.file("library.db") }

    /// How long the tests' own connections and stores wait for another connection's lock, in
    /// milliseconds: long, as only the test of the busy timeout wants one to run out, and a loaded
    /// machine may take seconds to finish a checkpoint. (Each store is also closed before the next
    /// connection opens its file: a store merely released closes its connections on its own thread,
    /// maybe while the next one opens the file.)
    private static let patient: Int32 = 60_000

    @Test func changesSurviveReopening() async throws {
        let album = Fixtures.album("Kept", year: 2020)
        let first = SQLiteLibraryStore(path: path, busyTimeout: Self.patient)
        try await first.write { writer in
            try writer.insert(album, at: 0)
            try writer.push(.add(album, index: 0), on: .undo, limit: 100)
            try writer.saveCurrent(CurrentAlbum(id: album.id, index: 0))
        }
        await first.close()
        let reopened = SQLiteLibraryStore(path: path, busyTimeout: Self.patient)
        #expect(try await reopened.read { try $0.album(at: 0) } == album)
        #expect(try await reopened.read { try $0.historyCount(.undo) } == 1)
        #expect(try await reopened.read { try $0.savedCurrent() }?.id == album.id)
    }

    @Test func anEmptiedLibraryStaysEmpty() async throws {
        let first = SQLiteLibraryStore(path: path, busyTimeout: Self.patient)
        try await first.write { writer in
            while try writer.remove(at: 0) != nil {}
        }
        await first.close()
        #expect(
            try await SQLiteLibraryStore(path: path, busyTimeout: Self.patient).read { try $0.count() } == 0)
    }

    @Test func schemaIsVersionedMarkedAndInWALMode() async throws {
        let store = SQLiteLibraryStore(path: path)
        try await store.open()
        await store.close()
        let connection = try SQLiteConnection(path: path, busyTimeout: Self.patient)
        #expect(try connection.integer("PRAGMA user_version") == Schema.latestVersion)
        #expect(try connection.integer("PRAGMA application_id") == Schema.applicationID)
        let mode = try connection.prepare("PRAGMA journal_mode")
        #expect(try mode.step())
        #expect(mode.text(0) == "wal")
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftUntouched() async throws {
        let text = "these are my notes, not a database\n"
        let file = directory.write("notes.txt", text)
        await #expect {
            try await SQLiteLibraryStore(path: file).open()
        } throws: { error in
            let error = try #require(error as? LibraryError)
            return error.code == .notALibrary
                && error.message.hasPrefix("\(file) is not a BlueLibrary database")
        }
        #expect(directory.read(file) == Array(text.utf8))
    }

    @Test func anotherApplicationsSQLiteDatabaseIsRefused() async throws {
        let connection = try SQLiteConnection(path: path, busyTimeout: Self.patient)
        try connection.execute("CREATE TABLE tracks (name TEXT); INSERT INTO tracks VALUES ('x')")
        await #expect(
            throws: LibraryError(
                .notALibrary,
                "\(path) is not a BlueLibrary database (it is some other SQLite database); it was left untouched"
            )
        ) {
            try await SQLiteLibraryStore(path: path, busyTimeout: Self.patient).open()
        }
        #expect(try connection.integer("SELECT count(*) FROM tracks") == 1)
    }

    @Test func aNewerSchemaIsRefused() async throws {
        let store = SQLiteLibraryStore(path: path)
        try await store.open()
        await store.close()
        try SQLiteConnection(path: path, busyTimeout: Self.patient).execute("PRAGMA user_version = 99")
        await #expect {
            try await SQLiteLibraryStore(path: path).open()
        } throws: { error in
            (error as? LibraryError)?.code == .newerSchema
        }
    }

    @Test func aDamagedFileIsReportedNotCrashed() async throws {
        let store = SQLiteLibraryStore(path: path)
        try await store.write { writer in
            try writer.append(
                (0..<400).map { Fixtures.album("Album \($0)", by: String(repeating: "x", count: 200)) })
        }
        await store.close()
        // Checkpoint the WAL into the main file, then overwrite the pages after the first.
        try SQLiteConnection(path: path, busyTimeout: Self.patient).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 4096)
        handle.write(Data(repeating: 0xA5, count: 16384))
        try handle.close()
        await #expect {
            try await SQLiteLibraryStore(path: path).read { try $0.albums() }
        } throws: { error in
            let code = (error as? LibraryError)?.code
            return code == .corruptLibrary || code == .notALibrary
        }
    }

    @Test func aLockHeldByAnotherConnectionFailsAfterTheBusyTimeout() async throws {
        let store = SQLiteLibraryStore(path: path)
        try await store.open()
        await store.close()
        let other = try SQLiteConnection(path: path, busyTimeout: Self.patient)
        try other.execute("BEGIN IMMEDIATE")
        let started = Date()
        let blocked = SQLiteLibraryStore(path: path, busyTimeout: 200)
        await #expect {
            try await blocked.write {
                try $0.insert(Fixtures.album("X"), at: 0)
            }
        } throws: { error in
            (error as? LibraryError)?.code == .locked
        }
        #expect(Date().timeIntervalSince(started) >= 0.15)
        await blocked.close()
        try other.execute("ROLLBACK")
        #expect(
            try await SQLiteLibraryStore(path: path, busyTimeout: Self.patient).read { try $0.count() } == 5)
    }

    @Test func twoStoresOnOneFileSeeEachOthersCommits() async throws {
        let first = SQLiteLibraryStore(path: path, busyTimeout: Self.patient)
        let second = SQLiteLibraryStore(path: path, busyTimeout: Self.patient)
        #expect(try await second.read { try $0.count() } == 5)
        try await first.write { _ = try $0.remove(at: 0) }
        #expect(try await second.read { try $0.count() } == 4)
    }
}
