import BlueLibraryCore
import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A thin, safe wrapper over GNU libmicrohttpd: HTTP/1.1, connections served by a pool of threads,
/// bodies read whole up to a limit, one log line per request. Nothing above this file and its
/// extensions sees a C pointer. libmicrohttpd itself is loaded when the first server starts (the
/// `CMicroHTTPD` target opens it with `dlopen`), so commands that serve nothing never load it.
///
/// Handlers are `async`. When a request's body is in, its connection is suspended and a task runs the
/// handler; when the answer is ready the task resumes the connection and MHD sends it — so a slow
/// answer (a cover download, a locked database) holds no pool thread. An event stream with nothing to
/// send is suspended the same way until it has. The server keeps count of every suspended connection
/// and resumes them all before it stops the daemon, as MHD requires.
///
/// No client can starve the others (``Limits``): connections are limited per client address, a
/// request must arrive whole within a deadline however slowly it trickles, a body announced larger
/// than the limit is answered from its headers without being read, and a request whose framing is
/// ambiguous (`Content-Length` with `Transfer-Encoding`, a repeated `Host`) is refused and its
/// connection closed, so nothing smuggled after it is served.
public final class MicroHTTPServer: Sendable {
    /// What answers requests.
    public typealias Handler = @Sendable (WebRequest) async -> WebResponse

    /// How many connections a server takes, from whom, and for how long.
    public struct Limits: Sendable {
        /// Connections open at once.
        public var connections: Int
        /// Connections open at once from one client address; more are closed as soon as they arrive.
        public var connectionsPerAddress: Int
        /// How long a connection may take to deliver a whole request (headers and body), counted from
        /// when it is ready for one; trickling bytes does not extend it.
        public var requestTimeout: Duration
        /// How long a connection may send and receive nothing at all.
        public var idleTimeout: Duration

        /// Limits for `serve`: 256 connections, 32 from one address, 10 s per request, 30 s idle.
        public init(
            connections: Int = 256, connectionsPerAddress: Int = 32, requestTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(30)
        ) {
            self.connections = connections
            self.connectionsPerAddress = connectionsPerAddress
            self.requestTimeout = requestTimeout
            self.idleTimeout = idleTimeout
        }
    }

    /// The address the server listens on.
    public let host: String
    /// The limits the server enforces.
    public let limits: Limits
    let handler: Handler
    let maximumBodySize: Int
    private let threads: Int
    let log: @Sendable (String) -> Void
    private let daemon = Mutex<DaemonHandle?>(nil)
    private let boundPort = Mutex<Int>(0)
    private let sweeper = Mutex<Task<Void, Never>?>(nil)
    /// Connections suspended now: waiting for a handler, or event streams waiting for an event.
    let parked = ParkedConnections()
    /// Every open connection and what it is doing.
    let connections = ConnectionTable()
    /// What the server notices on its own — libmicrohttpd's messages, connections closed for being
    /// too slow — a few lines at a time: a flood of refused connections must not flood the log.
    let notices = LogThrottle(linesPerWindow: 10, window: .seconds(10))
    /// libmicrohttpd's messages while it starts, kept for the error when it cannot (`nil` once started).
    let startMessages = Mutex<[String]?>(nil)

    /// Creates a server; ``start(port:)`` makes it listen.
    /// - Parameters:
    ///   - host: an IPv4 address to bind (default loopback only).
    ///   - maximumBodySize: larger request bodies get 413 without being read.
    ///   - threads: MHD's pool of threads that read requests and write answers.
    ///   - limits: connection limits and deadlines.
    ///   - log: where the one-line request log goes (it must not fail: see `StandardError`).
    public init(
        host: String = "127.0.0.1", maximumBodySize: Int = 1 << 20, threads: Int = 8,
        limits: Limits = Limits(),
        log: @escaping @Sendable (String) -> Void, handler: @escaping Handler
    ) {
        self.host = host
        self.threads = threads
        self.limits = limits
        self.handler = handler
        self.maximumBodySize = maximumBodySize
        self.log = log
    }

    /// The port listened on (after ``start(port:)``).
    public var port: Int { boundPort.withLock { $0 } }

    /// How many connections are open now.
    public var connectionCount: Int { connections.count }

    /// Starts listening on `port` (0 = any free port) and returns the port.
    /// - Throws: `unavailable` when libmicrohttpd cannot be loaded or the address cannot be bound.
    @discardableResult
    public func start(port: Int) throws -> Int {
        var reason = [CChar](repeating: 0, count: 512)
        if bl_mhd_load(&reason, reason.count) != 0 {
            throw LibraryError(.unavailable, String(nulTerminated: reason))
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        startMessages.withLock { $0 = [] }
        let started = host.withCString { host in
            var settings = bl_mhd_settings(
                host: host, port: UInt16(clamping: port), threads: UInt32(clamping: threads),
                connection_limit: UInt32(clamping: limits.connections),
                per_address_limit: UInt32(clamping: limits.connectionsPerAddress),
                idle_timeout: UInt32(clamping: max(1, limits.idleTimeout.components.seconds)),
                access: accessHandler, completed: completedHandler, connection: connectionNotifier,
                log: libraryLogger, context: context)
            return bl_mhd_start(&settings)
        }
        let messages = startMessages.withLock { messages in
            defer { messages = nil }
            return messages ?? []
        }
        guard let started else {
            let reason =
                messages.isEmpty
                ? "in use, or not an IPv4 address of this machine" : messages.joined(separator: "; ")
            throw LibraryError(.unavailable, "cannot listen on \(host):\(port) (\(reason))")
        }
        for message in messages { notice("libmicrohttpd: " + message) }
        daemon.withLock { $0 = DaemonHandle(pointer: started) }
        let actual = Int(bl_mhd_port(started))
        boundPort.withLock { $0 = actual }
        startSweeper()
        return actual
    }

    /// Closes, a few times a second, the connections that are overdue with their request.
    private func startSweeper() {
        let (connections, timeout) = (connections, limits.requestTimeout)
        let interval = min(timeout / 4, .milliseconds(250))
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                let closed = connections.closeOverdue(timeout: timeout, now: .now)
                if closed > 0 {
                    self?.notice(
                        "closed \(closed) connection(s) that sent no whole request within \(timeout)")
                }
            }
        }
        sweeper.withLock { $0 = task }
    }

    /// Stops gracefully: stops accepting connections, ends every event stream, lets the requests in
    /// flight finish and their answers be sent (waiting up to `timeout` for them), and only then stops
    /// the daemon. A file still being sent (a track a player reads at its own pace) is cut.
    public func stop(timeout: Duration = .seconds(5)) async {
        guard let running = daemon.withLock({ $0 }) else { return }
        // Quiescing hands the listening socket back to us: closing it refuses new connections at once.
        let listening = bl_mhd_quiesce(running.pointer)
        if listening >= 0 { close(listening) }
        parked.closeStreams()
        // An answer is done when MHD has sent it (its request completed), not when its connection was
        // resumed: stopping the daemon in between would close the connection before the answer left.
        let deadline = ContinuousClock.now + timeout
        while (!parked.isIdle || connections.answeringCount > 0) && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        parked.resumeAll()
        stopDaemon()
    }

    private func stopDaemon() {
        sweeper.withLock { $0?.cancel() }
        guard
            let running = daemon.withLock({ daemon in
                defer { daemon = nil }
                return daemon
            })
        else { return }
        bl_mhd_stop(running.pointer)
    }

    deinit {
        parked.closeStreams()
        parked.resumeAll()
        stopDaemon()
    }

    /// Logs a line the server wrote on its own, unless too many came lately.
    func notice(_ line: String) {
        for admitted in notices.admit(line) { log(admitted) }
    }
}

/// The running daemon.
// @unchecked Sendable: MHD's daemon is thread-safe; the server only starts, quiesces and stops it.
private struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A connection MHD lets us suspend and resume.
// @unchecked Sendable: MHD lets any thread resume a suspended connection; elsewhere it is only a key.
struct ConnectionHandle: @unchecked Sendable, Hashable {
    let pointer: OpaquePointer
}
