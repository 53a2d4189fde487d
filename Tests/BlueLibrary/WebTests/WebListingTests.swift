import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryWeb
import TestSupport
import Testing

/// `GET /api/albums` in pages: a total, an offset and at most a page of albums per answer, however
/// large the library; a page around a given album; and the page's year typed as text.
struct WebListingTests {
    let library: LibraryAPI
    let app: WebApp

    /// The five seeds and 1,200 more, so a page is a small part of the library.
    init() async throws {
        library = LibraryAPI(store: TestLibrary.store())
        try await library.importAlbums(
            Album.seeds
                + (0..<1200).map {
                    Fixtures.album("Song \($0)", by: $0 % 2 == 0 ? "Even" : "Odd", year: 1900 + $0 % 100)
                })
        app = try await WebApp(library: library)
    }

    func get(_ query: [String: String]) async -> WebResponse {
        await app.respond(
            to: WebRequest(
                method: "GET", path: "/api/albums", query: query, headers: ["Host": "127.0.0.1:8080"]))
    }

    func page(_ query: [String: String] = [:]) async throws -> JSONValue {
        let response = await get(query)
        #expect(response.status == 200, "\(query): \(String(decoding: response.bytes, as: UTF8.self))")
        return try JSONParser.parse(response.bytes)
    }

    func albums(_ page: JSONValue) -> [JSONValue] {
        if case .array(let albums)? = page["albums"] { return albums }
        Issue.record("no albums array in \(page)")
        return []
    }

    func titles(_ page: JSONValue) -> [String] {
        albums(page).compactMap { if case .string(let title)? = $0["title"] { title } else { nil } }
    }

    @Test func aPlainRequestGetsTheFirstPageAndTheTotal() async throws {
        let first = try await page()
        #expect(first["total"] == .number("1205"))
        #expect(first["offset"] == .number("0"))
        #expect(first["limit"] == .number(String(WebApp.defaultPageSize)))
        #expect(first["position"] == nil)
        #expect(albums(first).count == WebApp.defaultPageSize)
        guard case .object(let album) = albums(first).first else {
            Issue.record("the first album is a JSON object")
            return
        }
        #expect(album.map(\.key) == ["id", "title", "artist", "genre", "year", "cover_url", "mbid", "index"])
        #expect(titles(first).prefix(6) == Fixtures.seedTitles[...] + ["Song 0"])
    }

    @Test func pagesFollowOneAnotherToTheEnd() async throws {
        let middle = try await page(["offset": "600", "limit": "3"])
        #expect(titles(middle) == ["Song 595", "Song 596", "Song 597"])
        #expect(albums(middle).map { $0["index"] } == [.number("600"), .number("601"), .number("602")])
        let last = try await page(["offset": "1200", "limit": "500"])
        #expect(titles(last) == ["Song 1195", "Song 1196", "Song 1197", "Song 1198", "Song 1199"])
        #expect(titles(try await page(["offset": "5000"])) == [])
        #expect(try await page(["limit": "0"])["total"] == .number("1205"))
    }

    @Test func aSearchIsPagedTooAndKeepsLibraryIndexes() async throws {
        let odd = try await page(["q": "artist:odd year:1999", "limit": "2", "offset": "1"])
        #expect(odd["total"] == .number("12"))
        #expect(titles(odd) == ["Song 199", "Song 299"])
        #expect(albums(odd).map { $0["index"] } == [.number("204"), .number("304")])
    }

    @Test func aPageAroundAnAlbumHasItInTheMiddle() async throws {
        let target = try await library.album(at: 700)
        let around = try await page(["around": target.id.rawValue, "limit": "11"])
        #expect(around["position"] == .number("700"))
        #expect(around["offset"] == .number("695"))
        #expect(titles(around)[5] == target.title)
        let nearTheEnd = try await page([
            "around": try await library.album(at: 1203).id.rawValue, "limit": "11",
        ])
        #expect(nearTheEnd["offset"] == .number("1194"))
        #expect(albums(nearTheEnd).count == 11)
        let sorted = try await page(["q": "song year-", "around": target.id.rawValue, "limit": "4"])
        let expected = try await library.albums(matching: Query(parsing: "song year-")).firstIndex {
            $0.id == target.id
        }
        #expect(sorted["position"] == .number(String(try #require(expected))))
        #expect(titles(sorted)[2] == target.title)
    }

    @Test func aPageAroundAnAlbumThatDoesNotMatchSaysSo() async throws {
        let bowie = Album.seeds[0].id.rawValue
        let page = try await page(["q": "artist:odd", "around": bowie, "limit": "3", "offset": "3"])
        #expect(page["position"] == .null)
        #expect(page["offset"] == .number("3"))
        #expect(try await self.page(["around": AlbumID.random().rawValue])["position"] == .null)
    }

    @Test(arguments: [
        ["limit": "501"], ["limit": "-1"], ["limit": "ten"], ["offset": "-5"], ["offset": "1.5"],
        ["around": "not-an-id"], ["q": "year:abc"],
    ])
    func aBadParameterIsRefusedWithItsName(query: [String: String]) async throws {
        let response = await get(query)
        #expect(response.status == 400)
        let message = try JSONParser.parse(response.bytes)["error"]?["message"]
        guard case .string(let text)? = message else {
            Issue.record("no message")
            return
        }
        if let name = query.keys.first, name != "q" { #expect(text.contains(name), "\(text)") }
    }

    @Test func aYearTypedAsTextIsParsedLikeTheCommandLineAndEchoedWhenWrong() async throws {
        func send(_ method: String, _ path: String, _ json: String) async -> WebResponse {
            await app.respond(
                to: WebRequest(
                    method: method, path: path,
                    headers: ["Host": "127.0.0.1:8080", "Content-Type": "application/json"],
                    body: Array(json.utf8)))
        }
        let added = await send(
            "POST", "/api/albums", #"{"title": "Heroes", "artist": "Bowie", "year": " 1977 "}"#)
        #expect(added.status == 201)
        let album = try JSONParser.parse(added.bytes)
        #expect(album["year"] == .number("1977"))
        guard case .string(let id)? = album["id"] else {
            Issue.record("the added album has an id: \(album)")
            return
        }
        let bad = await send("PATCH", "/api/albums/\(id)", #"{"year": "19x7"}"#)
        #expect(bad.status == 400)
        #expect(
            try JSONParser.parse(bad.bytes)["error"]?["message"]
                == .string("invalid year '19x7': not a whole number"))
        let none = await send("PATCH", "/api/albums/\(id)", #"{"year": ""}"#)
        #expect(try JSONParser.parse(none.bytes)["year"] == .null)
        let tooBig = await send("POST", "/api/albums", #"{"title": "X", "artist": "Y", "year": "20000"}"#)
        #expect(
            try JSONParser.parse(tooBig.bytes)["error"]?["message"]
                == .string("invalid year '20000': must be between 1000 and 9999"))
    }
}
