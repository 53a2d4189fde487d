import BlueLibraryCore
import BlueLibraryNetworking
import BlueLibraryServices
import Foundation
import TestSupport
import Testing

/// The real client, ``CurlHTTPClient``, against the fixture server on 127.0.0.1.
struct HTTPClientTests {
    let server: FixtureHTTPServer
    let client: CurlHTTPClient

    init() throws {
        server = try CoverFixtures.server(bodyLimit: 100_000)
        // Long: no answer of the fixture server may run into it, however loaded the machine; the tests
        // that stop a transfer early prove it by stopping long before it.
        client = Self.client(timeout: Self.longTimeout)
    }

    /// The timeout of every transfer that must not time out.
    static let longTimeout: Duration = .seconds(600)

    /// A client with small limits; a short timeout only where the test waits for it.
    static func client(timeout: Duration) -> CurlHTTPClient {
        var configuration = HTTPClientConfiguration()
        configuration.timeout = timeout
        configuration.maximumBodySize = 100_000
        configuration.maximumRedirects = 3
        return CurlHTTPClient(configuration: configuration)
    }

    private func get(_ path: String) async throws -> HTTPResponse {
        try await client.send(HTTPRequest(url: server.baseURL + path))
    }

    private func failure(_ request: HTTPRequest, client: CurlHTTPClient? = nil) async -> LibraryError? {
        do {
            _ = try await (client ?? self.client).send(request)
            return nil
        } catch let error as LibraryError {
            return error
        } catch {
            Issue.record("not a LibraryError: \(error)")
            return nil
        }
    }

    private func failure(_ path: String, client: CurlHTTPClient? = nil) async -> String? {
        let error = await failure(HTTPRequest(url: server.baseURL + path), client: client)
        #expect(error?.code == .unavailable)
        return error?.message
    }

    @Test func getsABodyAndHeaders() async throws {
        let response = try await get("/cover.png")
        #expect(response.status == 200)
        #expect(response.body == CoverFixtures.png)
        #expect(response.headers["content-type"] == "image/png")
        #expect(response.headers["content-length"] == "\(CoverFixtures.png.count)")
    }

    @Test func headerNamesAreLowercasedAndValuesTrimmed() async throws {
        let response = try await get("/headers")
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.headers["x-fixture-note"] == "a: b")
        #expect(response.headers.keys.allSatisfy { $0 == $0.lowercased() })
    }

    @Test func aNotFoundIsAResponseNotAnError() async throws {
        let response = try await get("/missing.png")
        #expect(response.status == 404)
        #expect(response.body == Array("not found".utf8))
    }

    /// The time limit catches a client that would wait forever.
    @Test(.timeLimit(.minutes(1))) func aServerThatNeverAnswersTimesOut() async throws {
        let message = await failure("/hang.png", client: Self.client(timeout: .seconds(1)))
        #expect(message == "GET \(server.baseURL)/hang.png: no answer within 1.0 seconds")
    }

    @Test func aBodyOverTheLimitIsCutOffWhileStreaming() async throws {
        #expect(
            await failure("/huge.png")
                == "GET \(server.baseURL)/huge.png: the answer is larger than 100000 bytes")
        #expect(
            await failure("/huge-declared.png")
                == "GET \(server.baseURL)/huge-declared.png: the answer is larger than 100000 bytes")
    }

    @Test func aBodyOfExactlyTheLimitArrivesWhole() async throws {
        let response = try await get("/exact.png")
        #expect(response.status == 200)
        #expect(response.body == [UInt8](repeating: 7, count: 100_000))
    }

    /// 2 GB with no length. The transfer stops when the limit is passed, so the
    /// server gets to send little more than what the two sockets' buffers hold.
    @Test(.timeLimit(.minutes(1))) func anEndlessBodyIsCutOffAtTheLimitAtOnce() async throws {
        #expect(
            await failure("/endless.png")
                == "GET \(server.baseURL)/endless.png: the answer is larger than 100000 bytes")
        let deadline = ContinuousClock.now + .seconds(40)
        while server.activeRequests > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(server.activeRequests == 0, "the server is still sending: the client did not hang up")
        #expect(server.bodyBytesSent(to: "/endless.png") < 32 * 1024 * 1024)
    }

    @Test func aRedirectLoopStops() async throws {
        #expect(await failure("/loop") == "GET \(server.baseURL)/loop: more than 3 redirects")
        #expect(server.requests(to: "/loop") == 4)
    }

    @Test func aRedirectIsFollowedAndTheLastAnswerCounts() async throws {
        let response = try await get("/moved.png")
        #expect(response.status == 200)
        #expect(response.body == CoverFixtures.png)
        #expect(response.headers["location"] == nil)
        #expect(response.headers["content-type"] == "image/png")
    }

    @Test func onlyHTTPAndHTTPSAreFetchedAlsoOnRedirects() async throws {
        #expect(
            await failure("/to-file.png")
                == "GET \(server.baseURL)/to-file.png: redirected to a URL that is not http or https")
        for url in ["file:///etc/passwd", "ftp://127.0.0.1/x", "http://127.0.0.1/a b", "cover.png"] {
            let error = await failure(HTTPRequest(url: url))
            #expect(error == LibraryError(.usage, "GET \(url): not an http or https URL"))
        }
    }

    @Test func anUnreachablePortIsRefused() async throws {
        let closed = try FixtureHTTPServer { _ in .hang }
        let url = closed.baseURL + "/x.png"
        closed.stop()
        #expect(await failure(HTTPRequest(url: url))?.message == "GET \(url): connection refused")
    }

    /// Cancelling stops the transfer at once, long before its timeout (600 s).
    @Test(.timeLimit(.minutes(1))) func cancellationEndsTheRequestAtOnce() async throws {
        let task = Task { try await get("/hang.png") }
        while server.requests(to: "/hang.png") == 0 { try await Task.sleep(for: .milliseconds(10)) }
        let cancelled = ContinuousClock.now
        task.cancel()
        do {
            _ = try await task.value
            Issue.record("expected a failure")
        } catch let error as LibraryError {
            #expect(error.message == "GET \(server.baseURL)/hang.png: cancelled")
        }
        // The message already tells cancellation from the timeout; ending within a twentieth of the timeout
        // is "at once" on a machine of any load.
        #expect(ContinuousClock.now - cancelled < Self.longTimeout / 20)
    }

    /// Transfers block threads of the client's own pool: with eight hanging at once, Swift's
    /// cooperative threads (two on a 2-core machine) still run other work. Held by the transfers, they
    /// would run it only when the transfers time out (600 s): work done well before that ran beside them.
    @Test(.timeLimit(.minutes(1))) func hangingTransfersLeaveTheCooperativePoolFree() async throws {
        var configuration = HTTPClientConfiguration()
        configuration.timeout = Self.longTimeout
        let client = CurlHTTPClient(configuration: configuration, maximumConcurrent: 8)
        let url = server.baseURL + "/hang.png"
        let hanging = (0..<8).map { _ in Task { try await client.send(HTTPRequest(url: url)) } }
        while server.requests(to: "/hang.png") < 8 { try await Task.sleep(for: .milliseconds(10)) }
        let started = ContinuousClock.now
        let sum = await withTaskGroup(of: Int.self) { group in
            for value in 1...16 { group.addTask { value } }
            return await group.reduce(0, +)
        }
        #expect(sum == 136)
        #expect(ContinuousClock.now - started < Self.longTimeout / 20)
        for task in hanging { task.cancel() }
        for task in hanging { await #expect(throws: LibraryError.self) { try await task.value } }
    }

    @Test func postsJSONWithTheUserAgent() async throws {
        let response = try await client.send(
            HTTPRequest(
                method: "POST", url: server.baseURL + "/cover.png",
                headers: ["Content-Type": "application/json", "Idempotency-Key": "k1"], body: Array("{}".utf8)
            ))
        #expect(response.status == 200)
        let received = try #require(server.lastRequest(to: "/cover.png"))
        #expect(received.method == "POST")
        #expect(received.headers["user-agent"] == BlueLibraryInfo.userAgent)
        #expect(
            BlueLibraryInfo.userAgent == "BlueLibrary/0.1.0")
        #expect(received.headers["content-type"] == "application/json")
        #expect(received.headers["idempotency-key"] == "k1")
        #expect(received.headers["expect"] == nil)
        #expect(received.body == Array("{}".utf8))
    }

    @Test(arguments: ["PATCH", "DELETE", "PUT"])
    func otherMethodsAreSentAsThemselves(method: String) async throws {
        let body = method == "DELETE" ? [] : Array(#"{"title":"T"}"#.utf8)
        let request = HTTPRequest(method: method, url: server.baseURL + "/headers", body: body)
        #expect(try await client.send(request).status == 200)
        let received = try #require(server.lastRequest(to: "/headers"))
        #expect(received.method == method)
        #expect(received.body == body)
    }

    @Test func aHeaderThatWouldEndItsLineIsRefused() async throws {
        let request = HTTPRequest(
            url: server.baseURL + "/cover.png", headers: ["X-BlueLibrary-Token": "t\r\nX-Evil: 1"])
        let error = await failure(request)
        #expect(error?.code == .usage)
        let url = server.baseURL + "/cover.png"
        #expect(error?.message == "GET \(url): the header 'X-BlueLibrary-Token' is not a valid header line")
        #expect(server.totalRequests == 0)
    }
}
