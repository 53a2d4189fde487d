import BlueLibraryCore
import BlueLibraryHTTP
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// Shares: made of songs, albums and playlists, listed, changed and deleted by their owner (and the
/// administrator); their link's page and songs open without logging in, and reach nothing else.
@Suite(.timeLimit(.minutes(5)))
struct SubsonicShareTests {
    let harness: SubsonicHarness
    static let share: [(String, SubsonicSchema.Kind)] = [
        ("id", .string), ("url", .string), ("username", .string), ("created", .string),
        ("visitCount", .integer),
    ]

    init() async throws {
        harness = try await SubsonicHarness()
    }

    /// The part of a file an answer sends.
    static func part(_ response: WebResponse) -> (offset: Int64, length: Int64, size: Int64)? {
        guard case .file(let file, let offset, let length) = response.body else { return nil }
        return (offset, length, file.size)
    }

    /// A GET of `path` as a visitor sends it: no credentials, no token, any `Host`.
    private func visit(_ path: String, headers: [String: String] = [:]) async -> WebResponse {
        await harness.app.respond(
            to: WebRequest(
                method: "GET", path: path, headers: ["host": "music.example.org"].merging(headers) { $1 }))
    }

    @Test func aShareOpensForAnyoneWithTheLinkAndCountsVisits() async throws {
        let sines = try #require(harness.albums["Sines"]?.album)
        let human = harness.track("Human Behaviour")
        let answer = await harness.call(
            "createShare", [("id", sines.id.rawValue), ("id", human.id), ("description", "For <you> & me")],
            headers: ["host": "music.example.org:8080"])
        let made = try #require(
            try JSONParser.parse(answer.bytes)["subsonic-response"]?["shares"]?["share"]?.list.first)
        SubsonicSchema.check(made, Self.share, "Share")
        let id = try #require(made["id"]?.text)
        #expect(made["url"] == .string("http://music.example.org:8080/share/\(id)"))
        #expect(
            (made["entry"]?.list ?? []).map { $0["title"]?.text } == [
                "Low Tone", "High Tone", "Human Behaviour",
            ])
        #expect(made["username"] == .string("joe"))

        let page = await visit("/share/\(id)")
        #expect(page.status == 200)
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        let html = String(decoding: page.bytes, as: UTF8.self)
        #expect(html.contains("<h1>For &lt;you&gt; &amp; me</h1>"))
        #expect(html.contains("Human Behaviour — Björk (Début)"))
        // Who shared it is not said: a user name is half a login.
        #expect(!html.contains("joe"))
        #expect(html.contains("src=\"/share/\(id)/2\""))
        #expect(page.headers["Content-Security-Policy"]?.contains("script-src 'self'") == true)
        let song = await visit("/share/\(id)/2")
        #expect(song.status == 200)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: human.path)[.size] as? Int)
        #expect(Self.part(song).map { [$0.offset, $0.length, $0.size] } == [0, Int64(size), Int64(size)])
        let range = await visit("/share/\(id)/0", headers: ["range": "bytes=0-9"])
        #expect(range.status == 206 && Self.part(range).map { [$0.offset, $0.length] } == [0, 10])

        let listed = try await harness.ok("getShares", "shares")["share"]?.list ?? []
        #expect(listed.map { $0["visitCount"] } == [.number("1")])
        #expect(listed.first?["lastVisited"] != nil)
        // Another user sees none of joe's shares and cannot change them.
        #expect(try await harness.ok("getShares", login: .ann, "shares")["share"] == .array([]))
        #expect(try await harness.failure("deleteShare", [("id", id)], login: .ann) == 70)
        _ = try await harness.json("updateShare", [("id", id), ("description", "Later")])
        #expect(
            try await harness.ok("getShares", "shares")["share"]?.list.first?["description"]
                == .string("Later"))
        _ = try await harness.json("deleteShare", [("id", id)])
        #expect(await visit("/share/\(id)").status == 404)
        #expect(await visit("/share/\(id)/0").status == 404)
    }

    @Test func anExpiredShareAndAnythingOutsideAShareAreNotFound() async throws {
        let low = harness.track("Low Tone")
        let expires = harness.clock.value + 60_000
        let made = try await harness.ok(
            "createShare", [("id", low.id), ("expires", "\(expires)")], "shares")["share"]?.list.first
        let id = try #require(made?["id"]?.text)
        #expect(made?["expires"] != nil)
        #expect(await visit("/share/\(id)").status == 200)
        for path in [
            "/share/\(id)/1", "/share/\(id)/-1", "/share/\(id)/x", "/share/\(id)/0/more", "/share/",
            "/share/nothing",
        ] {
            #expect(await visit(path).status == 404, "\(path)")
        }
        let post = await harness.app.respond(
            to: WebRequest(method: "POST", path: "/share/\(id)", headers: ["host": "x"]))
        #expect(post.status == 405)
        harness.advance(milliseconds: 60_000)
        #expect(await visit("/share/\(id)").status == 404)
        #expect(await visit("/share/\(id)/0").status == 404)
        // Refused: a past expiry, nothing to share, an artist, an unknown id.
        #expect(try await harness.failure("createShare", [("id", low.id), ("expires", "1")]) == 0)
        #expect(try await harness.failure("createShare") == 10)
        #expect(try await harness.failure("createShare", [("id", harness.artistID("Sines"))]) == 0)
        #expect(try await harness.failure("createShare", [("id", "nothing")]) == 70)
    }

    @Test func aPlaylistIsSharedAsItsSongs() async throws {
        let (low, human) = (harness.track("Low Tone"), harness.track("Human Behaviour"))
        let playlist = try await harness.ok(
            "createPlaylist", [("name", "Mix"), ("songId", human.id), ("songId", low.id)], "playlist")
        let made = try await harness.ok("createShare", [("id", playlist["id"]?.text ?? "")], "shares")[
            "share"]?.list
        #expect(
            (made?.first?["entry"]?.list ?? []).map { $0["title"]?.text } == ["Human Behaviour", "Low Tone"])
    }
}
