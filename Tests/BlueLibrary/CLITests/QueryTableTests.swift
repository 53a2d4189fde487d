import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryPostgres
import BlueLibrarySQLite
import BlueLibraryServices
import BlueLibraryStore
import BlueLibrarySubsonic
import BlueLibraryWeb
import Foundation
import TestSupport
import Testing

/// One query means one thing on every face: each case of one table goes through `bluelibrary list`
/// (its words as arguments), the JSON API the web page's search calls (`/api/albums?q=` and
/// `/api/tracks?q=`, the words as one text, quoted where they hold a space) and Subsonic `search3` — on
/// SQLite and on PostgreSQL — and `show` prefers the album whose title is exactly the query's words. The
/// page's search box runs the same table in the browser (`test_query_table.py`).
struct QueryTableTests {
    /// A query's words and the titles of the albums it matches, in library order.
    struct Case: Sendable, Decodable, CustomTestStringConvertible {
        let words: [String]
        let albums: [String]
        /// The titles of the tracks it matches (the page's track search, `search3`'s songs).
        let tracks: [String]
        var testDescription: String { words.joined(separator: " ") }
    }

    /// The table, kept in one file that the page's search runs through too
    /// (`Tests/BlueLibrary/QueryTable/query-table.json`, read by the browser test `test_query_table.py`).
    struct Table: Sendable, Decodable {
        struct TableAlbum: Sendable, Decodable {
            let title: String
            let artist: String
            let year: Int
            /// Each track's title and artist.
            let tracks: [[String]]
        }
        let albums: [TableAlbum]
        let cases: [Case]
    }

    static let table: Table = {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { root.deleteLastPathComponent() }
        let file = root.appendingPathComponent("QueryTable/query-table.json")
        do {
            return try JSONDecoder().decode(Table.self, from: Data(contentsOf: file))
        } catch {
            fatalError("\(file.path): \(error)")
        }
    }()

    static var cases: [Case] { table.cases }

    /// The albums of the table's library: what the words of each case are about.
    static let collection: [ImportedAlbum] = table.albums.map { album in
        let folder = "/music/\(album.artist)/\(album.title) (\(album.year))"
        return ImportedAlbum(
            album: Fixtures.album(album.title, by: album.artist, year: album.year).withTracks(
                count: album.tracks.count, length: Double(album.tracks.count) * 200),
            tracks: album.tracks.enumerated().map { number, track in
                Track(
                    disc: 1, number: number + 1, title: track[0], artist: track[1], duration: 200,
                    path: "\(folder)/\(number + 1).flac")
            })
    }

    /// A library of `kind` holding the collection, the arguments that name it to `bluelibrary`, and the
    /// web app (with its Subsonic API) serving it.
    final class Served: Sendable {
        let home = CLIHome()
        let library: LibraryAPI
        let app: WebApp
        let naming: [String]

        init(_ kind: StoreKind) async throws {
            switch kind {
            case .sqlite:
                let path = home.directory.file("table.db")
                naming = ["--library", path]
                library = LibraryAPI(store: SQLiteLibraryStore(path: path))
            case .postgres:
                let url = try await TestPostgres.database()
                naming = ["--database", url]
                library = LibraryAPI(store: try PostgresLibraryStore(url: url))
            }
            try await library.importAlbums(QueryTableTests.collection)
            let accounts = UserAccounts(
                library: library, vault: PasswordVault(keyPath: home.directory.file("table.db.key")))
            try await accounts.add("joe", password: "secret")
            app = try await WebApp(
                library: library, subsonic: SubsonicAPI(library: library, accounts: accounts))
        }

        func get(_ path: String, _ items: [(String, String)]) async throws -> JSONValue {
            let response = await app.respond(
                to: WebRequest(
                    method: "GET", path: path, queryItems: items, headers: ["Host": "127.0.0.1:8080"]))
            #expect(
                response.status == 200, "\(path) \(items): \(String(decoding: response.bytes, as: UTF8.self))"
            )
            return try JSONParser.parse(response.bytes)
        }
    }

    /// The words as one text, as typed in a search box: a word with a space in it is quoted (whole, or
    /// after its field's colon when it has one).
    static func text(_ words: [String]) -> String {
        words.map { word in
            guard word.contains(" "), !word.contains("\"") else { return word }
            return "\"\(word)\""
        }
        .joined(separator: " ")
    }

    static func titles(_ list: JSONValue?, _ key: String) -> [String] {
        guard case .array(let items)? = list else { return [] }
        return items.compactMap { item -> String? in
            if case .string(let title)? = item[key] { return title }
            return nil
        }
    }

    @Test(arguments: StoreKind.allCases)
    func everyFaceReadsAQueryTheSameWay(kind: StoreKind) async throws {
        let served = try await Served(kind)
        for test in Self.cases {
            let label = "\(kind) \(test.testDescription)"
            // The command line: the words as arguments.
            let listed = try await served.home.run(
                served.naming + ["list", "--format", "$title"] + test.words)
            #expect(listed.status == 0, "\(label): \(listed.stderr)")
            #expect(listed.stdout.split(separator: "\n").map(String.init) == test.albums, "list \(label)")
            // The JSON API, as the page's search calls it.
            let text = Self.text(test.words)
            let albums = try await served.get("/api/albums", [("q", text)])
            #expect(Self.titles(albums["albums"], "title") == test.albums, "/api/albums \(label)")
            let tracks = try await served.get("/api/tracks", [("q", text)])
            #expect(
                Self.titles(tracks["tracks"], "title") == test.tracks, "/api/tracks \(label): \(tracks)")
            // Subsonic: the same text; its albums come by title, its songs in library order.
            let found = try await served.get(
                "/rest/search3",
                [
                    ("u", "joe"), ("p", "secret"), ("v", "1.16.1"), ("c", "tests"), ("f", "json"),
                    ("query", text),
                ])
            let result = found["subsonic-response"]?["searchResult3"]
            // The one difference a search box has: a comma is part of a name ("Tyler, The Creator"), so
            // `post , year:2008` asks for both there, and nothing has both.
            let alternatives = test.words.contains(",")
            #expect(
                Self.titles(result?["album"], "name") == (alternatives ? [] : test.albums.sorted()),
                "search3 \(label)")
            #expect(
                Self.titles(result?["song"], "title") == (alternatives ? [] : test.tracks),
                "search3 songs \(label)")
        }
        await served.library.close()
    }

    @Test(arguments: StoreKind.allCases)
    func showPrefersTheAlbumTitledExactlyAsTheQuery(kind: StoreKind) async throws {
        let served = try await Served(kind)
        func show(_ words: String...) async throws -> ProcessResult {
            try await served.home.run(served.naming + ["show"] + words)
        }
        for words in [["Kid A"], ["kid", "a"], ["title:=Kid A"], ["album:\"Kid A\""], ["album:Kid A"]] {
            let shown = try await served.home.run(served.naming + ["show"] + words)
            #expect(shown.status == 0, "\(kind) show \(words): \(shown.stderr)")
            #expect(
                shown.stdout.contains("Album  Kid A\n"), "\(kind) show \(words): \(shown.stdout)")
        }
        // A change never guesses: `delete` with the same words lists the albums and deletes none.
        let delete = try await served.home.run(served.naming + ["delete", "Kid A"])
        #expect(delete.status != 0)
        #expect(delete.stderr.contains("'Kid A' matches 2 albums"), "\(delete.stderr)")
        // Three albums titled "Weezer": the query names none alone, and they are listed.
        let three = try await show("weezer")
        #expect(three.status != 0)
        #expect(three.stderr.contains("'weezer' matches 3 albums"), "\(three.stderr)")
        #expect(try await show("weezer", "year:2001").stdout.contains("Year   2001\n"))
        await served.library.close()
    }
}
