import BlueLibraryCore
import BlueLibraryCovers
import Foundation
import Synchronization
import TestSupport
import Testing

/// `covers fetch` asks MusicBrainz and the Cover Art Archive about albums without a cover — here one
/// fixture server on 127.0.0.1 stands in for both.
struct CLICoverLookupTests {
    static let abbeyRoad = "9162580e-5df4-32de-80cc-f45a8d8a9b1d"
    static let otherMatch = "11111111-2222-3333-4444-555555555555"
    static let lowScore = "66666666-7777-8888-9999-000000000000"
    static let tagged = "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee"

    let home = CLIHome()
    let server: FixtureHTTPServer

    init() async throws {
        let redirected = Mutex<String>("")
        server = try FixtureHTTPServer { path in
            Self.answer(path, imageURL: redirected.withLock { $0 })
        }
        redirected.withLock { $0 = "\(server.baseURL)/images/abbey-road.png" }
        let albums = """
            [{"title": "Abbey Road", "artist": "The Beatles"},
             {"title": "Low Score", "artist": "Someone"},
             {"title": "Unknown", "artist": "Nobody"},
             {"title": "Tagged", "artist": "Picard User", "mbid": "\(Self.tagged)"},
             {"title": "Own Cover", "artist": "Painter", "cover_url": "\(server.baseURL)/own.png"}]
            """
        let file = home.directory.write("albums.json", albums)
        for _ in 0..<5 { _ = try await home.run(["delete", "0"]) }
        _ = try await home.ok("import", file)
    }

    /// MusicBrainz's search, the archive's redirect to the image, the image.
    static func answer(_ path: String, imageURL: String) -> FixtureHTTPServer.Reply {
        let json = ["Content-Type": "application/json"]
        if path.hasPrefix("/ws/2/release-group?") {
            let query = path.removingPercentEncoding ?? path
            let groups: String
            if query.contains("releasegroup:\"Abbey Road\" AND artist:\"The Beatles\"") {
                groups = """
                    [{"id": "\(otherMatch)", "score": 95, "title": "Abbey Road (remaster)"},
                     {"id": "\(abbeyRoad)", "score": 100, "title": "Abbey Road"}]
                    """
            } else if query.contains("Low Score") {
                groups = #"[{"id": "\#(lowScore)", "score": 89, "title": "Low Score"}]"#
            } else {
                groups = "[]"
            }
            return .response(status: 200, headers: json, body: Array(#"{"release-groups": \#(groups)}"#.utf8))
        }
        switch path {
        case "/release-group/\(abbeyRoad)/front-250":
            return .response(status: 307, headers: ["Location": imageURL], body: [])
        case "/images/abbey-road.png", "/release-group/\(tagged)/front-250", "/own.png":
            return .response(status: 200, headers: ["Content-Type": "image/png"], body: CLICoversTests.png)
        default:
            return .response(status: 404, headers: [:], body: [])
        }
    }

    var environment: [String: String] {
        [
            "BLUELIBRARY_MUSICBRAINZ_URL": server.baseURL + "/", "BLUELIBRARY_COVERART_URL": server.baseURL,
            "BLUELIBRARY_CONTACT": "tester@example.org",
        ]
    }

    private func album(_ index: Int) async throws -> JSONValue {
        let shown = try await home.run(["show", String(index), "--json"])
        return try JSONParser.parse(Array(shown.stdout.utf8))
    }

    @Test func aGoodMatchGivesTheAlbumItsCoverAndId() async throws {
        let started = ContinuousClock.now
        let result = try await home.run(["covers", "fetch"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                found     Abbey Road
                generated Low Score
                generated Unknown
                found     Tagged
                fetched   Own Cover
                5 covers: 1 fetched, 0 cached, 2 generated, 0 failed, 2 found on MusicBrainz

                """)
        // The best match (100, not the 95), its cover through the archive's redirect.
        let abbey = try await album(0)
        #expect(abbey["mbid"] == .string(Self.abbeyRoad))
        #expect(abbey["cover_url"] == .string("\(server.baseURL)/release-group/\(Self.abbeyRoad)/front-250"))
        #expect(server.requests(to: "/images/abbey-road.png") == 1)
        // A score under 90 and no match at all change nothing: generated artwork stays.
        for index in [1, 2] {
            let other = try await album(index)
            #expect(other["mbid"] == .string(""))
            #expect(other["cover_url"] == .string(""))
        }
        // A tagged id is not searched for; an album with its own cover is not looked up.
        #expect(
            try await album(3)["cover_url"]
                == .string("\(server.baseURL)/release-group/\(Self.tagged)/front-250"))
        #expect(try await album(4)["mbid"] == .string(""))
        let searches = server.arrivalTimes(under: "/ws/2/")
        #expect(searches.count == 3)
        // MusicBrainz's rules: a second between requests — the archive's and its redirect's too — and a
        // User-Agent naming us and the user's contact.
        let spaced =
            (searches + server.arrivalTimes(under: "/release-group/")
            + server.arrivalTimes(under: "/images/")).sorted()
        #expect(spaced.count == 6)
        for (earlier, later) in zip(spaced, spaced.dropFirst()) {
            #expect(later - earlier >= .seconds(1), "requests \(later - earlier) apart")
        }
        #expect(ContinuousClock.now - started >= .seconds(5))
        let search = server.lastRequest(to: Self.searchPath(title: "Unknown", artist: "Nobody"))
        #expect(search?.headers["user-agent"] == "BlueLibrary/0.1.0 ( tester@example.org )")
        // The cover is cached: every face shows it, and a second run downloads nothing.
        let again = try await home.run(["covers", "fetch", "abbey"], environment: environment)
        #expect(again.stdout.hasPrefix("cached    Abbey Road\n"))
        #expect(server.requests(to: "/images/abbey-road.png") == 1)
        // What the lookup learnt is one undo step.
        _ = try await home.ok("undo")
        #expect(try await album(0)["mbid"] == .string(""))
        #expect(try await album(3)["cover_url"] == .string(""))
    }

    @Test func noLookupAndOfflineAskNobody() async throws {
        let quiet = try await home.run(["covers", "fetch", "--no-lookup"], environment: environment)
        #expect(quiet.status == 0)
        #expect(quiet.stdout.hasSuffix("5 covers: 1 fetched, 0 cached, 4 generated, 0 failed\n"))
        let offline = try await home.run(
            ["covers", "fetch"], environment: environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 })
        #expect(offline.status == 0)
        #expect(server.arrivalTimes(under: "/ws/2/").isEmpty)
        #expect(server.arrivalTimes(under: "/release-group/").isEmpty)
        let misplaced = try await home.run(["covers", "clear", "--no-lookup"])
        #expect(misplaced.status == 64)
        #expect(misplaced.stderr == "bluelibrary: option '--no-lookup' is for 'covers fetch' only\n")
    }

    @Test func musicBrainzAwayIsSaidAndChangesNothing() async throws {
        let result = try await home.run(["covers", "fetch", "unknown"])  // CLIHome points it at a closed port
        #expect(result.status == 0)
        // Nothing could be reached: said once, and not counted as generated without a failure.
        #expect(
            result.stdout == """
                offline   Unknown
                1 cover: 0 fetched, 0 cached, 0 generated, 0 failed, 0 found on MusicBrainz; offline: 1 album uses generated artwork
                  no server could be reached (connection refused)

                """)
        let bad = try await home.run(
            ["covers", "fetch"], environment: ["BLUELIBRARY_MUSICBRAINZ_URL": "ftp://x"])
        #expect(bad.status == 64)
        #expect(
            bad.stderr
                == "bluelibrary: invalid BLUELIBRARY_MUSICBRAINZ_URL 'ftp://x': use an http:// or https:// URL\n"
        )
    }

    static func searchPath(title: String, artist: String) -> String {
        let query = "releasegroup:\"\(title)\" AND artist:\"\(artist)\""
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return
            "/ws/2/release-group?query=\(query.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")&fmt=json&limit=5"
    }
}
