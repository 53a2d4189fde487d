import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryWeb
import Foundation
import Synchronization
import TestSupport
import Testing

/// The real server on an ephemeral port of 127.0.0.1.
struct WebServerTests {
    let library = LibraryAPI(store: TestLibrary.store())
    let app: WebApp
    let server: MicroHTTPServer
    let log = RequestLog()

    final class RequestLog: Sendable {
        let lines = Mutex<[String]>([])
    }

    init() async throws {
        app = try await WebApp(library: library)
        let app = app
        let log = log
        // Ten-minute deadlines: no connection a test holds is closed behind its back on a slow machine.
        server = MicroHTTPServer(
            maximumBodySize: 1024, limits: .init(requestTimeout: .seconds(600), idleTimeout: .seconds(600)),
            log: { line in log.lines.withLock { $0.append(line) } }, handler: { await app.respond(to: $0) })
        try server.start(port: 0)
        let server = server
        Task { await server.run() }
    }

    @Test func itAnswersOverHTTPAndLogsEachRequest() async throws {
        let connection = try RawHTTPConnection(port: server.port)
        connection.send("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let response = await connection.read(until: "can_delete")
        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(response.contains("\"count\":5"))
        await server.stop()
        #expect(
            log.lines.withLock { $0 }.contains { $0.hasPrefix("GET /api/state 200 ") && $0.hasSuffix("ms") })
    }

    @Test func aBodyOverTheLimitGets413AndChangesNothing() async throws {
        let connection = try RawHTTPConnection(port: server.port)
        let body = #"{"title": ""# + String(repeating: "x", count: 2000) + #"", "artist": "B"}"#
        connection.send(
            "POST /api/albums HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        )
        #expect(await connection.read(until: "too_large").hasPrefix("HTTP/1.1 413"))
        #expect(try await library.count() == 5)
        await server.stop()
    }

    @Test func anEncodedDotDotIsRefused() async throws {
        let connection = try RawHTTPConnection(port: server.port)
        connection.send(
            "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let response = await connection.read(until: "}}")
        #expect(response.hasPrefix("HTTP/1.1 400"))
        #expect(!response.contains("root:"))
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func everyChangeReachesAnOpenEventStream() async throws {
        let stream = try RawHTTPConnection(port: server.port)
        stream.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(await stream.read(until: "retry: 1000").contains("text/event-stream"))
        try await library.delete(.index(0))
        let text = await stream.read(until: "\"kind\":\"delete\"")
        #expect(text.contains("event: change\ndata: {\"kind\":\"delete\",\"state\":{"))
        // Stopping the server ends the stream (its connection is resumed first) and the server stops.
        await server.stop()
        #expect(app.events.clientCount == 0)
        #expect(await stream.read(until: "\r\n0\r\n\r\n").hasSuffix("0\r\n\r\n"))
    }

    @Test(.timeLimit(.minutes(1))) func parkedEventStreamsAndSlowAnswersHoldNoThread() async throws {
        // Two pool threads, ten open event streams and two requests whose answers wait until the test
        // lets them go: ordinary requests are still answered meanwhile.
        let app = self.app
        let slowStarted = Mutex(0)
        let slowReleased = Mutex(false)
        // Released however the test ends, so that no handler waits on after it.
        defer { slowReleased.withLock { $0 = true } }
        // Ten-minute deadlines: no connection is closed for being slow while a loaded machine answers
        // the ones before it.
        let small = MicroHTTPServer(
            threads: 2, limits: .init(requestTimeout: .seconds(600), idleTimeout: .seconds(600)),
            log: { _ in },
            handler: { request in
                if request.path == "/slow" {
                    slowStarted.withLock { $0 += 1 }
                    // In flight until released (or until a stopping server gives up on it).
                    while !slowReleased.withLock({ $0 }) && !Task.isCancelled {
                        try? await Task.sleep(for: .milliseconds(10))
                    }
                }
                return await app.respond(to: request)
            })
        let port = try small.start(port: 0)
        Task { await small.run() }
        var streams: [RawHTTPConnection] = []
        for _ in 0..<10 {
            let stream = try RawHTTPConnection(port: port)
            stream.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            streams.append(stream)
            let opened = await stream.read(until: "retry: 1000")
            #expect(
                opened.contains("200 OK"),
                "stream answered \(opened.debugDescription), closed: \(stream.closed)")
        }
        let slow = try (0..<2).map { _ in try RawHTTPConnection(port: port) }
        for connection in slow { connection.send("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
        // Both slow requests are in their handlers (in flight) before anything else happens.
        let deadline = ContinuousClock.now + .seconds(30)
        while slowStarted.withLock({ $0 }) < 2 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(slowStarted.withLock { $0 } == 2)
        // Answered while both slow requests are still in flight (they wait for the test): neither they
        // nor the streams hold one of the two threads.
        let plain = try RawHTTPConnection(port: port)
        plain.send("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(await plain.read(until: "can_delete").hasPrefix("HTTP/1.1 200"))
        try await library.select(.index(1))
        for stream in streams {
            #expect(await stream.read(until: "\"kind\":\"select\"").contains("\"index\":1"))
        }
        // Stopping resumes every parked connection: the streams end, the slow answers still arrive.
        slowReleased.withLock { $0 = true }
        await small.stop(timeout: .seconds(30))
        for connection in slow {
            #expect(await connection.read(until: "}}").contains("HTTP/1.1 404"))
        }
        for stream in streams {
            #expect(await stream.read(until: "\r\n0\r\n\r\n").hasSuffix("0\r\n\r\n"))
        }
        await server.stop()
    }
}
