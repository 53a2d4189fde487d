import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryWeb
import Synchronization
import TestSupport

/// The real server over an in-memory library on an ephemeral port of 127.0.0.1, its request log kept.
/// It serves from a task of its own until a test stops it, or until it goes away (then it is cancelled).
final class TestServer: Sendable {
    let library = LibraryAPI(store: TestLibrary.store())
    let app: WebApp
    let server: MicroHTTPServer
    private let lines = LogLines()
    private let runner: Task<Void, Never>

    final class LogLines: Sendable {
        let lines = Mutex<[String]>([])
    }

    /// Starts a server with `limits`, a 1 KiB body limit and room for `streams` event streams
    /// (`streamsPerAddress` from one address). The request and idle deadlines are ten minutes unless a
    /// test sets them (``longDeadlines``), so that a connection a test sees closed was closed by what
    /// the test looks at, never by a deadline while a loaded machine was slow to get there.
    init(
        limits: MicroHTTPServer.Limits = TestServer.longDeadlines, threads: Int = 8,
        streams: Int = 64, streamsPerAddress: Int = 16
    ) async throws {
        app = try await WebApp(
            library: library, maximumStreams: streams, maximumStreamsPerAddress: streamsPerAddress)
        let (app, lines) = (app, lines)
        server = MicroHTTPServer(
            maximumBodySize: 1024, threads: threads, limits: limits,
            log: { line in lines.lines.withLock { $0.append(line) } }, handler: { await app.respond(to: $0) })
        let port = try server.start(port: 0)
        app.listening(on: "127.0.0.1", port: port)
        let server = server
        runner = Task { await server.run() }
    }

    deinit {
        runner.cancel()
    }

    /// The server's default limits with request and idle deadlines of ten minutes: longer than any
    /// test, so neither closes a connection behind a test's back.
    static let longDeadlines = MicroHTTPServer.Limits(
        requestTimeout: .seconds(600), idleTimeout: .seconds(600))

    var port: Int { server.port }
    /// The `Host` header that names the server.
    var host: String { "127.0.0.1:\(server.port)" }
    /// The request log so far.
    var log: [String] { lines.lines.withLock { $0 } }

    /// A new connection from `source`.
    func connect(from source: String = "127.0.0.1") throws -> RawHTTPConnection {
        try RawHTTPConnection(port: port, from: source)
    }

    /// Sends one request on a new connection from `source` and reads the answer until `marker` (or
    /// until the server closes the connection, or half a minute passes: a loaded machine can take
    /// seconds to answer).
    func exchange(_ request: String, from source: String = "127.0.0.1", until marker: String = "}")
        async throws -> String
    {
        let connection = try connect(from: source)
        connection.send(request)
        return await connection.read(until: marker)
    }
}
