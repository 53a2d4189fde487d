import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryScanner
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryWeb
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A hostile run over the server's files and streams: files that change or are not what they seem,
/// readers that never finish, pages that come and go.
@Suite(.timeLimit(.minutes(5)))
struct WebFileStreamTests {
    @Test func aFileTruncatedWhileItIsSentEndsTheResponse() async throws {
        // Ten-minute deadlines (TestServer's): a connection that closes was closed for the file's end,
        // not for being idle while the client read nothing.
        let served = try await TestServer()
        let music = try await AudioLibrary(served.library, names: ["one.wav"])
        let track = music.tracks[0]
        // 64 MB: far more than the sockets' buffers hold while the client reads nothing.
        #expect(truncate(track.path, 64 << 20) == 0)
        let connection = try served.connect()
        connection.send(
            "GET \(AudioLibrary.audio(track)) HTTP/1.1\r\nHost: \(served.host)\r\nConnection: close\r\n\r\n")
        #expect(await connection.read(until: "\r\n\r\n").contains("Content-Length: \(64 << 20)\r\n"))
        #expect(truncate(track.path, 1 << 20) == 0)
        // The server ends the answer where the file now ends, and closes the connection; it used to spin
        // a core on the missing bytes while the client waited for ever.
        #expect(await connection.readUntilClosed(seconds: 60))
        #expect(connection.bytes.count < 64 << 20)
        await served.server.stop()
    }

    @Test func slowReadersOfTracksCannotTakeEveryConnection() async throws {
        // A reader that reads nothing is closed once its connection has been idle for the idle timeout:
        // long here (and the request timeout with it), so that on a machine slowed by other tests the
        // readers still hold their places while the test counts them.
        let limits = MicroHTTPServer.Limits(
            requestTimeout: .seconds(600), idleTimeout: .seconds(600), fileStreams: 3,
            fileStreamsPerAddress: 2)
        let served = try await TestServer(limits: limits)
        let music = try await AudioLibrary(served.library, names: ["one.wav"])
        #expect(truncate(music.tracks[0].path, 64 << 20) == 0)
        let request =
            "GET \(AudioLibrary.audio(music.tracks[0])) HTTP/1.1\r\nHost: \(served.host)\r\n\r\n"
        // Readers that take the head and then read nothing more, as a player paused for ever would.
        func reader(from source: String) async throws -> (RawHTTPConnection, String) {
            let connection = try served.connect(from: source)
            connection.send(request)
            return (connection, await connection.read(until: "\r\n\r\n"))
        }
        var readers: [RawHTTPConnection] = []
        for source in ["127.0.0.1", "127.0.0.1", "127.0.0.2"] {
            let (connection, head) = try await reader(from: source)
            #expect(head.hasPrefix("HTTP/1.1 200 "), "\(source): \(head.prefix(40))")
            readers.append(connection)
        }
        // A third from one address, and a fourth in all, are refused at once and their connections closed.
        for source in ["127.0.0.1", "127.0.0.3"] {
            let (connection, head) = try await reader(from: source)
            #expect(head.hasPrefix("HTTP/1.1 503 "), "\(source): \(head.prefix(40))")
            #expect(head.contains("Retry-After: 5"))
            // Closed long before any deadline: closed for being refused.
            #expect(await connection.readUntilClosed(seconds: 30))
        }
        // Everything else is answered meanwhile.
        let plain = try served.connect(from: "127.0.0.3")
        plain.send("GET /api/state HTTP/1.1\r\nHost: \(served.host)\r\nConnection: close\r\n\r\n")
        #expect(await plain.read(until: "can_delete").hasPrefix("HTTP/1.1 200"))
        // A reader that goes frees its place, once the server has seen it go.
        readers.removeFirst().hangUp()
        var admitted = false
        let deadline = ContinuousClock.now + .seconds(60)
        while !admitted && ContinuousClock.now < deadline {
            let (_, head) = try await reader(from: "127.0.0.3")
            admitted = head.hasPrefix("HTTP/1.1 200 ")
            if !admitted { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(admitted)
        withExtendedLifetime(readers) {}
        await served.server.stop()
    }

    /// The last quarter of the places for files is kept for addresses sending fewer than two: a few
    /// addresses of slow readers, each at its own limit, cannot make every other stream 503.
    @Test func aFewAddressesOfSlowReadersCannotTakeEveryPlace() async throws {
        let limits = MicroHTTPServer.Limits(
            requestTimeout: .seconds(600), idleTimeout: .seconds(600), fileStreams: 8,
            fileStreamsPerAddress: 4)
        let served = try await TestServer(limits: limits)
        let music = try await AudioLibrary(served.library, names: ["one.wav"])
        #expect(truncate(music.tracks[0].path, 64 << 20) == 0)
        let request = "GET \(AudioLibrary.audio(music.tracks[0])) HTTP/1.1\r\nHost: \(served.host)\r\n\r\n"
        var readers: [RawHTTPConnection] = []
        func read(from source: String) async throws -> String {
            let connection = try served.connect(from: source)
            connection.send(request)
            readers.append(connection)
            return String(await connection.read(until: "\r\n\r\n").prefix(12))
        }
        // Four from one address and two from another: six of eight places.
        for source in ["127.0.0.2", "127.0.0.2", "127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3"] {
            #expect(try await read(from: source) == "HTTP/1.1 200", "\(source)")
        }
        // The last two are for addresses sending fewer than two: not a third for 127.0.0.3.
        #expect(try await read(from: "127.0.0.3") == "HTTP/1.1 503")
        #expect(try await read(from: "127.0.0.4") == "HTTP/1.1 200")
        #expect(try await read(from: "127.0.0.5") == "HTTP/1.1 200")
        #expect(try await read(from: "127.0.0.6") == "HTTP/1.1 503", "all eight taken")
        withExtendedLifetime(readers) {}
        await served.server.stop()
    }

    @Test func aTrackWhoseFolderIsNowALinkIsNotServed() async throws {
        let library = LibraryAPI(store: TestLibrary.store())
        let app = try await WebApp(library: library)
        let music = try await AudioLibrary(library, names: ["one.wav"])
        let track = music.tracks[0]
        // The track's folder moved away and a link put in its place, to a folder holding another file
        // under the same name.
        let elsewhere = TemporaryDirectory("elsewhere")
        elsewhere.write("one.wav", "not the track")
        // The folder is moved into a temporary directory of its own, so it is removed even if the test
        // stops midway; the link, where the music's folder was, goes with `music`.
        let aside = TemporaryDirectory("moved-music")
        let folder = (track.path as NSString).deletingLastPathComponent
        try FileManager.default.moveItem(atPath: folder, toPath: aside.file("music"))
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: elsewhere.path)
        let response = await app.respond(
            to: WebRequest(
                method: "GET", path: AudioLibrary.audio(track), headers: ["Host": "127.0.0.1:8080"]))
        #expect(response.status == 404)
        if case .file = response.body { Issue.record("a file was sent") }
        withExtendedLifetime(music) {}
    }

    @Test func aFIFOAtACoverPathNeverBlocksThePool() async throws {
        let library = LibraryAPI(store: try await TestLibrary.store(albums: []))
        let folder = TemporaryDirectory("fifo-covers")
        let fifo = folder.file("cover.png")
        let audio = folder.file("track.mp3")
        #expect(mkfifo(fifo, 0o600) == 0 && mkfifo(audio, 0o600) == 0)
        // More albums than the pool has threads, each with a FIFO for a cover: image or audio file.
        let albums = (0..<6).map { Fixtures.album("F\($0)", cover: $0 % 2 == 0 ? "file://" + fifo : audio) }
        try await library.importAlbums(albums)
        let app = try await WebApp(
            library: library, covers: CoverService(httpClient: nil, cache: nil, embedded: MusicScanner()))
        for album in albums {
            let response = await app.respond(
                to: WebRequest(
                    method: "GET", path: "/covers/\(album.id)", headers: ["Host": "127.0.0.1:8080"]))
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "image/svg+xml")
            #expect(response.headers["X-Cover-Failure"] == "unavailable")
        }
    }
}

/// A page that closes its event stream frees its slot at once, not at the next keep-alive.
@Suite(.timeLimit(.minutes(2)))
struct EventStreamSlotTests {
    @Test func aClosedStreamFreesItsSlotForTheNextPage() async throws {
        let served = try await TestServer(streams: 64, streamsPerAddress: 4)
        let open = "GET /events HTTP/1.1\r\nHost: \(served.host)\r\n\r\n"
        for round in 0..<3 {
            var pages: [RawHTTPConnection] = []
            for _ in 0..<4 {
                let page = try served.connect()
                page.send(open)
                #expect(await page.read(until: "retry: 1000").contains("200 OK"), "round \(round)")
                pages.append(page)
            }
            // The pages are reloaded: their connections close, and new ones open straight away.
            for page in pages { page.hangUp() }
        }
        let page = try served.connect()
        page.send(open)
        #expect(await page.read(until: "retry: 1000").contains("200 OK"))
        // The server notices the others have gone on its own too (its sweep looks every 250 ms).
        let deadline = ContinuousClock.now + .seconds(30)
        while served.app.events.clientCount > 1 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(served.app.events.clientCount == 1)
        await served.server.stop()
    }
}

/// The server's requests are child tasks of its run: stopping waits for them, and cancelling the run
/// (as the service group does on Ctrl+C) still answers the requests in flight before it returns.
@Suite(.timeLimit(.minutes(2)))
struct StructuredServingTests {
    @Test func cancellingTheRunAnswersTheRequestsInFlightThenStops() async throws {
        let started = Mutex(false)
        // Ten-minute deadlines: the request in flight is never closed for being slow to arrive.
        let server = MicroHTTPServer(
            threads: 2, limits: .init(requestTimeout: .seconds(600), idleTimeout: .seconds(600)),
            log: { _ in },
            handler: { request in
                started.withLock { $0 = true }
                // Work that ignores cancellation for a moment, as a read of the store does.
                _ = await TestThreads.run { usleep(300_000) }
                return WebResponse(status: 200, body: .bytes(Array("done \(request.path)".utf8)))
            })
        let port = try server.start(port: 0)
        let run = Task { await server.run() }
        let connection = try RawHTTPConnection(port: port)
        connection.send("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let deadline = ContinuousClock.now + .seconds(30)
        while !started.withLock({ $0 }) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(started.withLock { $0 }, "the request never reached its handler")
        run.cancel()
        await run.value
        let answer = await connection.read(until: "done /slow")
        #expect(answer.hasPrefix("HTTP/1.1 200") && answer.contains("done /slow"))
        // The run has returned: the daemon is stopped and nothing listens any more.
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: port) }
    }

    @Test func stopWithoutARunStillStops() async throws {
        let server = MicroHTTPServer(log: { _ in }, handler: { _ in WebResponse(status: 204) })
        let port = try server.start(port: 0)
        await server.stop()
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: port) }
    }
}

/// A file refused because too many are being sent is answered 503 with the API's own error when the
/// handler gave one (a Subsonic player reads a Subsonic error), the web API's JSON otherwise.
@Suite(.timeLimit(.minutes(5)))
struct BusyFileAnswerTests {
    @Test func aRefusedFileCarriesTheAnswerItsHandlerGave() async throws {
        let directory = TemporaryDirectory("busy")
        let path = directory.write("track.bin", String(repeating: "x", count: 4 << 20))
        let server = MicroHTTPServer(
            threads: 2,
            limits: .init(
                requestTimeout: .seconds(600), idleTimeout: .seconds(600), fileStreams: 1,
                fileStreamsPerAddress: 1),
            log: { _ in },
            handler: { request in
                guard let file = try? WebFile.open(path) else { return WebResponse(status: 500) }
                var response = WebResponse(
                    status: 200, headers: ["Content-Type": "application/octet-stream"],
                    body: .file(file, offset: 0, length: file.size))
                if request.path == "/rest/stream" {
                    response.busyAnswer = ("text/xml; charset=utf-8", Array(#"<error code="0"/>"#.utf8))
                }
                return response
            })
        let port = try server.start(port: 0)
        let run = Task { await server.run() }
        // One reader takes the only place, and reads nothing more.
        let holder = try RawHTTPConnection(port: port)
        holder.send("GET /api/tracks/1/audio HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(await holder.read(until: "\r\n\r\n").hasPrefix("HTTP/1.1 200"))
        for (path, body) in [
            ("/rest/stream", #"<error code="0"/>"#), ("/api/tracks/1/audio", #""code":"busy""#),
        ] {
            let refused = try RawHTTPConnection(port: port)
            refused.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let answer = await refused.read(until: body)
            #expect(
                answer.hasPrefix("HTTP/1.1 503") && answer.contains(body), "\(path): \(answer.prefix(300))")
            #expect(answer.contains("Retry-After: 5"))
        }
        holder.hangUp()
        run.cancel()
        await run.value
    }
}

/// A NUL in the URL (`%00`, or its overlong form `%C0%80`) is refused before any handler sees the
/// request: in C it would end the text (`/app.js%00.html` served `app.js`; `p=alicepw%00junk` logged in
/// by GET), in Swift it would not (`q=%00` matched everything).
@Suite(.timeLimit(.minutes(2)))
struct URLNulTests {
    @Test func aNulInThePathOrAQueryValueIsRefusedAndEverythingElsePasses() async throws {
        let server = MicroHTTPServer(
            threads: 1, limits: .init(requestTimeout: .seconds(600), idleTimeout: .seconds(600)),
            log: { _ in },
            handler: { request in
                let query = request.queryItems.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
                return WebResponse(status: 200, body: .bytes(Array("\(request.path)?\(query)".utf8)))
            })
        let port = try server.start(port: 0)
        let run = Task { await server.run() }
        func get(_ target: String) async throws -> (status: Int, body: String) {
            let answer = try #require(
                try await LoopbackHTTP.request(port: port, "GET", target, seconds: 60), "\(target)")
            return (answer.status, answer.body)
        }
        for target in [
            "/app.js%00.html", "/api/albums?q=%00", "/rest/ping.view?u=alice&p=alicepw%00junk",
            "/api/albums?q=%C0%80", "/api/albums?na%00me=x", "/a%c0%80b",
        ] {
            let answer = try await get(target)
            #expect(answer.status == 400, "\(target)")
            #expect(answer.body.contains(#""code":"bad_request""#), "\(target): \(answer.body)")
        }
        #expect(try await get("/app.js?q=a%20b&r=%2500&s=%zz%4").body == "/app.js?q=a b&r=%00&s=%zz%4")
        #expect(try await get("/caf%C3%A9?t=%E2%9C%93").body == "/café?t=✓")
        run.cancel()
        await run.value
    }
}
