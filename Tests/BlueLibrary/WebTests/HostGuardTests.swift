import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryWeb
import TestSupport
import Testing

/// DNS rebinding: a page on another site whose name now resolves to 127.0.0.1 sends its
/// own name as `Host` and, being "same-origin" to the browser, a matching `Origin`. It must neither
/// read nor change anything.
struct HostGuardTests {
    let library = LibraryAPI(store: TestLibrary.store())
    let app: WebApp
    let id = Album.seeds[1].id

    init() async throws {
        app = try await WebApp(library: library, covers: CoverService(httpClient: nil, cache: nil))
        app.listening(on: "127.0.0.1", port: 8080)
        try await library.delete(.index(0))  // so that undo would have something to undo
    }

    /// Every route of the server, reads included, with a body where it takes one.
    static let routes: [(String, String, String)] = [
        ("GET", "/", ""), ("GET", "/app.js", ""), ("GET", "/app.css", ""), ("GET", "/events", ""),
        ("GET", "/covers/ID", ""), ("GET", "/api/albums", ""), ("GET", "/api/albums/ID", ""),
        ("GET", "/api/state", ""), ("HEAD", "/api/albums", ""), ("HEAD", "/", ""),
        ("GET", "/api/tracks/ID/audio", ""), ("HEAD", "/api/tracks/ID/audio", ""),
        ("POST", "/api/albums", #"{"title": "Rebound", "artist": "Mallory"}"#),
        ("POST", "/api/addAlbum", #"{"title": "Rebound", "artist": "Mallory"}"#),
        ("PATCH", "/api/albums/ID", #"{"title": "Owned"}"#), ("DELETE", "/api/albums/ID", ""),
        ("POST", "/api/deleteAlbum", "0"), ("POST", "/api/undo", "{}"), ("POST", "/api/redo", "{}"),
        ("PUT", "/api/state", #"{"current_index": 2}"#),
    ]

    private func send(_ method: String, _ path: String, _ body: String, host: String?) async -> WebResponse {
        var headers = ["Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"]
        if let host {
            headers["Host"] = host
            headers["Origin"] = "http://\(host)"
        }
        return await app.respond(
            to: WebRequest(
                method: method, path: path.replacingOccurrences(of: "ID", with: id.rawValue),
                headers: headers, body: Array(body.utf8)))
    }

    private func snapshot() async throws -> String {
        "\(try await library.albums()) \(try await library.state())"
    }

    @Test(arguments: [
        "evil.example:8080", "evil.example", "EVIL.example:8080", "127.0.0.1.evil.example:8080",
    ])
    func aRequestNamingAnotherHostCanNeitherReadNorChangeAnything(host: String) async throws {
        let before = try await snapshot()
        for (method, path, body) in Self.routes {
            let response = await send(method, path, body, host: host)
            #expect(response.status == 421, "\(method) \(path)")
            #expect(!revealsAlbums(String(decoding: response.bytes, as: UTF8.self)), "\(method) \(path)")
            if case .events = response.body { Issue.record("\(path) opened an event stream") }
        }
        #expect(try await snapshot() == before)
        #expect(app.events.clientCount == 0)
    }

    @Test(
        arguments: [
            ("127.0.0.1:8080", 200), ("localhost:8080", 200), ("[::1]:8080", 200), ("LocalHost:8080", 200),
            ("127.0.0.1", 200), ("localhost", 200), ("[::1]", 200),
            ("127.0.0.1:8081", 421), ("localhost:80", 421), ("127.0.0.2:8080", 421), ("0.0.0.0:8080", 421),
            ("localhost.evil.example:8080", 421), ("[::1].evil.example:8080", 421), ("", 421),
        ])
    func onLoopbackOnlyTheLoopbackNamesOfThisPortAreAnswered(host: String, status: Int) async {
        #expect(await send("GET", "/api/state", "", host: host).status == status)
    }

    @Test func aRequestWithoutHostIsRefused() async {
        #expect(await send("GET", "/api/state", "", host: nil).status == 421)
    }

    @Test(arguments: ["192.168.1.2", "0.0.0.0"])
    func offLoopbackEveryRequestButThePageItselfNeedsTheToken(bound: String) async throws {
        let app = try await WebApp(library: library, writeToken: "s3cret")
        app.listening(on: bound, port: 8080)
        let read = { (path: String, host: String, token: String?) in
            await app.respond(
                to: WebRequest(
                    method: "GET", path: path, query: token.map { ["token": $0] } ?? [:],
                    headers: ["Host": host]))
        }
        // Any client can send the bound address as its Host (0.0.0.0 names no machine at all): it proves
        // nothing, so the token is needed for every route but the page's own files.
        for path in ["/api/albums", "/api/state", "/events", "/covers/\(id)", "/api/tracks/x/audio"] {
            #expect(await read(path, "\(bound):8080", nil).status == 401, "\(path)")
            #expect(await read(path, "\(bound):8080", "wrong").status == 401, "\(path)")
        }
        for path in ["/", "/app.js", "/app.css"] {
            #expect(await read(path, "\(bound):8080", nil).status == 200, "\(path)")
        }
        #expect(await read("/api/albums", "\(bound):8080", "s3cret").status == 200)
        #expect(await read("/api/albums", "evil.example:8080", nil).status == 421)
        #expect(await read("/", "evil.example:8080", nil).status == 421)
        #expect(await read("/api/albums", "localhost:8080", nil).status == 421)
        #expect(await read("/api/albums", "evil.example:8080", "wrong").status == 421)
        #expect(await read("/api/albums", "evil.example:8080", "s3cret").status == 200)
    }
}

/// The same over a socket, against the real server.
struct HostGuardServerTests {
    @Test(.timeLimit(.minutes(1))) func aRebindingPageGetsNothingFromTheRealServer() async throws {
        let served = try await TestServer()
        try await served.library.delete(.index(0))
        let before = "\(try await served.library.albums()) \(try await served.library.state())"
        let evil = "Host: evil.example:\(served.port)\r\nOrigin: http://evil.example:\(served.port)\r\n"
        let requests = [
            "GET /api/albums HTTP/1.1\r\n\(evil)\r\n", "GET /events HTTP/1.1\r\n\(evil)\r\n",
            "GET /covers/\(Album.seeds[1].id) HTTP/1.1\r\n\(evil)\r\n",
            "POST /api/undo HTTP/1.1\r\n\(evil)Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
            "DELETE /api/albums/\(Album.seeds[1].id) HTTP/1.1\r\n\(evil)\r\n",
        ]
        for request in requests {
            let answer = try await served.exchange(request, until: "}}")
            #expect(answer.hasPrefix("HTTP/1.1 421 "), "\(request.prefix(30))")
            #expect(!revealsAlbums(answer) && !answer.contains("text/event-stream"))
        }
        #expect("\(try await served.library.albums()) \(try await served.library.state())" == before)
        let good = try await served.exchange("GET /api/state HTTP/1.1\r\nHost: \(served.host)\r\n\r\n")
        #expect(good.hasPrefix("HTTP/1.1 200 "))
        await served.server.stop()
    }

    /// Two `Host` headers: which one names the server depends on who reads them, so neither is believed.
    @Test(arguments: [true, false])
    func aRequestWithTwoHostHeadersIsRefused(evilFirst: Bool) async throws {
        let served = try await TestServer()
        let hosts = ["Host: evil.example\r\n", "Host: \(served.host)\r\n"]
        let connection = try served.connect()
        connection.send(
            "GET /api/albums HTTP/1.1\r\n\((evilFirst ? hosts : hosts.reversed()).joined())\r\n")
        let answer = await connection.read(until: "}}")
        #expect(answer.hasPrefix("HTTP/1.1 400 "))
        #expect(!revealsAlbums(answer))
        #expect(await connection.readUntilClosed(seconds: 30))
        await served.server.stop()
    }
}

/// Whether `text` names any album of the library.
private func revealsAlbums(_ text: String) -> Bool {
    Album.seeds.contains { text.contains($0.title) || text.contains($0.id.rawValue) }
}
