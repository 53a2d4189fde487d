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
/// Handlers are `async` and run as child tasks of ``run()``: when a request's body is in, its
/// connection is suspended and the request handed to the task group; when the answer is ready the
/// handler's task resumes the connection and MHD sends it — so a slow answer (a cover download, a
/// locked database) holds no pool thread, and no handler outlives the server. An event stream with
/// nothing to send is suspended the same way until it has. The server keeps count of every suspended
/// connection and resumes them all before it stops the daemon, as MHD requires.
///
/// No client can starve the others (``Limits``): connections are limited per client address, a
/// request must arrive whole within a deadline however slowly it trickles, a body announced larger
/// than the limit is answered from its headers without being read, and a request whose framing is
/// ambiguous (`Content-Length` with `Transfer-Encoding`, a repeated `Host`) is refused and its
/// connection closed, so nothing smuggled after it is served. Files (tracks) are sent to a bounded
/// number of connections, in all and per address: slow readers cannot hold every connection.
package final class MicroHTTPServer: Sendable {
    /// What answers requests.
    package typealias Handler = @Sendable (WebRequest) async -> WebResponse

    /// How many connections a server takes, from whom, and for how long.
    package struct Limits: Sendable {
        /// Connections open at once.
        package var connections: Int
        /// Connections open at once from one client address; more are closed as soon as they arrive.
        package var connectionsPerAddress: Int
        /// How long a connection may take to deliver a whole request (headers and body), counted from
        /// when it is ready for one; trickling bytes does not extend it.
        package var requestTimeout: Duration
        /// How long a connection may send and receive nothing at all.
        package var idleTimeout: Duration
        /// Connections sending a file (a track) at once; more are answered 503 at once.
        package var fileStreams: Int
        /// Connections sending a file at once to one client address; more are answered 503 at once.
        package var fileStreamsPerAddress: Int
        /// The window in which at most ten of the server's own notices (libmicrohttpd's messages,
        /// connections closed for being too slow) are logged; the rest are counted.
        package var noticeWindow: Duration

        /// Limits for `serve`: 256 connections, 32 from one address, 10 s per request, 30 s idle; files
        /// sent to 64 connections at once, 8 from one address; ten notices in 10 s.
        package init(
            connections: Int = 256, connectionsPerAddress: Int = 32, requestTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(30), fileStreams: Int = 64, fileStreamsPerAddress: Int = 8,
            noticeWindow: Duration = .seconds(10)
        ) {
            self.connections = connections
            self.connectionsPerAddress = connectionsPerAddress
            self.requestTimeout = requestTimeout
            self.idleTimeout = idleTimeout
            self.fileStreams = fileStreams
            self.fileStreamsPerAddress = fileStreamsPerAddress
            self.noticeWindow = noticeWindow
        }
    }

    /// The address the server listens on.
    package let host: String
    /// The limits the server enforces.
    package let limits: Limits
    let handler: Handler
    let maximumBodySize: Int
    private let threads: Int
    let log: @Sendable (String) -> Void
    private let daemon = Mutex<DaemonHandle?>(nil)
    private let boundPort = Mutex<Int>(0)
    /// Where MHD's callbacks hand requests to ``run()``.
    let intake = RequestIntake()
    /// Wakes a stopping ``run()`` when the last answer has gone out.
    let quiet = QuietSignal()
    private let lifecycle = Mutex(Lifecycle())
    /// Connections suspended now: waiting for a handler, or event streams waiting for an event.
    let parked: ParkedConnections
    /// Every open connection and what it is doing.
    let connections = ConnectionTable()
    /// What the server notices on its own — libmicrohttpd's messages, connections closed for being
    /// too slow — a few lines at a time: a flood of refused connections must not flood the log.
    let notices: LogThrottle
    /// libmicrohttpd's messages while it starts, kept for the error when it cannot (`nil` once started).
    let startMessages = Mutex<[String]?>(nil)

    /// Creates a server; ``start(port:)`` makes it listen.
    /// - Parameters:
    ///   - host: an IPv4 address to bind (default loopback only).
    ///   - maximumBodySize: larger request bodies get 413 without being read.
    ///   - threads: MHD's pool of threads that read requests and write answers.
    ///   - limits: connection limits and deadlines.
    ///   - log: where the one-line request log goes (it must not fail: see `StandardError`).
    package init(
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
        notices = LogThrottle(linesPerWindow: 10, window: limits.noticeWindow)
        let quiet = quiet
        parked = ParkedConnections(changed: { quiet.check() })
    }

    /// The port listened on (after ``start(port:)``).
    package var port: Int { boundPort.withLock { $0 } }

    /// How many connections are open now.
    package var connectionCount: Int { connections.count }

    /// Starts listening on `port` (0 = any free port) and returns the port.
    /// - Throws: `unavailable` when libmicrohttpd cannot be loaded or the address cannot be bound.
    @discardableResult
    package func start(port: Int) throws -> Int {
        var reason = [CChar](repeating: 0, count: 512)
        if bl_mhd_load(&reason, reason.count) != 0 {
            throw LibraryError(.unavailable, String(nulTerminated: reason))
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        startMessages.withLock { $0 = [] }
        let started = host.withCString { host in
            var settings = bl_mhd_settings(
                host: host, port: UInt16(clamping: port), threads: UInt32(clamping: threads),
                // Room above the limit for the connections that arrive while the table is full: each
                // is let in by closing a slow sender's (see ConnectionTable.evictForNewcomer).
                connection_limit: UInt32(clamping: limits.connections + limits.connections / 4 + 8),
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
        return actual
    }

    /// Serves until cancelled or stopped (``stop(timeout:)``), then stops gracefully; returns once
    /// everything it started has ended. Every request's handler runs as a child task of this one, beside
    /// the sweeper that closes overdue connections and hung-up event streams.
    ///
    /// Stopping stops accepting connections, ends every event stream, lets the requests in flight
    /// finish and their answers be sent (waiting up to the stop's timeout, 5 s when cancelled), then
    /// cancels what is left and stops the daemon. A file still being sent (a track a player reads at
    /// its own pace) is cut.
    package func run() async {
        guard lifecycle.withLock({ $0.claimRun() }) else { return await stopped() }
        await withDiscardingTaskGroup { group in
            group.addTask { await self.sweep() }
            await withTaskCancellationHandler {
                while let job = await intake.next() { group.addTask { await job() } }
            } onCancel: {
                self.beginStopping(timeout: .seconds(5))
            }
            // An answer is done when MHD has sent it (its request completed), not when its connection
            // was resumed: stopping the daemon in between would close the connection before it left.
            let timeout = lifecycle.withLock { $0.timeout }
            await quiet.wait(until: { [self] in isQuiet }, timeout: timeout)
            group.cancelAll()
        }
        parked.resumeAll()
        stopDaemon()
        let waiters = lifecycle.withLock { $0.finish() }
        for waiter in waiters { waiter.resume() }
    }

    /// Stops gracefully (see ``run()``), waiting up to `timeout` for the answers in flight, and returns
    /// when the server has stopped. A server whose ``run()`` never started stops all the same.
    package func stop(timeout: Duration = .seconds(5)) async {
        beginStopping(timeout: timeout)
        await run()
    }

    /// Refuses new connections, ends the event streams and closes the intake; ``run()`` does the rest.
    private func beginStopping(timeout: Duration) {
        guard lifecycle.withLock({ $0.beginStopping(timeout: timeout) }) else { return }
        // Quiescing hands the listening socket back to us: closing it refuses new connections at once.
        if let running = daemon.withLock({ $0 }) {
            let listening = bl_mhd_quiesce(running.pointer)
            if listening >= 0 { close(listening) }
        }
        parked.closeStreams()
        intake.close()
    }

    /// Waits until ``run()`` has finished.
    private func stopped() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = lifecycle.withLock { $0.wait(continuation) }
            if done { continuation.resume() }
        }
    }

    /// Whether nothing is in flight: no handler running, no answer or event stream being sent.
    private var isQuiet: Bool { parked.isIdle && connections.answeringCount == 0 }

    /// Closes, a few times a second, the connections that are overdue with their request and the event
    /// streams whose client has gone.
    private func sweep() async {
        let timeout = limits.requestTimeout
        let interval = min(timeout / 4, .milliseconds(250))
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            let closed = connections.closeOverdue(timeout: timeout, now: .now)
            if closed > 0 {
                notice("closed \(closed) connection(s) that sent no whole request within \(timeout)")
            }
            parked.closeStreams { connections.hasHungUp($0) }
        }
    }

    private func stopDaemon() {
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

/// Where a server is in its life: serving, stopping (and how patiently), stopped.
private struct Lifecycle {
    var running = false
    var stopping = false
    var finished = false
    var timeout: Duration = .seconds(5)
    var waiters: [CheckedContinuation<Void, Never>] = []

    /// Whether the caller is the one to run the server (no other ``MicroHTTPServer/run()`` did).
    mutating func claimRun() -> Bool {
        defer { running = true }
        return !running
    }

    /// Whether stopping starts now (it had not before).
    mutating func beginStopping(timeout: Duration) -> Bool {
        guard !stopping else { return false }
        stopping = true
        self.timeout = timeout
        return true
    }

    /// Waits for the end of the run; `true` when it has already ended.
    mutating func wait(_ waiter: CheckedContinuation<Void, Never>) -> Bool {
        if !finished { waiters.append(waiter) }
        return finished
    }

    /// The run has ended: those waiting for it.
    mutating func finish() -> [CheckedContinuation<Void, Never>] {
        finished = true
        defer { waiters = [] }
        return waiters
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
