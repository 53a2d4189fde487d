import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryHTTP
import BlueLibraryScanner
import BlueLibraryServices
import BlueLibraryWeb
import TestSupport
import Testing

/// The web API's side of scanned albums staying whole: a delete or a bulk removal through the page,
/// undone (and redone, and undone again), gives the album back with its tracks, and an unchanged rescan
/// of its folder finds nothing to do.
@Suite(.timeLimit(.minutes(5)))
struct WebWholeAlbumTests {
    let library = LibraryAPI(store: TestLibrary.store())
    let app: WebApp

    init() async throws {
        app = try await WebApp(library: library)
    }

    private func send(_ method: String, _ path: String, json: String = "") async -> WebResponse {
        await app.respond(
            to: WebRequest(
                method: method, path: path,
                headers: [
                    "Host": "127.0.0.1:8080", "Content-Type": "application/json",
                    "Origin": "http://127.0.0.1:8080",
                ],
                body: Array(json.utf8)))
    }

    private func tracks(of album: AlbumID) async throws -> Int {
        let response = await send("GET", "/api/albums/\(album)")
        guard case .array(let tracks)? = try JSONParser.parse(response.bytes)["tracks"] else { return -1 }
        return tracks.count
    }

    @Test func aLocalCoverIsNamedByItsRouteNeverItsPath() async throws {
        let id = try await library.add(
            try Album(title: "Local", artist: "Me", coverURL: "file:///home/me/Music/Local/cover.jpg")
        ).album?.id
        let album = try #require(id)
        for path in ["/api/albums/\(album)", "/api/albums?q=local", "/api/tracks?q=album:local"] {
            let body = String(decoding: await send("GET", path).bytes, as: UTF8.self)
            #expect(!body.contains("/home/me"), "\(path): \(body)")
        }
        let details = try JSONParser.parse(await send("GET", "/api/albums/\(album)").bytes)
        #expect(details["cover_url"] == .string("/covers/\(album)"))
        // The album sent back as it came changes nothing, its cover included.
        let back = await send(
            "PATCH", "/api/albums/\(album)", json: #"{"title": "Local", "cover_url": "/covers/\#(album)"}"#)
        #expect(back.status == 200, "\(String(decoding: back.bytes, as: UTF8.self))")
        #expect(
            try await library.album(.id(album)).album.coverURL == "file:///home/me/Music/Local/cover.jpg")
        // A remote cover is a URL anyone may know, and stays as it is.
        let seed = try JSONParser.parse(await send("GET", "/api/albums/\(Album.seeds[0].id)").bytes)
        #expect(seed["cover_url"] == .string(Album.seeds[0].coverURL))
    }

    @Test(arguments: ["delete", "remove"], [1, 2, 3])
    func aChangeThroughThePageAndItsUndoKeepTheAlbumWhole(change: String, steps: Int) async throws {
        let music = try await AudioLibrary(library, names: ["one.wav", "two.wav"])
        try await library.add(try Album(title: "Typed", artist: "Person"))
        let id = music.album.id
        let change =
            change == "delete"
            ? await send("DELETE", "/api/albums/\(id)")
            : await send("POST", "/api/remove", json: #"{"query": "album:=Sines"}"#)
        #expect(change.status == 200)
        for step in 0..<steps {
            #expect(
                await send("POST", step.isMultiple(of: 2) ? "/api/undo" : "/api/redo", json: "{}").status
                    == 200)
        }
        let present = steps != 2
        #expect(try await tracks(of: id) == (present ? 2 : -1))
        let (rescan, _) = try await FolderImporter(library: library, scanner: MusicScanner()).importFolder(
            music.folder.path)
        #expect((rescan.added, rescan.updated, rescan.removed) == (0, 0, 0))
        #expect(try await library.albums().filter { $0.title == "Sines" }.count == (present ? 1 : 0))
        for track in music.tracks {
            #expect(await send("GET", "/api/tracks/\(track.id)/audio").status == (present ? 200 : 404))
        }
    }
}
