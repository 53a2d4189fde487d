import BlueLibraryCore
import BlueLibraryStore
import TestSupport
import Testing

@testable import BlueLibrarySQLite

/// Every order the web page browses in, an artist's or a genre's albums, and the groups themselves are
/// read through an index that already holds them in order: SQLite's plan for each window names the
/// index and sorts nothing, so a page deep in 100,000 sorted albums costs what the first one does.
struct BrowseIndexTests {
    let directory = TemporaryDirectory("browse-index")

    /// SQLite's plan for `sql`, one line per step.
    private func plan(_ sql: String, _ bindings: [SQLValue]) async throws -> [String] {
        let path = directory.file("library.db")
        let store = SQLiteLibraryStore(path: path)
        _ = try await store.read { try $0.count() }
        await store.close()
        let connection = try SQLiteConnection(path: path, busyTimeout: 1000)
        let rows = try connection.prepare("EXPLAIN QUERY PLAN " + sql)
        try rows.bind(bindings + [.integer(10), .integer(500)])
        defer { rows.reset() }
        var steps: [String] = []
        while try rows.step() { steps.append(rows.text(3)) }
        return steps
    }

    @Test(
        arguments: [
            (AlbumOrder.artist, nil, "albums_by_artist"), (.title, nil, "albums_by_title"),
            (.year, nil, "albums_by_year"), (.added, nil, "albums_position"),
            (.artist, AlbumGroup(.artist, "Björk"), "albums_by_artist"),
            (.artist, AlbumGroup(.genre, "Rock"), "albums_by_genre"),
        ] as [(AlbumOrder, AlbumGroup?, String)])
    func aWindowOfAnOrderReadsItsIndexAndSortsNothing(order: AlbumOrder, group: AlbumGroup?, index: String)
        async throws
    {
        let (sql, bindings) = SQLiteAlbums.window(matching: .all, in: group, order: order, dialect: .sqlite)
        let steps = try await plan(sql, bindings)
        #expect(steps.contains { $0.contains("INDEX \(index)") }, "\(steps)")
        #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)")
    }

    @Test func aLargeAppendBuildsTheIndexesAfreshAsTheyWereAndASmallOneKeepsThem() async throws {
        let path = directory.file("library.db")
        let store = SQLiteLibraryStore(path: path)
        _ = try await store.read { try $0.count() }
        await store.close()
        func indexes() throws -> [String] {
            let connection = try SQLiteConnection(path: path, busyTimeout: 1000)
            let rows = try connection.prepare(
                "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'albums' ORDER BY name")
            try rows.bind([])
            defer { rows.reset() }
            var found: [String] = []
            while try rows.step() { found.append(rows.text(0)) }
            return found
        }
        let before = try indexes()
        #expect(before.count { $0.contains("albums_by_") } == 4)
        let many = (0..<SQLiteAlbums.bulkAppend).map { Fixtures.album("Bulk \($0)", by: "Artist \($0 % 97)") }
        try await store.write { try $0.append(many) }
        try await store.write { try $0.append([Fixtures.album("One more", by: "Zed")]) }
        let sorted = try await store.read { reader in
            var titles: [String] = []
            try reader.forEachAlbum(matching: .all, in: nil, order: .artist, offset: 0, limit: 3) {
                album, _ in
                titles.append(album.title)
            }
            return titles
        }
        await store.close()
        #expect(try indexes() == before)
        // Artist 0's albums (every 97th), their titles in the order of their folded text.
        #expect(sorted == ["Bulk 0", "Bulk 1067", "Bulk 1164"])
        let connection = try SQLiteConnection(path: path, busyTimeout: 1000)
        #expect(try connection.text("PRAGMA integrity_check") == "ok")
    }

    @Test(arguments: AlbumGroup.Field.allCases)
    func aWindowOfGroupsReadsAnIndexAndSortsNothing(field: AlbumGroup.Field) async throws {
        let steps = try await plan(SQLiteAlbums.groupWindow(by: field, dialect: .sqlite), [])
        // An index that starts with the group's key, read alone: the browsing order's, or for artists the
        // smaller one of artist and title, which SQLite prefers once the browsing indexes end in an id.
        let indexes = ["albums_by_\(field.rawValue)"] + (field == .artist ? ["albums_artist_key"] : [])
        #expect(
            steps.contains { step in indexes.contains { step.contains("COVERING INDEX \($0)") } }, "\(steps)")
        #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)")
    }
}
