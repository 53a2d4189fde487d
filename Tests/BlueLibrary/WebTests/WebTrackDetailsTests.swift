import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryHTTP
import BlueLibraryScanner
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryWeb
import Foundation
import TestSupport
import Testing

/// What the page plays and shows by: the album details' tracks carry their credits, disc subtitle and
/// ReplayGain, and `GET /api/tracks/{id}/lyrics` lists a track's lyrics, synced lines with their times.
@Suite(.timeLimit(.minutes(5)))
struct WebTrackDetailsTests {
    let folder = TemporaryDirectory("bluelibrary-web-details")
    let library = LibraryAPI(store: TestLibrary.store())
    let app: WebApp
    let duet: Track
    let plain: Track
    let albumID: AlbumID

    /// "Mix": "Duet" (``FixtureTags/detailed``, with `duet.lrc` beside it) on disc 1, "Quiet" on disc 2
    /// with no lyrics and no ReplayGain.
    init() async throws {
        var duetTags = FixtureTags.detailed
        (duetTags.album, duetTags.albumArtist, duetTags.disc, duetTags.track) = ("Mix", "Ann", "1", "1")
        try await AudioFixtures.write(.flac, to: folder.file("duet.flac"), tags: duetTags)
        try "[00:00.50]Beside it\n".write(toFile: folder.file("duet.lrc"), atomically: true, encoding: .utf8)
        try await AudioFixtures.write(
            .ogg, to: folder.file("quiet.ogg"),
            tags: FixtureTags(
                title: "Quiet", artist: "Ann", albumArtist: "Ann", album: "Mix", track: "1", disc: "2"))
        _ = try await FolderImporter(library: library, scanner: MusicScanner()).importFolder(folder.path)
        app = try await WebApp(library: library, lyrics: MusicScanner())
        let album = try #require(try await library.albums().first { $0.title == "Mix" })
        albumID = album.id
        let tracks = try await library.tracks(of: album.id)
        duet = try #require(tracks.first { $0.title == "Duet" })
        plain = try #require(tracks.first { $0.title == "Quiet" })
    }

    func get(_ path: String) async throws -> (Int, JSONValue) {
        let response = await app.respond(
            to: WebRequest(method: "GET", path: path, headers: ["Host": "127.0.0.1:8080"]))
        return (response.status, try JSONParser.parse(response.bytes))
    }

    @Test func theAlbumsTracksCarryCreditsSubtitleAndReplayGain() async throws {
        let (status, album) = try await get("/api/albums/\(albumID)")
        #expect(status == 200)
        let tracks = try #require(album["tracks"]?.list)
        #expect(tracks.map { $0["disc"] } == [.number("1"), .number("2")])
        #expect(tracks[0]["artists"] == .array([.string("Ann"), .string("Bob")]))
        #expect(tracks[0]["discSubtitle"] == .string("The Live Set"))
        #expect(tracks[0]["replayGain"]?["trackGain"] == .number("-6.54"))
        #expect(tracks[0]["replayGain"]?["albumPeak"] == .number("1.1"))
        #expect(tracks[1]["replayGain"] == nil && tracks[1]["discSubtitle"] == nil)
    }

    @Test func aTracksLyricsAreListedFileFirst() async throws {
        let (status, answer) = try await get("/api/tracks/\(duet.id)/lyrics")
        #expect(status == 200)
        let lyrics = try #require(answer["lyrics"]?.list)
        #expect(lyrics.map { $0["origin"] } == [.string("duet.lrc"), .string("embedded")])
        #expect(lyrics[0]["synced"] == .bool(true))
        #expect(
            lyrics[0]["lines"]
                == .array([.object([("start", .number("500")), ("text", .string("Beside it"))])]))
        #expect(lyrics[1]["lines"]?.list.map { $0["start"] } == [.number("1500"), .number("3250")])
        let (_, none) = try await get("/api/tracks/\(plain.id)/lyrics")
        #expect(none["lyrics"] == .array([]))
        let (missing, error) = try await get("/api/tracks/0123456789abcdef0123456789abcdef/lyrics")
        #expect(missing == 404)
        #expect(error["error"]?["code"] != nil)
    }
}

/// `PATCH /api/tracks/{id}`: a track's fields edited from the page, one undo step, the album's tracks in
/// their new order; a bad body is one 400 naming what is wrong, and changes nothing.
extension WebTrackDetailsTests {
    private func patch(_ id: String, _ body: String) async throws -> (Int, JSONValue) {
        let response = await app.respond(
            to: WebRequest(
                method: "PATCH", path: "/api/tracks/\(id)",
                headers: ["Host": "127.0.0.1:8080", "Content-Type": "application/json"],
                body: Array(body.utf8)))
        return (response.status, try JSONParser.parse(response.bytes))
    }

    private func titles() async throws -> [String] {
        try await get("/api/albums/\(albumID)").1["tracks"]?.list.compactMap { $0["title"]?.text } ?? []
    }

    @Test func aTrackIsEditedFromThePageAndUndone() async throws {
        let (status, album) = try await patch(plain.id, #"{"title": "Louder", "disc": 1, "number": 2}"#)
        #expect(status == 200, "\(album)")
        let tracks = album["tracks"]?.list ?? []
        #expect(tracks.compactMap { $0["title"]?.text } == ["Duet", "Louder"])
        #expect(tracks.last?["disc"]?.int == 1)
        #expect(tracks.last?["number"]?.int == 2)
        let undo = await app.respond(
            to: WebRequest(method: "POST", path: "/api/undo", headers: ["Host": "127.0.0.1:8080"]))
        #expect(undo.status == 200)
        #expect(try await titles() == ["Duet", "Quiet"])
        let (cleared, after) = try await patch(duet.id.uppercased(), #"{"number": null, "artist": "Ann"}"#)
        #expect(cleared == 200, "\(after)")
        #expect(after["tracks"]?.list.first { $0["title"]?.text == "Duet" }?["number"] == .null)
    }

    /// A track's genres from the page, as text or a list, each edit one undo step.
    @Test func aTracksGenresAreEditedFromThePage() async throws {
        func genres(_ album: JSONValue) -> [String] {
            album["tracks"]?.list.first { $0["title"]?.text == "Quiet" }?["genres"]?.list.compactMap(\.text)
                ?? []
        }
        #expect(genres(try await get("/api/albums/\(albumID)").1) == [])
        let (status, album) = try await patch(plain.id, #"{"genre": "Ambient; Drone"}"#)
        #expect(status == 200, "\(album)")
        #expect(genres(album) == ["Ambient", "Drone"])
        let (listed, again) = try await patch(plain.id, #"{"genre": ["Drone"]}"#)
        #expect(listed == 200 && genres(again) == ["Drone"], "\(again)")
        let undo = await app.respond(
            to: WebRequest(method: "POST", path: "/api/undo", headers: ["Host": "127.0.0.1:8080"]))
        #expect(undo.status == 200)
        #expect(genres(try await get("/api/albums/\(albumID)").1) == ["Ambient", "Drone"])
        _ = await app.respond(
            to: WebRequest(method: "POST", path: "/api/undo", headers: ["Host": "127.0.0.1:8080"]))
        #expect(genres(try await get("/api/albums/\(albumID)").1) == [])
        let (bad, error) = try await patch(plain.id, #"{"genre": 5}"#)
        #expect(bad == 400)
        #expect(error["error"]?["message"]?.text?.contains(#""genre" must be a string"#) == true, "\(error)")
    }

    @Test func aBadTrackEditIsOne400AndChangesNothing() async throws {
        for (body, message) in [
            (#"{"title": ""}"#, "invalid title"),
            (#"{"number": 0}"#, "invalid number '0'"),
            (#"{"disc": "2"}"#, #""disc" must be a whole number"#),
            (#"{"title": 5}"#, #""title" must be a string"#),
            (#"{"genre": ["Drone", 5]}"#, #""genre" must be a string or an array of strings"#),
            (#"{"year": 1999}"#, #"unknown track field "year""#),
            ("{}", "names no field"),
        ] {
            let (status, error) = try await patch(plain.id, body)
            #expect(status == 400, "\(body)")
            #expect(error["error"]?["message"]?.text?.contains(message) == true, "\(body): \(error)")
        }
        let (missing, _) = try await patch("00000000-0000-8000-8000-000000000000", #"{"title": "X"}"#)
        #expect(missing == 404)
        #expect(try await titles() == ["Duet", "Quiet"])
    }
}
