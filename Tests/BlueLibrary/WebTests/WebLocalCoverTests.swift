import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryWeb
import Foundation
import TestSupport
import Testing

/// Through the web API a client cannot point a cover at a local file (and so read any file the server
/// can), nor learn from a cover's failure whether a file exists.
struct WebLocalCoverTests {
    let library = LibraryAPI(store: TestLibrary.store())
    let app: WebApp
    let directory = TemporaryDirectory("web-local-cover")

    init() async throws {
        app = try await WebApp(library: library, covers: CoverService(httpClient: nil, cache: nil))
    }

    private func send(_ method: String, _ path: String, _ json: String? = nil) async -> WebResponse {
        var headers = ["Host": "127.0.0.1:8080"]
        if json != nil { headers["Content-Type"] = "application/json" }
        return await app.respond(
            to: WebRequest(method: method, path: path, headers: headers, body: Array((json ?? "").utf8)))
    }

    @Test(arguments: ["file:///etc/passwd", "/etc/passwd", "FILE://localhost/etc/shadow", "file:/etc/hosts"])
    func aLocalFileCannotBeSetAsACover(cover: String) async throws {
        let id = Album.seeds[1].id
        let before = try await library.albums()
        let patched = await send("PATCH", "/api/albums/\(id)", #"{"cover_url": "\#(cover)"}"#)
        #expect(patched.status == 400)
        #expect(String(decoding: patched.bytes, as: UTF8.self).contains("a local file cannot be set"))
        let added = await send(
            "POST", "/api/albums", #"{"title": "T", "artist": "A", "cover_url": "\#(cover)"}"#)
        #expect(added.status == 400)
        let modified = await send(
            "POST", "/api/modify", #"{"query": "", "changes": {"cover_url": "\#(cover)"}}"#)
        #expect(modified.status == 400)
        #expect(try await library.albums() == before)
    }

    @Test func anAlbumKeepsTheLocalCoverItHasAndHttpCoversAreFine() async throws {
        let local = Fixtures.album("Scanned", cover: "file://" + directory.file("cover.png"))
        try await library.add(local)
        let same = await send(
            "PATCH", "/api/albums/\(local.id)", #"{"cover_url": "\#(local.coverURL)", "genre": "Folk"}"#)
        #expect(same.status == 200)
        let web = await send(
            "PATCH", "/api/albums/\(local.id)", #"{"cover_url": "https://example.org/c.png"}"#)
        #expect(web.status == 200)
    }

    @Test func aCoverFailureSaysOnlyUnavailable() async throws {
        let notAnImage = directory.write("shadow", "root:x:0:0")
        let missing = directory.file("nothing.png")
        var answers: Set<String> = []
        for cover in [notAnImage, missing] {
            let album = Fixtures.album("Probe \(answers.count)", cover: cover)
            try await library.add(album)
            let response = await send("GET", "/covers/\(album.id)")
            #expect(response.status == 200)
            answers.insert(response.headers["X-Cover-Failure"] ?? "none")
        }
        // A file that exists but is no image and one that does not exist look the same.
        #expect(answers == ["unavailable"])
    }
}
