import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryWeb
import Foundation
import TestSupport
import Testing

/// The web app's handlers, in-process: no socket, no server.
struct WebAppTests {
    let library = LibraryAPI(store: TestLibrary.store())
    let app: WebApp

    init() async throws {
        app = try await WebApp(library: library)
    }

    func send(
        _ method: String, _ path: String, json: String? = nil, query: [String: String] = [:],
        headers: [String: String] = [:]
    ) async -> WebResponse {
        var fields = ["Host": "127.0.0.1:8080"].merging(headers) { $1 }
        if json != nil && fields["Content-Type"] == nil { fields["Content-Type"] = "application/json" }
        return await app.respond(
            to: WebRequest(
                method: method, path: path, query: query, headers: fields, body: Array((json ?? "").utf8)))
    }

    func body(_ response: WebResponse) throws -> JSONValue {
        try JSONParser.parse(response.bytes)
    }

    @Test func thePageAndItsAssetsAreServedWithAContentSecurityPolicy() async {
        let page = await send("GET", "/")
        #expect(page.status == 200)
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(page.headers["Content-Security-Policy"]?.contains("script-src 'self'") == true)
        #expect(
            String(decoding: page.bytes, as: UTF8.self).contains(
                "<script type=\"module\" src=\"/app.js\"></script>"))
        for script in Self.scripts {
            #expect(
                await send("GET", "/" + script).headers["Content-Type"] == "text/javascript; charset=utf-8")
        }
        #expect(await send("GET", "/app.css").status == 200)
        #expect(await send("GET", "/secret.txt").status == 404)
    }

    /// The page's script modules: app.js and every module it imports, directly or not.
    static let scripts = [
        "app.js", "album.js", "albums.js", "api.js", "dom.js", "grid.js", "lists.js", "pages.js", "player.js",
        "queue.js", "queuepanel.js", "rail.js", "scroller.js", "search.js", "trackresults.js", "tracks.js",
        "virtual.js", "lyrics.js", "radio.js", "account.js", "favourites.js", "playlists.js", "toplaylist.js",
    ]

    @Test func everyModuleThePageImportsIsServed() async {
        var imported: Set<String> = ["app.js"]
        for script in Self.scripts {
            let text = String(decoding: await send("GET", "/" + script).bytes, as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                if let name = line.split(separator: "\"").dropFirst().first, name.hasPrefix("./") {
                    imported.insert(String(name.dropFirst(2)))
                }
            }
        }
        #expect(imported == Set(Self.scripts))
    }

    @Test func thePageNeverPutsAlbumTextIntoHTML() async {
        var all = ""
        for script in Self.scripts {
            let text = String(decoding: await send("GET", "/" + script).bytes, as: UTF8.self)
            #expect(!text.contains("innerHTML"), "\(script)")
            #expect(!text.contains("insertAdjacentHTML"), "\(script)")
            all += text
        }
        #expect(all.contains("textContent"))
    }

    @Test func addUpdateDeleteUndoRedoThroughTheAPI() async throws {
        let added = await send(
            "POST", "/api/albums",
            json: #"{"title": "Heroes", "artist": "David Bowie", "year": 1977, "index": 1}"#)
        #expect(added.status == 201)
        let id = try #require(
            { if case .string(let id)? = try body(added)["id"] { return id } else { return nil } }())
        #expect(try await library.album(at: 1).title == "Heroes")
        let patched = await send("PATCH", "/api/albums/\(id)", json: #"{"genre": "Rock", "year": null}"#)
        #expect(patched.status == 200)
        #expect(try body(patched)["year"] == .null)
        #expect(try await body(send("GET", "/api/albums/\(id)"))["genre"] == .string("Rock"))
        #expect(await send("DELETE", "/api/albums/\(id)").status == 200)
        #expect(try await library.count() == 5)
        let undone = await send("POST", "/api/undo", json: "{}")
        #expect(try body(undone)["changed"] == .bool(true))
        #expect(try await library.album(at: 1).id.rawValue == id)
        #expect(try await body(send("POST", "/api/redo", json: "{}"))["state"]?["count"] == .number("5"))
    }

    @Test func theTutorialsEndpointsWork() async throws {
        #expect(
            await send("POST", "/api/addAlbum", json: #"{"title": "Ten", "artist": "Sting"}"#).status == 201)
        #expect(try await library.count() == 6)
        let deleted = await send("POST", "/api/deleteAlbum", json: "0")
        #expect(deleted.status == 200)
        #expect(try body(deleted)["deleted"]?["title"] == .string("Best of Bowie"))
        #expect(await send("POST", "/api/deleteAlbum", json: #"{"index": 0}"#).status == 200)
        #expect(try await library.count() == 4)
    }

    @Test func theStateSaysWhatTheToolbarShows() async throws {
        let state = try await body(send("GET", "/api/state"))
        #expect(state["can_undo"] == .bool(false))
        #expect(state["can_delete"] == .bool(true))
        #expect(state["current"]?["index"] == .number("0"))
        let selected = await send("PUT", "/api/state", json: #"{"current_index": 3}"#)
        #expect(try body(selected)["current"]?["index"] == .number("3"))
        #expect(
            await send("PUT", "/api/state", json: #"{"current_id": "6b1e7c9e-0000-4000-8000-000000000001"}"#)
                .status
                == 200)
        #expect(try await library.currentAlbum()?.index == 1)
    }

    @Test func coversHaveAContentTypeAnETagAndRevalidate() async throws {
        let app = try await WebApp(library: library, covers: CoverService(httpClient: nil, cache: nil))
        let send = { (path: String, headers: [String: String]) in
            await app.respond(
                to: WebRequest(
                    method: "GET", path: path, headers: ["Host": "localhost:8080"].merging(headers) { $1 }))
        }
        let directory = TemporaryDirectory("web-cover")
        let png = try ImageCodec.encodePNG(GeneratedArtwork(artist: "a", title: "b").image(size: 16))
        let path = directory.file("c.png")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(png)))
        let local = Fixtures.album("Local", cover: path)
        try await library.add(local)
        let real = await send("/covers/\(local.id)", [:])
        #expect(real.status == 200)
        #expect(real.headers["Content-Type"] == "image/png")
        #expect(real.bytes == png)
        let tag = try #require(real.headers["ETag"])
        #expect(await send("/covers/\(local.id)", ["If-None-Match": tag]).status == 304)
        let generated = await send("/covers/\(Album.seeds[0].id)", [:])
        #expect(generated.headers["Content-Type"] == "image/svg+xml")
        // Why not, in one word: a reason could tell a client whether a file exists.
        #expect(generated.headers["X-Cover-Failure"] == "unavailable")
        #expect(await send("/covers/\(AlbumID.random())", [:]).status == 404)
    }

    @Test func scriptInATitleStaysText() async throws {
        let title = "<img src=x onerror=alert(1)>"
        _ = await send("POST", "/api/albums", json: #"{"title": "\#(title)", "artist": "Mallory"}"#)
        let text = String(decoding: await send("GET", "/api/albums").bytes, as: UTF8.self)
        #expect(!text.contains("<img"))
        #expect(try await library.albums().last?.title == title)
    }

    @Test func writesNeedTheTokenOffLoopback() async throws {
        let guarded = try await WebApp(library: library, writeToken: "s3cret")
        guarded.listening(on: "192.168.1.2", port: 8080)
        let request = WebRequest(
            method: "POST", path: "/api/undo",
            headers: ["Content-Type": "application/json", "Host": "192.168.1.2:8080"], body: Array("{}".utf8))
        #expect(await guarded.respond(to: request).status == 401)
        var withToken = request
        withToken.headers["x-bluelibrary-token"] = "s3cret"
        #expect(await guarded.respond(to: withToken).status == 200)
        // Off loopback reads need it too (HostGuardTests).
        #expect(
            await guarded.respond(
                to: WebRequest(method: "GET", path: "/api/state", headers: ["Host": "192.168.1.2:8080"])
            ).status == 401)
    }
}

/// Malformed requests: each gets its status and a JSON error, and changes nothing.
struct WebMalformedRequestTests {
    let library = LibraryAPI(store: TestLibrary.store())

    @Test(
        arguments: [
            (
                "POST", "/api/albums", #"{"title": "A", "artist": "B"}"#, ["Content-Type": "text/plain"],
                false, 400, "malformed_input"
            ),
            ("POST", "/api/albums", #"{"title": "A", "artist": "B",}"#, [:], false, 400, "malformed_input"),
            ("POST", "/api/albums", #"{"title": "A""#, [:], false, 400, "malformed_input"),
            (
                "POST", "/api/albums", #"{"title": "A", "artist": "B", "rating": 5}"#, [:], false, 400,
                "malformed_input"
            ),
            ("POST", "/api/albums", #"{"title": 5, "artist": "B"}"#, [:], false, 400, "malformed_input"),
            (
                "POST", "/api/albums", #"{"title": "A", "artist": "B", "year": 12}"#, [:], false, 400,
                "invalid_field"
            ),
            (
                "POST", "/api/albums", #"{"title": "A", "artist": "B", "index": "first"}"#, [:], false, 400,
                "malformed_input"
            ),
            ("POST", "/api/albums", #"["not", "an", "object"]"#, [:], false, 400, "malformed_input"),
            ("POST", "/api/albums", #"{"title": "A", "artist": "B"}"#, [:], true, 413, "too_large"),
            (
                "POST", "/api/albums", #"{"title": "A", "artist": "B"}"#,
                ["Origin": "http://evil.example", "Host": "127.0.0.1:8080"], false, 403, "forbidden"
            ),
            (
                "DELETE", "/api/albums/6b1e7c9e-0000-4000-8000-000000000000", "",
                ["Sec-Fetch-Site": "cross-site"], false, 403, "forbidden"
            ),
            ("DELETE", "/api/albums/6b1e7c9e-0000-4000-8000-0000000000ff", "", [:], false, 404, "not_found"),
            ("DELETE", "/api/albums/not-an-id", "", [:], false, 404, "not_found"),
            (
                "PATCH", "/api/albums/6b1e7c9e-0000-4000-8000-000000000000", "{}", [:], false, 400,
                "malformed_input"
            ),
            (
                "PATCH", "/api/albums/6b1e7c9e-0000-4000-8000-000000000000", #"{"id": "x"}"#, [:], false, 400,
                "malformed_input"
            ),
            ("PUT", "/api/state", #"{"current_index": 99}"#, [:], false, 404, "not_found"),
            ("PUT", "/api/albums", "{}", [:], false, 405, "method_not_allowed"),
            ("POST", "/api/deleteAlbum", #""zero""#, [:], false, 400, "malformed_input"),
            ("POST", "/api/deleteAlbum", "7", [:], false, 404, "not_found"),
            ("GET", "/api/albums/../../etc/passwd", "", [:], false, 400, "bad_path"),
            ("GET", "/../etc/passwd", "", [:], false, 400, "bad_path"),
            ("GET", "/etc/passwd", "", [:], false, 404, "not_found"),
            ("GET", "/api/nothing", "", [:], false, 404, "not_found"),
        ] as [(String, String, String, [String: String], Bool, Int, String)])
    func aBadRequestIsRefusedAndChangesNothing(
        method: String, path: String, body: String, headers: [String: String], tooLarge: Bool, status: Int,
        code: String
    ) async throws {
        let app = try await WebApp(library: library)
        try await library.select(.index(2))
        let before = (try await library.albums(), try await library.state())
        var fields = ["Host": "127.0.0.1:8080"].merging(headers) { $1 }
        if fields["Content-Type"] == nil && !body.isEmpty { fields["Content-Type"] = "application/json" }
        let response = await app.respond(
            to: WebRequest(
                method: method, path: path, headers: fields, body: Array(body.utf8), bodyTooLarge: tooLarge))
        #expect(response.status == status)
        let error = try JSONParser.parse(response.bytes)["error"]
        #expect(error?["code"] == .string(code))
        if case .string(let message)? = error?["message"] {
            #expect(!message.isEmpty)
        } else {
            Issue.record("no message")
        }
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(try await library.albums() == before.0)
        #expect(try await library.state() == before.1)
    }
}

struct WebIdempotencyTests {
    @Test func postingTheSameAlbumAgainIsNotADuplicate() async throws {
        let library = LibraryAPI(store: TestLibrary.store())
        let app = try await WebApp(library: library)
        let body = Array(
            #"{"id": "0f8e8a7e-1111-4222-8333-444455556666", "title": "Once", "artist": "A", "index": 0}"#
                .utf8)
        let request = WebRequest(
            method: "POST", path: "/api/albums",
            headers: ["Content-Type": "application/json", "Host": "127.0.0.1:8080"], body: body)
        #expect(await app.respond(to: request).status == 201)
        #expect(await app.respond(to: request).status == 200)
        #expect(try await library.count() == 6)
        let other = Array(
            #"{"id": "0f8e8a7e-1111-4222-8333-444455556666", "title": "Twice", "artist": "A"}"#.utf8)
        let conflicting = WebRequest(
            method: "POST", path: "/api/albums",
            headers: ["Content-Type": "application/json", "Host": "127.0.0.1:8080"], body: other)
        #expect(await app.respond(to: conflicting).status == 409)
    }
}
