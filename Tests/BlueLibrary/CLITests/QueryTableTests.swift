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
/// SQLite and on PostgreSQL — and `show` prefers the album whose title is exactly the query's words.
struct QueryTableTests {
    /// A query's words and the titles of the albums it matches, in library order.
    struct Case: Sendable, CustomTestStringConvertible {
        let words: [String]
        let albums: [String]
        /// The titles of the tracks it matches (the page's track search, `search3`'s songs).
        let tracks: [String]
        var testDescription: String { words.joined(separator: " ") }
        init(_ words: [String], _ albums: [String], tracks: [String] = []) {
            self.words = words
            self.albums = albums
            self.tracks = tracks
        }
    }

    static let cases: [Case] = [
        Case(["Kid A"], ["Kid A", "Kid A Mnesia"], tracks: []),
        Case(["kid", "a"], ["Kid A", "Kid A Mnesia", "Man on the Moon"], tracks: ["Pursuit of Happiness"]),
        Case(["title:=Kid A"], ["Kid A"], tracks: ["Idioteque"]),
        Case(["album:Kid A"], ["Kid A", "Kid A Mnesia"], tracks: ["Idioteque", "Like Spinning Plates"]),
        Case(["album:\"Kid A\""], ["Kid A", "Kid A Mnesia"], tracks: ["Idioteque", "Like Spinning Plates"]),
        Case(["\"album:Kid A\"", "idio"], ["Kid A"], tracks: ["Idioteque"]),
        Case(["kid", "^radiohead"], ["Man on the Moon"], tracks: ["Pursuit of Happiness"]),
        Case(["year:2000..2010", "kid"], ["Kid A", "Man on the Moon"], tracks: ["Pursuit of Happiness"]),
        Case(
            ["weezer", "year:..2001"], ["Weezer", "Weezer"], tracks: ["Buddy Holly", "Island in the Sun"]),
        Case(["bjork"], ["Post"], tracks: ["Army of Me"]),
        Case(["post", ",", "year:2008"], ["Weezer", "Post"], tracks: ["Pork and Beans"]),
        Case(["track:=Idioteque"], ["Kid A"], tracks: ["Idioteque"]),
        Case(["trackartist:cudi"], ["Man on the Moon"], tracks: ["Pursuit of Happiness"]),
        Case(["nothing-like-this"], []),
    ]

    /// The albums of the table's library: what the words of each case are about.
    static let collection: [ImportedAlbum] = {
        func album(_ title: String, _ artist: String, _ year: Int, _ tracks: [(String, String)])
            -> ImportedAlbum
        {
            let folder = "/music/\(artist)/\(title) (\(year))"
            return ImportedAlbum(
                album: Fixtures.album(title, by: artist, year: year).withTracks(
                    count: tracks.count, length: Double(tracks.count) * 200),
                tracks: tracks.enumerated().map { number, track in
                    Track(
                        disc: 1, number: number + 1, title: track.0, artist: track.1, duration: 200,
                        path: "\(folder)/\(number + 1).flac")
                })
        }
        return [
            album("Kid A", "Radiohead", 2000, [("Idioteque", "Radiohead")]),
            album("Kid A Mnesia", "Radiohead", 2021, [("Like Spinning Plates", "Radiohead")]),
            album("Man on the Moon", "Various", 2009, [("Pursuit of Happiness", "Kid Cudi")]),
            album("Weezer", "Weezer", 1994, [("Buddy Holly", "Weezer")]),
            album("Weezer", "Weezer", 2001, [("Island in the Sun", "Weezer")]),
            album("Weezer", "Weezer", 2008, [("Pork and Beans", "Weezer")]),
            album("Post", "Björk", 1995, [("Army of Me", "Björk")]),
        ]
    }()

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
