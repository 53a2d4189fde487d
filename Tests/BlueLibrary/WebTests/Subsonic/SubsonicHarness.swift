import AudioKit
import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryHTTP
import BlueLibraryScanner
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryTranscoding
import BlueLibraryWeb
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// A library served through the Subsonic API in-process (no socket): a music folder made by ffmpeg —
/// "Sines" by Oscillator (two MP3 tracks and folder art, Electronic, 2001) and "Début" by Björk (one
/// FLAC track, Pop, 1993) — imported into a new library with two users, joe (the administrator) and ann;
/// a clock the tests move, and a login throttle whose waits are recorded instead of slept.
final class SubsonicHarness: Sendable {
    static let password = "sésame 1+2"
    static let otherPassword = "other"

    let directory = TemporaryDirectory("subsonic")
    let library: LibraryAPI
    let accounts: UserAccounts
    let api: SubsonicAPI
    /// The rescan `startScan` starts.
    let rescan: FolderRescan
    let app: WebApp
    /// The clock, in milliseconds since 1970.
    let clock = Shared<Int64>(1_700_000_000_000)
    /// The login throttle's clock, which tests move.
    let throttleClock = Shared<ContinuousClock.Instant>(ContinuousClock.now)
    /// The imported albums by title, with their tracks.
    let albums: [String: AlbumDetails]

    /// The clock of the jukebox's player (a twin: no device, no decoding; every file lasts 100 s).
    let jukeboxClock = ManualClock()
    /// How many times the jukebox's player started or resumed playing.
    let jukeboxStarts = Shared(0)

    init(music: Bool = true, transcoder: Transcoder = Transcoder()) async throws {
        library = LibraryAPI(path: directory.file("library.db"))
        let vault = PasswordVault(keyPath: directory.file("library.db.key"))
        let clock = clock
        accounts = UserAccounts(library: library, vault: vault, now: { clock.value })
        let throttleClock = throttleClock
        let throttle = LoginThrottle(now: { throttleClock.value })
        // Covers from local files only (folder art), or generated artwork.
        let covers = CoverService(httpClient: nil, cache: nil)
        let rescan = FolderRescan(
            importer: FolderImporter(library: library, scanner: MusicScanner()), log: { _ in })
        self.rescan = rescan
        api = SubsonicAPI(
            library: library, accounts: accounts, covers: covers, lyrics: MusicScanner(), scan: rescan,
            jukebox: Jukebox(
                player: QueuePlayerTwin(
                    clock: jukeboxClock, onStart: { [jukeboxStarts] in jukeboxStarts.withLock { $0 += 1 } }
                ) {
                    _ throws(AudioError) in 100
                }),
            transcoder: transcoder, throttle: throttle, now: { clock.value })
        app = try await WebApp(library: library, covers: covers, subsonic: api)
        try await accounts.add("joe", password: Self.password)
        try await accounts.add("ann", password: Self.otherPassword)
        var albums: [String: AlbumDetails] = [:]
        if music {
            let folder = directory.file("music")
            let sines = folder + "/Oscillator/Sines"
            for (number, title) in ["Low Tone", "High Tone"].enumerated() {
                try await AudioFixtures.write(
                    .mp3, to: "\(sines)/0\(number + 1).mp3",
                    tags: FixtureTags(
                        title: title, artist: "Oscillator", album: "Sines", date: "2001", genre: "Electronic",
                        track: "\(number + 1)"))
            }
            try await FFmpeg.run([
                "-f", "lavfi", "-i", "color=c=blue:s=64x48", "-frames:v", "1", sines + "/cover.png",
            ])
            try await AudioFixtures.write(
                .flac, to: folder + "/Björk/Début/01.flac",
                tags: FixtureTags(
                    title: "Human Behaviour", artist: "Björk", album: "Début", date: "1993", genre: "Pop",
                    track: "1"))
            _ = try await FolderImporter(library: library, scanner: MusicScanner()).importFolder(folder)
            for album in try await library.albums() {
                albums[album.title] = try await library.album(.id(album.id))
            }
        }
        self.albums = albums
    }

    /// How a call logs in.
    enum Login {
        case password(String, String)
        case encoded(String, String)
        case token(String, String, salt: String)
        case apiKey(String)
        case none

        static let joe = Login.token("joe", SubsonicHarness.password, salt: "c19b2d")
        static let ann = Login.token("ann", SubsonicHarness.otherPassword, salt: "a1b2c3")

        var parameters: [(String, String)] {
            switch self {
            case .password(let user, let password): [("u", user), ("p", password)]
            case .encoded(let user, let password):
                [
                    ("u", user),
                    ("p", "enc:" + Array(password.utf8).map { String(format: "%02x", $0) }.joined()),
                ]
            case .token(let user, let password, let salt):
                [("u", user), ("t", (try? MD5.hex(password + salt)) ?? ""), ("s", salt)]
            case .apiKey(let key): [("apiKey", key)]
            case .none: []
            }
        }
    }

    /// Calls `/rest/ENDPOINT` (add `.view` in `endpoint` to have it) with `parameters`; by POST, the
    /// parameters go in a form body.
    func call(
        _ endpoint: String, _ parameters: [(String, String)] = [], login: Login = .joe,
        format: String? = "json",
        method: String = "GET", headers: [String: String] = [:], address: String? = nil
    ) async -> WebResponse {
        var all = login.parameters + [("v", "1.16.1"), ("c", "tests")] + parameters
        if let format { all.append(("f", format)) }
        var fields = headers
        var body: [UInt8] = []
        var items = all
        if method == "POST" {
            fields["Content-Type"] = "application/x-www-form-urlencoded"
            body = Array(
                all.map { "\(Self.formEncoded($0.0))=\(Self.formEncoded($0.1))" }.joined(separator: "&").utf8)
            items = []
        }
        return await app.respond(
            to: WebRequest(
                method: method, path: "/rest/\(endpoint)", queryItems: items, headers: fields, body: body,
                clientAddress: address))
    }

    /// The `subsonic-response` of a JSON answer.
    func json(
        _ endpoint: String, _ parameters: [(String, String)] = [], login: Login = .joe,
        method: String = "GET",
        address: String? = nil
    ) async throws -> JSONValue {
        let response = await call(endpoint, parameters, login: login, method: method, address: address)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json")
        return try #require(try JSONParser.parse(response.bytes)["subsonic-response"])
    }

    /// The payload `name` of a successful JSON answer.
    func ok(
        _ endpoint: String, _ parameters: [(String, String)] = [], login: Login = .joe,
        method: String = "GET",
        _ name: String
    ) async throws -> JSONValue {
        let answer = try await json(endpoint, parameters, login: login, method: method)
        #expect(answer["status"] == .string("ok"), "\(endpoint): \(JSONWriter.string(answer))")
        return try #require(answer[name], "\(endpoint) has no \(name): \(JSONWriter.string(answer))")
    }

    /// The payload `name` of a successful JSON answer to a call without parameters.
    func ok(_ endpoint: String, login: Login = .joe, _ name: String) async throws -> JSONValue {
        try await ok(endpoint, [], login: login, method: "GET", name)
    }

    /// The error code of a failed JSON answer.
    func failure(
        _ endpoint: String, _ parameters: [(String, String)] = [], login: Login = .joe, method: String = "GET"
    ) async throws -> Int? {
        let answer = try await json(endpoint, parameters, login: login, method: method)
        #expect(answer["status"] == .string("failed"))
        return answer["error"]?["code"].flatMap(\.int)
    }

    /// The track titled `title`.
    func track(_ title: String) -> Track {
        albums.values.flatMap(\.tracks).first { $0.title == title }!
    }

    /// The id of an album's artist.
    func artistID(_ albumTitle: String) -> String {
        SubsonicShapes.artistID(of: albums[albumTitle]!.album)
    }

    /// Moves the clock on.
    func advance(milliseconds: Int64) {
        clock.withLock { $0 += milliseconds }
    }

    private static func formEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "): encoded += "+"
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: "."):
                encoded += String(UnicodeScalar(byte))
            default: encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }
}

/// A value the test and the code under test share.
final class Shared<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    var value: Value { mutex.withLock { $0 } }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        mutex.withLock { body(&$0) }
    }
}

extension JSONValue {
    /// The elements of an array (none for anything else).
    var list: [JSONValue] {
        if case .array(let values) = self { return values }
        return []
    }

    /// A string's text.
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number as a whole number.
    var int: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    /// An object's keys, in order.
    var keys: [String] {
        if case .object(let members) = self { return members.map(\.key) }
        return []
    }
}

/// The required fields of the OpenSubsonic specification's schemas (openapi/schemas/*.json), with their
/// JSON types, which every answer is checked against.
enum SubsonicSchema {
    enum Kind { case string, integer, number, boolean, array }

    static let albumID3: [(String, Kind)] = [
        ("id", .string), ("name", .string), ("songCount", .integer), ("duration", .integer),
        ("created", .string),
    ]
    static let child: [(String, Kind)] = [("id", .string), ("isDir", .boolean), ("title", .string)]
    static let artistID3: [(String, Kind)] = [("id", .string), ("name", .string)]
    static let artist: [(String, Kind)] = [("id", .string), ("name", .string)]
    static let playlist: [(String, Kind)] = [
        ("id", .string), ("name", .string), ("songCount", .integer), ("duration", .integer),
        ("created", .string),
        ("changed", .string),
    ]
    static let genre: [(String, Kind)] = [
        ("value", .string), ("songCount", .integer), ("albumCount", .integer),
    ]
    static let directory: [(String, Kind)] = [("id", .string), ("name", .string)]
    /// `StructuredLyrics` and its `Line` (songLyrics extension); `start` only when synced.
    static let structuredLyrics: [(String, Kind)] = [
        ("lang", .string), ("synced", .boolean), ("line", .array),
    ]
    static let lyricLine: [(String, Kind)] = [("value", .string)]
    /// `ReplayGain`: every field optional, each a number.
    static let replayGain = ["trackGain", "albumGain", "trackPeak", "albumPeak", "baseGain", "fallbackGain"]
    static let nowPlayingEntry: [(String, Kind)] =
        child + [("username", .string), ("minutesAgo", .integer), ("playerId", .integer)]
    static let user: [(String, Kind)] =
        [("username", .string), ("scrobblingEnabled", .boolean)]
        + [
            "adminRole", "settingsRole", "downloadRole", "uploadRole", "playlistRole", "coverArtRole",
            "commentRole",
            "podcastRole", "streamRole", "jukeboxRole", "shareRole", "videoConversionRole",
        ].map { ($0, Kind.boolean) }

    /// Records an issue for each of `names` that `value` has as anything but a number (all optional).
    static func checkNumbers(
        _ value: JSONValue, _ names: [String], _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .object(let members) = value else {
            Issue.record("\(what) is not an object", sourceLocation: sourceLocation)
            return
        }
        for (name, member) in members {
            let known = names.contains(name)
            var isNumber = false
            if case .number(let text) = member { isNumber = Double(text) != nil }
            #expect(
                known && isNumber, "\(what): \(name) \(JSONWriter.string(member))",
                sourceLocation: sourceLocation)
        }
    }

    /// Records an issue for each required field `value` lacks or has with another type.
    static func check(
        _ value: JSONValue, _ fields: [(String, Kind)], _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (name, kind) in fields {
            let matches: Bool
            switch (kind, value[name]) {
            case (.string, .string?), (.boolean, .bool?), (.array, .array?): matches = true
            case (.integer, .number(let text)?): matches = Int(text) != nil
            case (.number, .number(let text)?): matches = Double(text) != nil
            default: matches = false
            }
            #expect(
                matches, "\(what) lacks \(name) (\(kind)): \(JSONWriter.string(value))",
                sourceLocation: sourceLocation)
        }
    }
}
