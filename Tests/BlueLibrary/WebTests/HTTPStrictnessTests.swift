import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryWeb
import TestSupport
import Testing

/// HTTP strictness against the real server: ambiguous framing is refused and its
/// connection closed, an announced over-limit body is answered from its headers, HEAD is GET without
/// the body.
struct HTTPStrictnessTests {
    let served: TestServer

    /// TestServer's deadlines are ten minutes: a connection seen closed within a test's wait was closed
    /// for what it sent, not for being slow.
    init() async throws {
        served = try await TestServer()
    }

    private var host: String { served.host }

    @Test(.timeLimit(.minutes(1)), arguments: [true, false])
    func contentLengthWithTransferEncodingIsRefusedAndNothingSmuggledIsServed(lengthFirst: Bool) async throws
    {
        let framing = ["Content-Length: 4\r\n", "Transfer-Encoding: chunked\r\n"]
        let smuggled = "DELETE /api/albums/\(Album.seeds[0].id) HTTP/1.1\r\nHost: \(host)\r\n\r\n"
        let connection = try served.connect()
        connection.send(
            "POST /api/undo HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n"
                + (lengthFirst ? framing : framing.reversed()).joined() + "\r\n0\r\n\r\n" + smuggled)
        #expect(await connection.readUntilClosed(seconds: 30))
        #expect(connection.text.hasPrefix("HTTP/1.1 400 "))
        #expect(connection.text.components(separatedBy: "HTTP/1.1 ").count == 2, "one answer only")
        #expect(try await served.library.count() == 5)
        #expect(!served.log.contains { $0.hasPrefix("DELETE") })
        await served.server.stop()
    }

    @Test(
        .timeLimit(.minutes(1)),
        arguments: [
            "Content-Length: 2\r\nContent-Length: 40\r\n", "Transfer-Encoding: gzip, chunked\r\n",
            "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n",
        ])
    func otherAmbiguousFramingIsRefused(framing: String) async throws {
        let connection = try served.connect()
        connection.send(
            "POST /api/undo HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n\(framing)\r\n{}")
        #expect(await connection.readUntilClosed(seconds: 30))
        #expect(connection.text.hasPrefix("HTTP/1.1 400 "))
        await served.server.stop()
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["Expect: 100-continue\r\n", ""])
    func anAnnouncedOverLimitBodyIsAnswered413FromItsHeaders(expect: String) async throws {
        // 300 MB announced, none sent: the answer must come from the headers alone.
        let connection = try served.connect()
        connection.send(
            "POST /api/albums HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n"
                + "Content-Length: 300000000\r\n\(expect)\r\n")
        #expect(await connection.readUntilClosed(seconds: 30), "the unread body cannot be a next request")
        #expect(connection.text.hasPrefix("HTTP/1.1 413 "))
        #expect(!connection.text.contains("100 Continue"))
        #expect(connection.text.contains("too_large"))
        #expect(try await served.library.count() == 5)
        await served.server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aChunkedBodyGrowingPastTheLimitEndsTheConnection() async throws {
        let body = #"{"title": ""# + String(repeating: "x", count: 2000) + #"", "artist": "B"}"#
        let connection = try served.connect()
        connection.send(
            "POST /api/albums HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n\(String(body.utf8.count, radix: 16))\r\n\(body)\r\n0\r\n\r\n"
        )
        #expect(await connection.readUntilClosed(seconds: 30))
        #expect(!connection.text.contains("HTTP/1.1 2"))
        #expect(try await served.library.count() == 5)
        await served.server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func headIsServedWhereGetIsWithoutABody() async throws {
        let id = Album.seeds[1].id
        for path in [
            "/", "/app.js", "/api/albums", "/api/albums/\(id)", "/api/state", "/covers/\(id)", "/events",
        ] {
            let connection = try served.connect()
            // A HEAD, then a GET on the same connection: a body after HEAD would be read as the next answer.
            connection.send(
                "HEAD \(path) HTTP/1.1\r\nHost: \(host)\r\n\r\nGET /api/state HTTP/1.1\r\nHost: \(host)\r\n\r\n"
            )
            let text = await connection.read(until: "can_delete")
            let (head, rest) = try #require(Self.split(text), "\(path): \(text.prefix(200))")
            #expect(head.hasPrefix("HTTP/1.1 200 "), "\(path)")
            #expect(rest.hasPrefix("HTTP/1.1 200 "), "\(path) sent a body after HEAD: \(rest.prefix(40))")
            if path == "/api/albums" {
                let get = try await served.exchange(
                    "GET /api/albums HTTP/1.1\r\nHost: \(host)\r\n\r\n", until: "}]")
                let body = try #require(Self.split(get)).1
                #expect(head.contains("Content-Length: \(body.utf8.count)\r\n"))
            }
        }
        #expect(served.app.events.clientCount == 0, "HEAD /events opens no stream")
        await served.server.stop()
    }

    /// The head of the first answer and everything after it.
    private static func split(_ text: String) -> (String, String)? {
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        return (String(text[..<end.upperBound]), String(text[end.upperBound...]))
    }
}

/// The same rules in-process: JSON endpoints take only `application/json` (a form or `text/plain` is
/// what another site can post without asking), and HEAD answers as GET does.
struct HTTPStrictnessAppTests {
    let library = LibraryAPI(store: TestLibrary.store())

    @Test(
        arguments: [
            ("POST", "/api/albums", #"{"title": "A", "artist": "B"}"#),
            ("POST", "/api/addAlbum", #"{"title": "A", "artist": "B"}"#),
            ("PATCH", "/api/albums/\(Album.seeds[1].id)", #"{"title": "A"}"#),
            ("POST", "/api/deleteAlbum", "0"),
            ("POST", "/api/deleteAlbum", #"{"index": 0}"#), ("POST", "/api/undo", "{}"),
            ("POST", "/api/redo", "{}"), ("PUT", "/api/state", #"{"current_index": 2}"#),
        ])
    func jsonEndpointsRefuseEveryOtherContentType(method: String, path: String, body: String) async throws {
        let app = try await WebApp(library: library)
        try await library.delete(.index(4))  // so that undo would change something
        let before = "\(try await library.albums()) \(try await library.state())"
        for type in [
            "text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x", "text/json", "application/json-seq", nil,
        ] as [String?] {
            var headers = ["Host": "127.0.0.1:8080"]
            headers["Content-Type"] = type
            let response = await app.respond(
                to: WebRequest(method: method, path: path, headers: headers, body: Array(body.utf8)))
            #expect(response.status == 400, "\(method) \(path) as \(type ?? "no type")")
        }
        #expect("\(try await library.albums()) \(try await library.state())" == before)
    }

    @Test func headAnswersAsGetDoesWithoutTheBody() async throws {
        let app = try await WebApp(library: library, covers: CoverService(httpClient: nil, cache: nil))
        let id = Album.seeds[1].id
        for path in [
            "/", "/app.css", "/api/albums", "/api/albums/\(id)", "/api/state", "/covers/\(id)", "/nothing",
        ] {
            let get = await app.respond(
                to: WebRequest(method: "GET", path: path, headers: ["Host": "localhost"]))
            let head = await app.respond(
                to: WebRequest(method: "HEAD", path: path, headers: ["Host": "localhost"]))
            #expect(head.status == get.status, "\(path)")
            #expect(head.headers == get.headers, "\(path)")
        }
        let events = await app.respond(
            to: WebRequest(method: "HEAD", path: "/events", headers: ["Host": "localhost"]))
        #expect(events.status == 200)
        #expect(events.headers["Content-Type"] == "text/event-stream")
        #expect(events.bytes.isEmpty && app.events.clientCount == 0)
    }
}
