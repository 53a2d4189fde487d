import BlueLibraryCore
import BlueLibraryServices
import BlueLibraryStorage
import BlueLibraryTestSupport
import BlueLibraryWeb
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real server on an ephemeral port of 127.0.0.1.
struct WebServerTests {
    let library = LibraryAPI(store: InMemoryLibraryStore())
    let app: WebApp
    let server: MicroHTTPServer
    let log = RequestLog()

    final class RequestLog: Sendable {
        let lines = Mutex<[String]>([])
    }

    init() throws {
        app = try WebApp(library: library)
        let app = app
        let log = log
        server = MicroHTTPServer(
            maximumBodySize: 1024, log: { line in log.lines.withLock { $0.append(line) } },
            handler: { app.respond(to: $0) })
        try server.start(port: 0)
    }

    @Test func itAnswersOverHTTPAndLogsEachRequest() throws {
        let connection = try RawHTTPConnection(port: server.port)
        connection.send("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let response = connection.read(until: "can_delete")
        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(response.contains("\"count\":5"))
        server.stop()
        #expect(
            log.lines.withLock { $0 }.contains { $0.hasPrefix("GET /api/state 200 ") && $0.hasSuffix("ms") })
    }

    @Test func aBodyOverTheLimitGets413AndChangesNothing() throws {
        let connection = try RawHTTPConnection(port: server.port)
        let body = #"{"title": ""# + String(repeating: "x", count: 2000) + #"", "artist": "B"}"#
        connection.send(
            "POST /api/albums HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        )
        #expect(connection.read(until: "too_large").hasPrefix("HTTP/1.1 413"))
        #expect(try library.count() == 5)
        server.stop()
    }

    @Test func anEncodedDotDotIsRefused() throws {
        let connection = try RawHTTPConnection(port: server.port)
        connection.send(
            "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let response = connection.read(until: "}}")
        #expect(response.hasPrefix("HTTP/1.1 400"))
        #expect(!response.contains("root:"))
        server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func everyChangeReachesAnOpenEventStream() throws {
        let stream = try RawHTTPConnection(port: server.port)
        stream.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(stream.read(until: "retry: 1000").contains("text/event-stream"))
        try library.delete(.index(0))
        let text = stream.read(until: "\"kind\":\"delete\"")
        #expect(text.contains("event: change\ndata: {\"kind\":\"delete\",\"state\":{"))
        // Shutting down ends the stream and the server stops.
        app.events.close()
        app.events.waitUntilDisconnected()
        #expect(app.events.clientCount == 0)
        server.stop()
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: server.port) }
    }

    @Test(.timeLimit(.minutes(1))) func parkedEventStreamsHoldNoThread() throws {
        // Two pool threads, ten open event streams: ordinary requests are still answered.
        let app = self.app
        let small = MicroHTTPServer(threads: 2, log: { _ in }, handler: { app.respond(to: $0) })
        let port = try small.start(port: 0)
        let streams = try (0..<10).map { _ in try RawHTTPConnection(port: port) }
        for stream in streams {
            stream.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(stream.read(until: "retry: 1000").contains("200 OK"))
        }
        let plain = try RawHTTPConnection(port: port)
        plain.send("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(plain.read(until: "can_delete", seconds: 5).hasPrefix("HTTP/1.1 200"))
        try library.select(.index(1))
        #expect(streams.allSatisfy { $0.read(until: "\"kind\":\"select\"").contains("\"index\":1") })
        app.events.close()
        app.events.waitUntilDisconnected()
        small.stop()
        server.stop()
    }
}
