import BlueLibraryCore
import BlueLibraryServices
import BlueLibraryTestSupport
import Foundation
import Testing

struct HTTPClientTests {
    let server: FixtureHTTPServer
    let client: URLSessionHTTPClient

    init() throws {
        server = try CoverFixtures.server(bodyLimit: 100_000)
        client = Self.client(timeout: .seconds(10))
    }

    /// A client with small limits; a short timeout only where the test waits for it.
    static func client(timeout: Duration) -> URLSessionHTTPClient {
        var configuration = HTTPClientConfiguration()
        configuration.timeout = timeout
        configuration.maximumBodySize = 100_000
        configuration.maximumRedirects = 3
        return URLSessionHTTPClient(configuration: configuration)
    }

    private func get(_ path: String) async throws -> HTTPResponse {
        try await client.send(HTTPRequest(url: server.baseURL + path))
    }

    private func failure(_ path: String, client: URLSessionHTTPClient? = nil) async -> String? {
        do {
            _ = try await (client ?? self.client).send(HTTPRequest(url: server.baseURL + path))
            return nil
        } catch let error as LibraryError {
            #expect(error.code == .unavailable)
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func getsABodyAndHeaders() async throws {
        let response = try await get("/cover.png")
        #expect(response.status == 200)
        #expect(response.body == CoverFixtures.png)
        #expect(response.headers["content-type"] == "image/png")
    }

    @Test func aNotFoundIsAResponseNotAnError() async throws {
        #expect(try await get("/missing.png").status == 404)
    }

    /// The message comes from the client's own 1-second timer; the time limit catches a client that
    /// would wait forever.
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

    @Test func aRedirectLoopStops() async throws {
        #expect(await failure("/loop") == "GET \(server.baseURL)/loop: more than 3 redirects")
        #expect(server.requests(to: "/loop") == 4)
    }

    @Test func anUnreachablePortFailsWithTheURL() async throws {
        let closed = try FixtureHTTPServer { _ in .hang }
        let url = closed.baseURL + "/x.png"
        closed.stop()
        do {
            _ = try await client.send(HTTPRequest(url: url))
            Issue.record("expected a failure")
        } catch let error as LibraryError {
            #expect(error.message.hasPrefix("GET \(url): "))
        }
    }

    @Test(.timeLimit(.minutes(1))) func cancellationEndsTheRequest() async throws {
        let task = Task { try await get("/hang.png") }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        await #expect(throws: LibraryError.self) { try await task.value }
    }

    @Test func postsJSONWithTheUserAgent() async throws {
        let response = try await client.send(
            HTTPRequest(
                method: "POST", url: server.baseURL + "/cover.png",
                headers: ["Content-Type": "application/json"], body: Array("{}".utf8)))
        #expect(response.status == 200)
        #expect(server.requests(to: "/cover.png") == 1)
    }
}
