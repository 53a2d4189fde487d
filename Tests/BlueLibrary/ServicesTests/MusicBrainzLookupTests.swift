import BlueLibraryCore
import BlueLibraryNetworking
import Synchronization
import Testing

@testable import BlueLibraryServices

/// An HTTP client that records the URLs it is asked for and answers each with one body.
private final class Recorder: HTTPClient {
    let body: [UInt8]
    let status: Int
    let urls = Mutex<[String]>([])

    init(status: Int = 200, _ body: String) {
        self.status = status
        self.body = Array(body.utf8)
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        urls.withLock { $0.append(request.url) }
        return HTTPResponse(status: status, body: body)
    }
}

/// When each request of a spacer ran.
private final class RunLog: Sendable {
    let runs = Mutex<[(start: ContinuousClock.Instant, end: ContinuousClock.Instant)]>([])
}

/// The MusicBrainz search: what it asks, which answer it takes, and how it paces itself.
struct MusicBrainzLookupTests {
    static let id = "0a1b2c3d-4e5f-6789-abcd-ef0123456789"

    @Test func theBestMatchScoringNinetyOrMoreWins() throws {
        let body = """
            {"created": "2026-11-29T00:00:00Z", "count": 4, "release-groups": [
              {"id": "ffffffff-ffff-ffff-ffff-ffffffffffff", "score": 90},
              {"id": "\(Self.id)", "score": 97},
              {"id": "../../etc/passwd-xxxxxxxxxxxxxxxxxxxx", "score": 100},
              {"id": "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE", "score": 100},
              {"id": "11111111-1111-1111-1111-111111111111", "score": "100"}]}
            """
        // Malformed ids (they become part of a URL) and a score that is not a number are ignored.
        #expect(try MusicBrainzLookup.bestMatch(in: Array(body.utf8)) == Self.id)
        let weak = #"{"release-groups": [{"id": "\#(Self.id)", "score": 89}]}"#
        #expect(try MusicBrainzLookup.bestMatch(in: Array(weak.utf8)) == nil)
        #expect(try MusicBrainzLookup.bestMatch(in: Array(#"{"release-groups": []}"#.utf8)) == nil)
        #expect(throws: LibraryError.self) { try MusicBrainzLookup.bestMatch(in: Array("<html>".utf8)) }
        #expect(throws: LibraryError.self) { try MusicBrainzLookup.bestMatch(in: Array("{}".utf8)) }
    }

    @Test func theSearchQuotesArtistAndTitle() async throws {
        let client = Recorder(#"{"release-groups": []}"#)
        let lookup = MusicBrainzLookup(
            httpClient: client,
            endpoints: .init(musicBrainz: "http://127.0.0.1:1/", coverArt: "http://127.0.0.1:2//"),
            interval: .zero)
        _ = try await lookup.releaseGroup(artist: #"AC/DC "Live""#, title: #"Back\In Black & Blue"#)
        _ = try await lookup.releaseGroup(artist: "", title: "Sigur Rós")
        let urls = client.urls.withLock { $0 }
        #expect(
            urls == [
                "http://127.0.0.1:1/ws/2/release-group?query=releasegroup%3A%22Back%5C%5CIn%20Black%20%26%20Blue%22"
                    + "%20AND%20artist%3A%22AC%2FDC%20%5C%22Live%5C%22%22&fmt=json&limit=5",
                "http://127.0.0.1:1/ws/2/release-group?query=releasegroup%3A%22Sigur%20R%C3%B3s%22&fmt=json&limit=5",
            ])
        #expect(
            lookup.frontCoverURL(releaseGroup: Self.id)
                == "http://127.0.0.1:2/release-group/\(Self.id)/front-250")
    }

    /// A quote or backslash followed by a combining mark is one Character in Swift, but still a quote to
    /// Lucene: it is escaped all the same, or the phrase would end early.
    @Test func aQuoteCarryingACombiningMarkIsStillEscaped() {
        let lookup = MusicBrainzLookup(
            httpClient: Recorder("{}"), endpoints: .init(musicBrainz: "http://127.0.0.1:1", coverArt: ""))
        let url = lookup.searchURL(artist: "", title: "a\"\u{301}b\\\u{301}")
        #expect(url.contains("query=releasegroup%3A%22a%5C%22%CC%81b%5C%5C%CC%81%22&"))
    }

    @Test func anErrorAnswerIsUnavailable() async throws {
        let lookup = MusicBrainzLookup(httpClient: Recorder(status: 503, "slow down"), interval: .zero)
        await #expect(throws: LibraryError(.unavailable, "MusicBrainz: HTTP status 503")) {
            try await lookup.releaseGroup(artist: "A", title: "B")
        }
    }

    @Test func endpointsComeFromTheEnvironment() throws {
        #expect(try MusicBrainzLookup.Endpoints(environment: [:]) == .standard)
        let local = try MusicBrainzLookup.Endpoints(environment: [
            "BLUELIBRARY_MUSICBRAINZ_URL": "http://127.0.0.1:8080/", "BLUELIBRARY_COVERART_URL": "",
        ])
        #expect(local.musicBrainz == "http://127.0.0.1:8080")
        #expect(local.coverArt == "https://coverartarchive.org")
        #expect(throws: LibraryError.self) {
            try MusicBrainzLookup.Endpoints(environment: ["BLUELIBRARY_COVERART_URL": "file:///etc"])
        }
    }

    @Test func theSpacerSendsOneAtATimeASpacingApart() async throws {
        let spacer = RequestSpacer(interval: .milliseconds(200))
        let log = RunLog()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await spacer.run {
                        let start = ContinuousClock.now
                        try await Task.sleep(for: .milliseconds(30))
                        log.runs.withLock { $0.append((start, .now)) }
                    }
                }
            }
            try await group.waitForAll()
        }
        let runs = log.runs.withLock { $0 }
        #expect(runs.count == 4)
        for (earlier, later) in zip(runs, runs.dropFirst()) {
            #expect(later.start - earlier.end >= .milliseconds(200))
        }
    }

    @Test func aCancelledWaiterLetsTheNextOneGo() async throws {
        let spacer = RequestSpacer(interval: .seconds(30))
        try await spacer.run {}
        let waiter = Task { try await spacer.run {} }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
    }
}
