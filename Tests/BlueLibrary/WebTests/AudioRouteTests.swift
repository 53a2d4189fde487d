import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryWeb
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a `Range` header should get from a file: the whole of it, the bytes `first...last` (negative
/// numbers count from the end: -1 is the last byte), or 416.
enum RangeAnswer: Sendable, CustomTestStringConvertible {
    case whole
    case part(Int64, Int64)
    case unsatisfiable

    var testDescription: String { "\(self)" }
}

/// `GET /api/tracks/{id}/audio` and the album details' tracks, in-process (no socket): which part of
/// which file an answer carries, with which headers and status. The bytes on the wire are
/// `AudioServerTests`'.
@Suite(.timeLimit(.minutes(5)))
struct AudioRouteTests {
    let library = LibraryAPI(store: TestLibrary.store())
    let app: WebApp

    init() async throws {
        app = try await WebApp(library: library)
    }

    func send(_ method: String, _ path: String, headers: [String: String] = [:]) async -> WebResponse {
        await app.respond(
            to: WebRequest(
                method: method, path: path, headers: ["Host": "127.0.0.1:8080"].merging(headers) { $1 }))
    }

    /// The part of a file an answer sends, or `nil` when its body is not a file.
    func part(_ response: WebResponse) -> (offset: Int64, length: Int64, size: Int64)? {
        guard case .file(let file, let offset, let length) = response.body else { return nil }
        return (offset, length, file.size)
    }

    func size(of track: Track) throws -> Int64 {
        Int64(try #require(try FileManager.default.attributesOfItem(atPath: track.path)[.size] as? Int))
    }

    // MARK: The details

    @Test func theDetailsListTheTracksInOrderByTheirAudioURLNeverTheirPaths() async throws {
        let music = try await AudioLibrary(library, names: ["one.wav", "two.flac"])
        let response = await send("GET", "/api/albums/\(music.album.id)")
        #expect(response.status == 200)
        let text = String(decoding: response.bytes, as: UTF8.self)
        #expect(!text.contains(music.folder.path) && !text.contains("\"path\""), "\(text)")
        let body = try JSONParser.parse(response.bytes)
        guard case .array(let tracks)? = body["tracks"] else {
            Issue.record("no tracks: \(text)")
            return
        }
        #expect(tracks.count == 2)
        for (json, track) in zip(tracks, music.tracks) {
            #expect(json["id"] == .string(track.id))
            #expect(json["title"] == .string(track.title))
            #expect(json["artist"] == .string("Oscillator"))
            #expect(json["disc"] == .number("1"))
            #expect(json["audio"] == .string("/api/tracks/\(track.id)/audio"))
            guard case .object(let members)? = Optional(json) else { continue }
            #expect(
                members.map(\.key) == [
                    "id", "disc", "number", "title", "artist", "duration", "audio", "artists", "genres",
                ])
            if case .number(let seconds)? = json["duration"], let duration = Double(seconds) {
                #expect(abs(duration - AudioFixtures.duration) < 0.2)
            } else {
                Issue.record("no duration in \(json)")
            }
        }
        #expect(tracks.map { $0["number"] } == [.number("1"), .number("2")])
        // The seed albums made way for the folder's album: it is the first.
        #expect(body["index"] == .number("0"))
    }

    @Test func anAlbumTypedByHandHasNoTracksAndTheListingCarriesNone() async throws {
        _ = try await AudioLibrary(library, names: ["one.wav"])
        let typed = try Album(title: "Typed", artist: "Person")
        try await library.add(typed)
        let details = await send("GET", "/api/albums/\(typed.id)")
        #expect(try JSONParser.parse(details.bytes)["tracks"] == .array([]))
        let listing = String(decoding: await send("GET", "/api/albums").bytes, as: UTF8.self)
        #expect(listing.contains("\"Sines\""))
        #expect(!listing.contains("\"tracks\""), "the paged listing stays light")
    }

    // MARK: Ranges

    @Test func withoutARangeTheWholeFileIsSentWithItsTypeAndAcceptRanges() async throws {
        let music = try await AudioLibrary(library, names: ["one.wav"])
        let track = music.tracks[0]
        let response = await send("GET", AudioLibrary.audio(track))
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "audio/wav")
        #expect(response.headers["Accept-Ranges"] == "bytes")
        #expect(response.headers["Content-Range"] == nil)
        #expect(response.headers["Content-Security-Policy"]?.contains("media-src 'self'") == true)
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        let (sent, size) = (try #require(part(response)), try size(of: track))
        #expect(sent.offset == 0 && sent.length == size && sent.size == size)
    }

    @Test(arguments: [
        ("bytes=0-99", RangeAnswer.part(0, 99)), ("bytes=100-199", .part(100, 199)),
        ("bytes=100-", .part(100, -1)), ("bytes=0-", .part(0, -1)), ("bytes=-100", .part(-100, -1)),
        ("bytes=0-0", .part(0, 0)), ("BYTES=5-9", .part(5, 9)), (" bytes=5-9 ", .part(5, 9)),
        ("bytes=0-1, ,", .part(0, 1)), ("bytes=10-99999999999", .part(10, -1)),
        ("bytes=-99999999999", .part(0, -1)), ("bytes=99999999-", .unsatisfiable),
        ("bytes=99999999-99999999", .unsatisfiable), ("bytes=999999999999999999999999-", .unsatisfiable),
        ("bytes=-0", .unsatisfiable),
        // Several ranges, or a header that is malformed or not about bytes: the whole file.
        ("bytes=0-1,5-9", .whole), ("bytes=0-1, 3-4", .whole), ("bytes=9-5", .whole), ("bytes=abc", .whole),
        ("bytes=", .whole), ("bytes=-", .whole), ("bytes=1-2-3", .whole), ("bytes=+1-2", .whole),
        ("bytes=0x10-20", .whole), ("bytes 0-9", .whole), ("items=0-9", .whole), ("", .whole),
    ])
    func aRangeHeaderIsAnsweredAsRFC9110Says(header: String, answer: RangeAnswer) async throws {
        let music = try await AudioLibrary(library, names: ["one.wav"])
        let track = music.tracks[0]
        let size = try size(of: track)
        let response = await send("GET", AudioLibrary.audio(track), headers: ["Range": header])
        #expect(response.headers["Accept-Ranges"] == "bytes")
        switch answer {
        case .whole:
            #expect(response.status == 200)
            #expect(response.headers["Content-Range"] == nil)
            #expect(part(response).map { [$0.offset, $0.length] } == [0, size])
        case .part(let first, let last):
            let (from, to) = (first < 0 ? size + first : first, last < 0 ? size + last : last)
            #expect(response.status == 206)
            #expect(response.headers["Content-Range"] == "bytes \(from)-\(to)/\(size)")
            #expect(part(response).map { [$0.offset, $0.length] } == [from, to - from + 1])
        case .unsatisfiable:
            #expect(response.status == 416)
            #expect(response.headers["Content-Range"] == "bytes */\(size)")
            #expect(
                try JSONParser.parse(response.bytes)["error"]?["code"] == .string("range_not_satisfiable"))
        }
    }

    @Test func theLastByteIsTheLastThatCanBeAskedFor() async throws {
        let music = try await AudioLibrary(library, names: ["one.wav"])
        let (track, size) = (music.tracks[0], try size(of: music.tracks[0]))
        let last = await send("GET", AudioLibrary.audio(track), headers: ["Range": "bytes=\(size - 1)-"])
        #expect(last.status == 206)
        #expect(last.headers["Content-Range"] == "bytes \(size - 1)-\(size - 1)/\(size)")
        let past = await send("GET", AudioLibrary.audio(track), headers: ["Range": "bytes=\(size)-"])
        #expect(past.status == 416)
        #expect(part(past) == nil)
    }

    @Test func ifRangeAnswersTheRangeOnlyForTheSameFile() async throws {
        let music = try await AudioLibrary(library, names: ["one.wav"])
        let url = AudioLibrary.audio(music.tracks[0])
        let tag = try #require(await send("GET", url).headers["ETag"])
        #expect(await send("GET", url, headers: ["Range": "bytes=0-9", "If-Range": tag]).status == 206)
        #expect(
            await send("GET", url, headers: ["Range": "bytes=0-9", "If-Range": "\"other\""]).status == 200)
        // A rewritten file is another file.
        try Data(repeating: 7, count: 1000).write(to: URL(fileURLWithPath: music.tracks[0].path))
        let rewritten = await send("GET", url, headers: ["Range": "bytes=0-9", "If-Range": tag])
        #expect(rewritten.status == 200)
        #expect(rewritten.headers["ETag"] != tag)
        #expect(part(rewritten)?.length == 1000)
    }

    @Test func headAnswersTheSameStatusAndHeaders() async throws {
        let music = try await AudioLibrary(library, names: ["one.wav"])
        let url = AudioLibrary.audio(music.tracks[0])
        for range in [nil, "bytes=10-19", "bytes=99999999-"] as [String?] {
            let headers = range.map { ["Range": $0] } ?? [:]
            let get = await send("GET", url, headers: headers)
            let head = await send("HEAD", url, headers: headers)
            #expect(head.status == get.status && head.headers == get.headers, "\(range ?? "no range")")
        }
    }

    // MARK: Types

    @Test func eachFormatHasItsContentType() async throws {
        let music = try await AudioLibrary(library, names: AudioLibrary.everyFormat)
        let expected = [
            "mp3.mp3": "audio/mpeg", "flac.flac": "audio/flac", "ogg.ogg": "audio/ogg",
            "oga.oga": "audio/ogg",
            "opus.opus": "audio/ogg", "m4a.m4a": "audio/mp4", "wav.wav": "audio/wav",
            "m4a copy.mp4": "audio/mp4",
            "LOUD.MP3": "audio/mpeg",
        ]
        #expect(Set(expected.keys) == Set(AudioLibrary.everyFormat))
        for (name, type) in expected {
            let response = await send("GET", AudioLibrary.audio(music.track(name)))
            #expect(response.status == 200, "\(name)")
            #expect(response.headers["Content-Type"] == type, "\(name)")
        }
    }

    // MARK: What is not served

    @Test(arguments: [
        "0b4b0e8c-54a6-8c2a-9b3d-2f6a1e0c9d11", "nope", "", "%2e%2e", "..%2f..%2fetc%2fpasswd",
        "0b4b0e8c54a68c2a9b3d2f6a1e0c9d11x", "0B4B0E8C-54A6-8C2A-9B3D-2F6A1E0C9D1Z",
    ])
    func anUnknownOrMalformedIdIs404(id: String) async throws {
        _ = try await AudioLibrary(library, names: ["one.wav"])
        let response = await send("GET", "/api/tracks/\(id)/audio")
        #expect(response.status == 404)
        #expect(try JSONParser.parse(response.bytes)["error"]?["code"] == .string("not_found"))
        #expect(part(response) == nil)
    }

    @Test func anAlbumsIdIsNoTracksAndATrackIdAnswersInAnySpelling() async throws {
        let music = try await AudioLibrary(library, names: ["one.wav"])
        #expect(await send("GET", "/api/tracks/\(music.album.id)/audio").status == 404)
        #expect(await send("GET", "/api/tracks/\(music.tracks[0].id.uppercased())/audio").status == 200)
    }

    @Test func aPathInTheURLNeverServesAFile() async throws {
        let music = try await AudioLibrary(library, names: ["one.wav"])
        let file = music.tracks[0].path
        // The server decodes the path before the app sees it: `%2f` is a slash, `%2e` a dot here.
        for path in [
            "/api/tracks/../../etc/passwd/audio", "/api/tracks//etc/passwd/audio",
            "/api/tracks/\(file)/audio",
            "/api/tracks/\(file)", "/api/tracks/one.wav/audio", "/api/tracks/./audio", "/api/tracks/../audio",
            "/api/tracks/\(music.tracks[0].id)/../../../etc/passwd",
            "/api/tracks/\(music.tracks[0].id)/audio/x",
            "/api/tracks/\(music.tracks[0].id)/file",
        ] {
            let response = await send("GET", path)
            #expect([400, 404].contains(response.status), "\(path): \(response.status)")
            #expect(part(response) == nil, "\(path)")
            #expect(try JSONParser.parse(response.bytes)["error"] != nil, "\(path)")
        }
        // The track's own path is where it is edited (PATCH), never read: no file there either.
        let track = await send("GET", "/api/tracks/\(music.tracks[0].id)")
        #expect(track.status == 405 && track.headers["Allow"] == "PATCH")
        #expect(part(track) == nil)
        #expect(try JSONParser.parse(track.bytes)["error"] != nil)
    }

    @Test func aFileGoneSinceTheScanIs404WithoutItsPath() async throws {
        let music = try await AudioLibrary(library, names: ["one.wav", "two.wav", "three.wav", "four.wav"])
        let (gone, folder, link, fifo) = (music.tracks[0], music.tracks[1], music.tracks[2], music.tracks[3])
        try FileManager.default.removeItem(atPath: gone.path)
        // Something else where a track's file was: a folder, a symbolic link, a FIFO (which must not
        // hang the server: opening one for reading waits for a writer).
        try FileManager.default.removeItem(atPath: folder.path)
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: false)
        try FileManager.default.removeItem(atPath: link.path)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/etc/passwd")
        try FileManager.default.removeItem(atPath: fifo.path)
        #expect(mkfifo(fifo.path, 0o600) == 0)
        for track in [gone, folder, link, fifo] {
            let response = await send("GET", AudioLibrary.audio(track))
            #expect(response.status == 404, "\(track.path)")
            let text = String(decoding: response.bytes, as: UTF8.self)
            #expect(text.contains(track.id) && !text.contains(music.folder.path), "\(text)")
            #expect(part(response) == nil)
        }
    }

    @Test func aRequestNamingAnotherHostGetsNoAudio() async throws {
        let music = try await AudioLibrary(library, names: ["one.wav"])
        app.listening(on: "127.0.0.1", port: 8080)
        let rebound = await send(
            "GET", AudioLibrary.audio(music.tracks[0]), headers: ["Host": "evil.example:8080"])
        #expect(rebound.status == 421)
        #expect(part(rebound) == nil)
        #expect(await send("GET", AudioLibrary.audio(music.tracks[0])).status == 200)
    }

    @Test func onlyGetAndHeadReachTheAudio() async throws {
        let music = try await AudioLibrary(library, names: ["one.wav"])
        for method in ["POST", "PUT", "PATCH", "DELETE"] {
            let response = await send(method, AudioLibrary.audio(music.tracks[0]))
            #expect(response.status == 405, "\(method)")
            #expect(part(response) == nil)
        }
    }
}
