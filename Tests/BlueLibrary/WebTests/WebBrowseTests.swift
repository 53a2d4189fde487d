import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryWeb
import TestSupport
import Testing

/// The routes the page browses with, in-process: albums sorted and grouped, the artists and genres with
/// their album counts, the sections of each list, the decades, the tracks a search finds (each with the
/// URL that plays it), and every window bounded.
struct WebBrowseTests {
    let library = LibraryAPI(store: TestLibrary.store())
    let app: WebApp

    /// The seeds, then albums by "Björk" and "bjork" (one artist), a compilation without a year, and an
    /// album with tracks.
    init() async throws {
        try await library.importAlbums(
            Album.seeds.map { ImportedAlbum(album: $0, tracks: nil) } + [
                ImportedAlbum(
                    album: Fixtures.album("Debut", by: "bjork", genre: "Electronic", year: 1993), tracks: nil),
                ImportedAlbum(
                    album: Fixtures.album("Homogenic", by: "Björk", genre: "electronic", year: 1997),
                    tracks: [
                        Track(
                            disc: 1, number: 1, title: "Hunter", artist: "Björk", duration: 255.5,
                            path: "/m/h/1.flac"),
                        Track(
                            disc: 1, number: 2, title: "Jóga", artist: "Björk", duration: 305,
                            path: "/m/h/2.flac"
                        ),
                    ]),
                ImportedAlbum(album: Fixtures.album("Assorted", by: "Various Artists"), tracks: nil),
            ])
        app = try await WebApp(library: library)
    }

    func get(_ path: String, _ query: [String: String] = [:]) async -> WebResponse {
        await app.respond(
            to: WebRequest(method: "GET", path: path, query: query, headers: ["Host": "127.0.0.1:8080"]))
    }

    func json(_ path: String, _ query: [String: String] = [:]) async throws -> JSONValue {
        let response = await get(path, query)
        #expect(
            response.status == 200, "\(path) \(query): \(String(decoding: response.bytes, as: UTF8.self))")
        return try JSONParser.parse(response.bytes)
    }

    func strings(_ value: JSONValue?, _ key: String) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { if case .string(let text)? = $0[key] { text } else { nil } }
    }

    /// The `index`-th element of a JSON array.
    func item(_ value: JSONValue?, _ index: Int) -> JSONValue? {
        guard case .array(let items)? = value, items.indices.contains(index) else { return nil }
        return items[index]
    }

    func message(_ response: WebResponse) throws -> String {
        let body = try JSONParser.parse(response.bytes)
        guard case .string(let message)? = body["error"]?["message"] else { return "" }
        return message
    }

    @Test func albumsComeSortedAsAskedAndAnArtistsAlbumsAsOneGroup() async throws {
        let byTitle = try await json("/api/albums", ["sort": "title", "limit": "3"])
        #expect(strings(byTitle["albums"], "title") == ["American Pie", "Assorted", "Best of Bowie"])
        #expect(byTitle["total"] == .number("8"))
        let added = try await json("/api/albums", ["sort": "added", "limit": "2"])
        #expect(strings(added["albums"], "title") == ["Assorted", "Homogenic"])
        #expect(item(added["albums"], 0)?["index"] == .number("7"))
        let newest = try await json("/api/albums", ["sort": "year", "offset": "7"])
        #expect(strings(newest["albums"], "title") == ["Assorted"])
        let artist = try await json("/api/albums", ["artist": "BJÖRK"])
        #expect(strings(artist["albums"], "title") == ["Debut", "Homogenic"])
        #expect(artist["total"] == .number("2"))
        let genre = try await json("/api/albums", ["genre": "electronic", "q": "year:1995.."])
        #expect(strings(genre["albums"], "title") == ["Homogenic"])
    }

    @Test func aBadSortGroupOrCombinationIsRefusedSayingWhy() async throws {
        let sort = await get("/api/albums", ["sort": "colour"])
        #expect(sort.status == 400)
        #expect(try message(sort) == "sort=colour is not an order (orders: artist, title, year, added)")
        let both = await get("/api/albums", ["artist": "a", "genre": "b"])
        #expect(both.status == 400)
        #expect(try message(both) == "artist= and genre= cannot be asked for together")
        let around = await get("/api/albums", ["sort": "title", "around": Album.seeds[0].id.rawValue])
        #expect(around.status == 400)
        #expect(await get("/api/albums/sections", ["sort": "x"]).status == 400)
        #expect(await get("/api/artists", ["limit": "501"]).status == 400)
        #expect(await get("/api/tracks", ["limit": "201"]).status == 400)
        #expect(await get("/api/tracks", ["q": "year:abc"]).status == 400)
        let post = await app.respond(
            to: WebRequest(
                method: "POST", path: "/api/artists",
                headers: ["Host": "127.0.0.1:8080", "Content-Type": "application/json"],
                body: Array("{}".utf8)))
        #expect(post.status == 405)
    }

    /// An artist's page lists, below their own albums, the albums a track of which credits them: a guest
    /// appearance, a compilation; a name inside another is no credit.
    @Test func anArtistsAppearancesAreTheAlbumsTheirCreditsAreOnButNotTheirOwn() async throws {
        try await library.importAlbums([
            ImportedAlbum(
                album: Fixtures.album("Mix", by: "Various Artists").withTracks(count: 2, length: 400),
                tracks: [
                    Track(
                        disc: 1, number: 1, title: "Duet", artist: "Ann feat. björk", duration: 200,
                        path: "/m/mix/1.flac"),
                    Track(
                        disc: 1, number: 2, title: "Solo", artist: "Anne", duration: 200,
                        path: "/m/mix/2.flac"),
                ])
        ])
        #expect(
            strings(try await json("/api/appearances", ["artist": "Björk"])["albums"], "title") == ["Mix"])
        #expect(strings(try await json("/api/appearances", ["artist": "ann"])["albums"], "title") == ["Mix"])
        #expect(strings(try await json("/api/appearances", ["artist": "An"])["albums"], "title") == [])
        let missing = await get("/api/appearances")
        #expect(missing.status == 400)
        #expect(String(decoding: missing.bytes, as: UTF8.self).contains("artist= is required"))
    }

    @Test func artistsAndGenresComeWithTheirAlbumCountsAWindowAtATime() async throws {
        let artists = try await json("/api/artists")
        #expect(artists["total"] == .number("7"))
        #expect(
            strings(artists["artists"], "name") == [
                "Björk", "David Bowie", "Madonna", "No Doubt", "Sting", "U2", "Various Artists",
            ])
        #expect(item(artists["artists"], 0)?["albums"] == .number("2"))
        let window = try await json("/api/artists", ["offset": "5", "limit": "5"])
        #expect(strings(window["artists"], "name") == ["U2", "Various Artists"])
        #expect(window["offset"] == .number("5"))
        #expect(window["limit"] == .number("5"))
        let genres = try await json("/api/genres")
        #expect(strings(genres["genres"], "name") == ["", "Electronic", "Pop"])
        #expect(item(genres["genres"], 2)?["albums"] == .number("5"))
    }

    @Test func sectionsSayWhereEachInitialOrDecadeStarts() async throws {
        let artists = try await json("/api/artists/sections")
        #expect(strings(artists["sections"], "label") == ["B", "D", "M", "N", "S", "U", "V"])
        #expect(item(artists["sections"], 1)?["offset"] == .number("1"))
        let albums = try await json("/api/albums/sections", ["sort": "artist"])
        #expect(
            item(albums["sections"], 1)
                == .object([("label", .string("D")), ("offset", .number("2")), ("count", .number("1"))]))
        let genres = try await json("/api/genres/sections")
        #expect(strings(genres["sections"], "label") == ["#", "E", "P"])
        let years = try await json("/api/years")
        #expect(strings(years["decades"], "label") == ["2000s", "1990s", "No year"])
        #expect(
            item(years["decades"], 1)
                == .object([
                    ("decade", .number("1990")), ("label", .string("1990s")), ("albums", .number("4")),
                    ("offset", .number("3")),
                ]))
        #expect(item(years["decades"], 2)?["decade"] == .null)
        #expect(try await json("/api/albums/sections", ["sort": "added"])["sections"] == .array([]))
    }

    @Test func tracksFoundBySearchComeWithTheirAlbumAndTheURLThatPlaysThemNeverTheirPath() async throws {
        let found = try await json("/api/tracks", ["q": "joga"])
        #expect(found["more"] == .bool(false))
        guard case .array(let tracks)? = found["tracks"], let track = tracks.first else {
            Issue.record("no tracks in \(found)")
            return
        }
        #expect(tracks.count == 1)
        guard case .object(let members) = track, case .string(let id)? = track["id"] else {
            Issue.record("a track is an object with a string id: \(track)")
            return
        }
        #expect(
            members.map(\.key) == [
                "id", "disc", "number", "title", "artist", "duration", "audio", "artists", "genres", "album",
            ])
        #expect(track["title"] == .string("Jóga"))
        #expect(track["audio"] == .string("/api/tracks/\(id)/audio"))
        #expect(track["album"]?["title"] == .string("Homogenic"))
        #expect(
            !String(decoding: (await get("/api/tracks", ["q": "bjork"])).bytes, as: UTF8.self).contains(
                "/m/h/"))
        let first = try await json("/api/tracks", ["q": "bjork", "limit": "1"])
        #expect(strings(first["tracks"], "title") == ["Hunter"])
        #expect(first["more"] == .bool(true))
        let second = try await json("/api/tracks", ["q": "bjork", "limit": "1", "offset": "1"])
        #expect(strings(second["tracks"], "title") == ["Jóga"])
        #expect(second["more"] == .bool(false))
    }
}

/// An action without parameters (undo, redo) takes an empty body, as `curl -X POST` sends it, with or
/// without `Content-Type: application/json`; a form's type is still refused, and a body that is there
/// must still be a JSON object.
struct EmptyBodyTests {
    let library = LibraryAPI(store: TestLibrary.store())
    let app: WebApp

    init() async throws {
        app = try await WebApp(library: library)
        _ = try await library.delete(.index(0))
    }

    func post(_ path: String, type: String?, body: String) async -> WebResponse {
        var headers = ["Host": "127.0.0.1:8080"]
        headers["Content-Type"] = type
        return await app.respond(
            to: WebRequest(method: "POST", path: path, headers: headers, body: Array(body.utf8)))
    }

    @Test(
        arguments: [
            ("application/json", ""), (nil, ""), ("application/json; charset=utf-8", " \r\n"),
            ("application/json", "{}"),
        ] as [(String?, String)])
    func undoAndRedoTakeAnEmptyBody(type: String?, body: String) async throws {
        let undone = await post("/api/undo", type: type, body: body)
        #expect(undone.status == 200, "\(String(decoding: undone.bytes, as: UTF8.self))")
        #expect(try JSONParser.parse(undone.bytes)["changed"] == .bool(true))
        #expect(try await library.count() == 5)
        let redone = await post("/api/redo", type: type, body: body)
        #expect(redone.status == 200)
        #expect(try await library.count() == 4)
    }

    @Test(
        arguments: [
            ("text/plain", ""), ("application/x-www-form-urlencoded", ""), ("application/json", "[]"),
            ("application/json", "{"), (nil, "{}"),
        ] as [(String?, String)])
    func aFormOrABodyThatIsNotAnObjectIsStillRefused(type: String?, body: String) async throws {
        #expect(await post("/api/undo", type: type, body: body).status == 400)
        #expect(try await library.count() == 4)
    }
}
