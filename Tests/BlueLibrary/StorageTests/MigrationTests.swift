import BlueLibraryCore
import BlueLibraryStore
import TestSupport
import Testing

@testable import BlueLibrarySQLite

/// A library written by an earlier release opens in this one: its albums, order, history and current
/// album are kept, and the schema is brought up to date in place.
struct MigrationTests {
    let directory = TemporaryDirectory("migration")
    var path: String { directory.file("library.db") }

    /// A library as version 1 wrote it at `path`: its schema, three albums, an undo step and a current
    /// album. (Each statement commits and syncs on its own: a test thread runs it, never the cooperative
    /// pool.)
    private static func makeVersionOneLibrary(at path: String) throws {
        let connection = try SQLiteConnection(path: path, busyTimeout: 1000)
        try connection.execute(Schema.migrations[0].sql)
        try connection.execute("PRAGMA user_version = 1; PRAGMA application_id = \(Schema.applicationID)")
        for (position, album) in Album.seeds.prefix(3).enumerated() {
            try connection.run(
                """
                INSERT INTO albums (id, position, title, artist, genre, year, cover_url, title_key, artist_key,
                    genre_key)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(album.id.rawValue), .integer(Int64(position)), .text(album.title),
                    .text(album.artist),
                    .text(album.genre), album.year.map { .integer(Int64($0)) } ?? .null,
                    .text(album.coverURL),
                    .text(SearchKey.fold(album.title)), .text(SearchKey.fold(album.artist)),
                    .text(SearchKey.fold(album.genre)),
                ])
        }
        let deleted = HistoryCommand.delete(Album.seeds[3], index: 3)
        try connection.run(
            "INSERT INTO history (side, command) VALUES (0, ?)", [.text(JSONWriter.string(deleted.json))])
        try connection.run(
            "INSERT INTO saved_state (singleton, current_id, current_index) VALUES (1, ?, 2)",
            [.text(Album.seeds[2].id.rawValue)])
    }

    @Test func aVersionOneLibraryOpensWithItsOrderHistoryAndCurrentAlbum() async throws {
        try await TestThreads.run { [path] in try Self.makeVersionOneLibrary(at: path) }
        let store = SQLiteLibraryStore(path: path)
        #expect(try await store.read { try $0.albums().map(\.title) } == Array(Fixtures.seedTitles.prefix(3)))
        #expect(try await store.read { try $0.historyCount(.undo) } == 1)
        #expect(try await store.read { try $0.currentAlbum()?.album } == Album.seeds[2])
        // The newer tables work, and undo brings back the album deleted under version 1.
        try await store.write { try $0.enqueueSync(.add(Album.seeds[0], index: 0), key: "k") }
        #expect(try await store.read { try $0.pendingSyncCount() } == 1)
        let undone = try await store.write { try $0.pop(.undo) }
        #expect(undone == .delete(Album.seeds[3], index: 3))
        await store.close()
        let connection = try SQLiteConnection(path: path, busyTimeout: 1000)
        #expect(try connection.integer("PRAGMA user_version") == Schema.latestVersion)
    }
}
