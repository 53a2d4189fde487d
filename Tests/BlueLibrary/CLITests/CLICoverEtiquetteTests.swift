import BlueLibraryCore
import Foundation
import TestSupport
import Testing

/// `covers fetch` when MusicBrainz or the Cover Art Archive misbehave, or nothing can be reached: each
/// failure is counted as one and says why, and a reason that would repeat for every album is said once.
@Suite(.timeLimit(.minutes(2)))
struct CLICoverEtiquetteTests {
    let home = CLIHome()
    static let noArt = "1a1b2c3d-4e5f-6789-abcd-ef0123456789"

    /// Replaces the seed albums with albums of these titles (no covers of their own unless given).
    private func albums(_ titles: [String], cover: (Int) -> String = { _ in "" }) async throws {
        let list = titles.enumerated().map { index, title in
            #"{"title": "\#(title)", "artist": "Someone", "cover_url": "\#(cover(index))"}"#
        }
        let file = home.directory.write("albums.json", "[" + list.joined(separator: ",") + "]")
        for _ in 0..<5 { _ = try await home.run(["delete", "0"]) }
        _ = try await home.ok("import", file)
    }

    @Test func aFailedLookupAndAMissingArchiveCoverAreFailuresWithTheirReasons() async throws {
        let server = try FixtureHTTPServer { path in
            let query = path.removingPercentEncoding ?? path
            if query.contains("releasegroup:\"No Art\"") {
                let body = #"{"release-groups": [{"id": "\#(Self.noArt)", "score": 100}]}"#
                return .response(
                    status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
            }
            if query.contains("releasegroup:\"Broken\"") {
                return .response(status: 500, headers: [:], body: [])
            }
            return .response(status: 404, headers: [:], body: [])
        }
        try await albums(["No Art", "Broken"])
        let result = try await home.run(
            ["covers", "fetch"],
            environment: [
                "BLUELIBRARY_MUSICBRAINZ_URL": server.baseURL, "BLUELIBRARY_COVERART_URL": server.baseURL,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                failed    No Art
                failed    Broken
                2 covers: 0 fetched, 0 cached, 0 generated, 2 failed, 1 found on MusicBrainz
                  No Art: Cover Art Archive: no front cover for this release group
                  Broken: MusicBrainz: HTTP status 500

                """)
    }

    @Test func aFailingMusicBrainzIsLeftAloneAfterThreeFailuresAndThatIsSaidOnce() async throws {
        let server = try FixtureHTTPServer { _ in .response(status: 502, headers: [:], body: []) }
        try await albums(["A1", "A2", "A3", "A4", "A5", "A6"])
        let result = try await home.run(
            ["covers", "fetch"],
            environment: [
                "BLUELIBRARY_MUSICBRAINZ_URL": server.baseURL, "BLUELIBRARY_COVERART_URL": server.baseURL,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.arrivalTimes(under: "/ws/2/").count == 3, "no request after the third failure")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("failed    ") }.count == 6)
        #expect(
            lines.contains("6 covers: 0 fetched, 0 cached, 0 generated, 6 failed, 0 found on MusicBrainz"))
        #expect(lines.filter { $0.hasSuffix(": MusicBrainz: HTTP status 502") }.count == 3)
        #expect(
            lines.filter {
                $0
                    == "  MusicBrainz: stopped asking after 3 failed requests in a row (last: MusicBrainz: HTTP status 502); 3 albums were not looked up"
            }.count == 1, "\(result.stdout)")
    }

    @Test func withoutANetworkOneLineSaysSo() async throws {
        // CLIHome points MusicBrainz at a closed port; the covers point at one too.
        try await albums(["N1", "N2", "N3", "N4", "N5"]) { "http://127.0.0.1:9/cover-\($0).png" }
        let result = try await home.run(["covers", "fetch"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                offline   N1
                offline   N2
                offline   N3
                offline   N4
                offline   N5
                5 covers: 0 fetched, 0 cached, 0 generated, 0 failed, 0 found on MusicBrainz; offline: 5 albums use generated artwork
                  no server could be reached (connection refused)

                """)
    }

    /// An album's own cover URL that fails for a reason of its own (a 404, HTML served as a PNG) is
    /// reported as that failure first, even when MusicBrainz, asked next, cannot be reached.
    @Test func aCoverURLsOwnFailureIsReportedBeforeTheLookups() async throws {
        let server = try FixtureHTTPServer { path in
            path.hasSuffix("/html.png")
                ? .response(status: 200, headers: ["Content-Type": "image/png"], body: Array("<html>".utf8))
                : .response(status: 404, headers: [:], body: [])
        }
        try await albums(["Missing", "Pretend"]) { index in
            "\(server.baseURL)/\(index == 0 ? "missing" : "html").png"
        }
        let result = try await home.run(["covers", "fetch"])  // CLIHome points MusicBrainz at a closed port
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["failed    Missing", "failed    Pretend"], "\(result.stdout)")
        #expect(
            lines.contains {
                $0.hasPrefix("  Missing: GET \(server.baseURL)/missing.png: HTTP status 404; then ")
            }, "\(result.stdout)")
        #expect(
            lines.contains { $0.hasPrefix("  Pretend: \(server.baseURL)") || $0.hasPrefix("  Pretend: GET ") }
        )
        #expect(!lines.contains { $0.hasPrefix("offline") }, "\(result.stdout)")
    }

    @Test func aContactThatIsNotOneLineIsRefused() async throws {
        let result = try await home.run(
            ["covers", "fetch"], environment: ["BLUELIBRARY_CONTACT": "me@example.org\r\nX-Injected: 1"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "bluelibrary: invalid BLUELIBRARY_CONTACT 'me@example.org\\r\\nX-Injected: 1'"))
    }
}
