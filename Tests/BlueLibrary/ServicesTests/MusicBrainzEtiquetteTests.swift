import BlueLibraryCore
import BlueLibraryNetworking
import Synchronization
import Testing

@testable import BlueLibraryServices

#if canImport(Glibc)
    import Glibc
#endif

/// A client that answers from a script and records what it was asked, and when.
private final class Scripted: HTTPClient {
    let answer: @Sendable (HTTPRequest, Int) throws -> HTTPResponse
    let asked = Mutex<[(request: HTTPRequest, at: ContinuousClock.Instant)]>([])

    init(_ answer: @escaping @Sendable (HTTPRequest, Int) throws -> HTTPResponse) {
        self.answer = answer
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let count = asked.withLock { asked in
            asked.append((request, .now))
            return asked.count
        }
        return try answer(request, count)
    }

    var requests: [(request: HTTPRequest, at: ContinuousClock.Instant)] { asked.withLock { $0 } }
}

/// MusicBrainz's and the Cover Art Archive's rules for clients: one request a second, redirects
/// included; `Retry-After` obeyed; a server that keeps failing is left alone for the rest of the run.
struct MusicBrainzEtiquetteTests {
    static let none = #"{"release-groups": []}"#
    static let endpoints = MusicBrainzLookup.Endpoints(
        musicBrainz: "http://127.0.0.1:1", coverArt: "http://127.0.0.1:2")

    @Test func retryAfterOnA503IsWaitedForAndTheRequestTriedAgain() async throws {
        let client = Scripted { _, count in
            count == 1
                ? HTTPResponse(status: 503, headers: ["retry-after": "1"])
                : HTTPResponse(status: 200, body: Array(Self.none.utf8))
        }
        let lookup = MusicBrainzLookup(httpClient: client, endpoints: Self.endpoints, interval: .zero)
        #expect(try await lookup.releaseGroup(artist: "A", title: "B") == nil)
        let asked = client.requests
        #expect(asked.count == 2)
        #expect(asked[1].at - asked[0].at >= .seconds(1))
    }

    @Test func aRetryAfterTooLongIsNotWaitedFor() async throws {
        let client = Scripted { _, _ in HTTPResponse(status: 503, headers: ["retry-after": "3600"]) }
        let lookup = MusicBrainzLookup(httpClient: client, endpoints: Self.endpoints, interval: .zero)
        await #expect(throws: LibraryError(.unavailable, "MusicBrainz: HTTP status 503 (Retry-After: 3600)"))
        {
            try await lookup.releaseGroup(artist: "A", title: "B")
        }
        #expect(client.requests.count == 1)
    }

    @Test func eachRedirectIsARequestOfItsOwnASpacingAfterTheLast() async throws {
        let client = Scripted { request, _ in
            request.url.hasSuffix("/front-250")
                ? HTTPResponse(status: 307, headers: ["location": "/images/front.jpg"])
                : HTTPResponse(status: 200, body: [0xFF, 0xD8])
        }
        let lookup = MusicBrainzLookup(
            httpClient: client, endpoints: Self.endpoints, interval: .milliseconds(300))
        let url = lookup.frontCoverURL(releaseGroup: "0a1b2c3d-4e5f-6789-abcd-ef0123456789")
        let response = try await lookup.frontCover(at: url)
        #expect(response.status == 200)
        let asked = client.requests
        #expect(asked.map(\.request.url) == [url, "http://127.0.0.1:2/images/front.jpg"])
        #expect(asked.allSatisfy { !$0.request.followsRedirects }, "the client must not follow them itself")
        #expect(asked[1].at - asked[0].at >= .milliseconds(300))
    }

    @Test func afterThreeFailuresInARowTheLookupStopsAsking() async throws {
        let client = Scripted { request, _ in
            throw LibraryError(.unavailable, "GET \(request.url): no answer within 10 seconds")
        }
        let lookup = MusicBrainzLookup(httpClient: client, endpoints: Self.endpoints, interval: .zero)
        for _ in 0..<MusicBrainzLookup.maximumConsecutiveFailures {
            await #expect(throws: LibraryError.self) {
                try await lookup.releaseGroup(artist: "A", title: "B")
            }
        }
        for _ in 0..<5 {
            do {
                _ = try await lookup.releaseGroup(artist: "A", title: "B")
                Issue.record("a lookup after the give-up succeeded")
            } catch let error as LibraryError {
                #expect(error.cause is MusicBrainzLookup.Stopped)
                #expect(
                    error.message.hasPrefix("MusicBrainz: stopped asking after 3 failed requests in a row"))
            }
        }
        #expect(client.requests.count == 3, "nothing more was sent")
        #expect(lookup.gaveUp != nil)
    }

    @Test func aSuccessStartsTheCountAgain() async throws {
        let client = Scripted { request, count in
            if count % 3 == 0 { return HTTPResponse(status: 200, body: Array(Self.none.utf8)) }
            throw LibraryError(.unavailable, "GET \(request.url): connection refused")
        }
        let lookup = MusicBrainzLookup(httpClient: client, endpoints: Self.endpoints, interval: .zero)
        for _ in 0..<9 { _ = try? await lookup.releaseGroup(artist: "A", title: "B") }
        #expect(client.requests.count == 9)
        #expect(lookup.gaveUp == nil)
    }

    @Test func theUserAgentNamesTheUsersOwnContactOrNone() throws {
        #expect(try HTTPClientConfiguration(environment: [:]).userAgent == "BlueLibrary/0.1.0")
        #expect(
            try HTTPClientConfiguration(environment: ["BLUELIBRARY_CONTACT": "me@example.org"]).userAgent
                == "BlueLibrary/0.1.0 ( me@example.org )")
        #expect(throws: LibraryError.self) {
            try HTTPClientConfiguration(environment: ["BLUELIBRARY_CONTACT": "me\r\nX-Evil: 1"])
        }
    }
}

/// Waiting for SIGINT or SIGTERM ends with the task's cancellation too (another service of the group
/// ended first; the wait used to go on for ever). The signal itself ends `serve` in the command line's
/// tests (ServerProcess stops it with SIGTERM); raising one here would reach every thread of the tests.
struct StopSignalTests {
    @Test(.timeLimit(.minutes(1))) func cancellationEndsTheWait() async {
        let wait = Task { await StopSignal.wait(for: [SIGUSR2]) }
        try? await Task.sleep(for: .milliseconds(50))
        wait.cancel()
        await wait.value
    }
}
