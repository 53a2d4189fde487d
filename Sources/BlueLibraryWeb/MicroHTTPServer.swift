import BlueLibraryCore
import CMicroHTTPD
import Foundation
import Synchronization

/// A thin, safe wrapper over GNU libmicrohttpd: HTTP/1.1, connections served by a pool of threads,
/// bodies read whole up to a limit, one log line per request. Nothing above this file sees a C pointer.
///
/// Handlers are `async`. When a request's body is in, its connection is suspended and a task runs the
/// handler; when the answer is ready the task resumes the connection and MHD sends it — so a slow
/// answer (a cover download, a locked database) holds no pool thread. An event stream with nothing to
/// send is suspended the same way until it has. The server keeps count of every suspended connection
/// and resumes them all before it stops the daemon, as MHD requires.
public final class MicroHTTPServer: Sendable {
    /// What answers requests.
    public typealias Handler = @Sendable (WebRequest) async -> WebResponse

    /// The address the server listens on.
    public let host: String
    let handler: Handler
    let maximumBodySize: Int
    private let threads: Int
    let log: @Sendable (String) -> Void
    private let daemon = Mutex<DaemonHandle?>(nil)
    private let boundPort = Mutex<Int>(0)
    /// Connections suspended now: waiting for a handler, or event streams waiting for an event.
    let parked = ParkedConnections()

    /// Creates a server; ``start(port:)`` makes it listen.
    /// - Parameters:
    ///   - host: an IPv4 address to bind (default loopback only).
    ///   - maximumBodySize: larger request bodies get 413 without being kept.
    ///   - log: where the one-line request log goes (it must not fail: see `StandardError`).
    public init(
        host: String = "127.0.0.1", maximumBodySize: Int = 1 << 20, threads: Int = 8,
        log: @escaping @Sendable (String) -> Void, handler: @escaping Handler
    ) {
        self.host = host
        self.threads = threads
        self.handler = handler
        self.maximumBodySize = maximumBodySize
        self.log = log
    }

    /// The port listened on (after ``start(port:)``).
    public var port: Int { boundPort.withLock { $0 } }

    /// Starts listening on `port` (0 = any free port) and returns the port.
    /// - Throws: `unavailable` when the address cannot be bound.
    @discardableResult
    public func start(port: Int) throws -> Int {
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard
            let started = bl_mhd_start(
                host, UInt16(clamping: port), UInt32(clamping: threads), 256, 60, accessHandler, context,
                completedHandler, context)
        else {
            throw LibraryError(
                .unavailable,
                "cannot listen on \(host):\(port) (in use, or not an IPv4 address of this machine)")
        }
        daemon.withLock { $0 = DaemonHandle(pointer: started) }
        let actual = Int(bl_mhd_port(started))
        boundPort.withLock { $0 = actual }
        return actual
    }

    /// Stops gracefully: stops accepting connections, ends every event stream, lets the requests in
    /// flight finish (waiting up to `timeout` for them), and only then stops the daemon.
    public func stop(timeout: Duration = .seconds(5)) async {
        guard let running = daemon.withLock({ $0 }) else { return }
        // Quiescing hands the listening socket back to us: closing it refuses new connections at once.
        let listening = MHD_quiesce_daemon(running.pointer)
        if listening >= 0 { close(listening) }
        parked.closeStreams()
        let deadline = ContinuousClock.now + timeout
        while !parked.isIdle && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        parked.resumeAll()
        stopDaemon()
    }

    private func stopDaemon() {
        guard
            let running = daemon.withLock({ daemon in
                defer { daemon = nil }
                return daemon
            })
        else { return }
        MHD_stop_daemon(running.pointer)
    }

    deinit {
        parked.closeStreams()
        parked.resumeAll()
        stopDaemon()
    }

    // MARK: Called from the C callbacks

    fileprivate func bodyChunk(_ context: RequestContext, _ bytes: UnsafeRawBufferPointer) {
        if context.body.count + bytes.count > maximumBodySize {
            context.tooLarge = true
            context.body = []
        } else if !context.tooLarge {
            context.body.append(contentsOf: bytes)
        }
    }

    /// The body is in: suspend the connection and answer from a task.
    fileprivate func dispatch(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        let request = WebRequest(
            method: context.method, path: context.path,
            query: Self.values(connection, kind: .GET_ARGUMENT_KIND),
            headers: Self.values(connection, kind: .HEADER_KIND), body: context.body,
            bodyTooLarge: context.tooLarge)
        context.body = []
        let handle = ConnectionHandle(pointer: connection)
        let box = ResponseBox()
        context.pending = box
        parked.suspend(handle)
        let handler = handler
        let parked = parked
        Task {
            let response = await handler(request)
            box.response.withLock { $0 = response }
            parked.resume(handle)
        }
        return .YES
    }

    /// The connection was resumed with the answer ready: send it.
    fileprivate func send(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        guard let response = context.pending?.response.withLock({ $0 }) else { return .YES }
        context.pending = nil
        context.status = response.status
        let mhdResponse: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            mhdResponse = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(
                    buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .events(let stream):
            let streamBox = StreamBox(
                stream, connection: ConnectionHandle(pointer: connection), parked: parked)
            parked.register(streamBox)
            let box = Unmanaged.passRetained(streamBox).toOpaque()
            mhdResponse = MHD_create_response_from_callback(UInt64.max, 4096, streamReader, box, streamFree)
            if mhdResponse == nil {
                parked.unregister(streamBox)
                Unmanaged<StreamBox>.fromOpaque(box).release()
            }
        }
        guard let mhdResponse else { return .NO }
        for (name, value) in response.headers { MHD_add_response_header(mhdResponse, name, value) }
        let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
        MHD_destroy_response(mhdResponse)
        return result
    }

    fileprivate func completed(_ context: RequestContext) {
        let milliseconds = Int(Date().timeIntervalSince(context.started) * 1000)
        log("\(context.method) \(context.path) \(context.status) \(milliseconds)ms")
    }

    private static func values(_ connection: OpaquePointer, kind: MHD_ValueKind) -> [String: String] {
        let collected = ValueBox()
        let box = Unmanaged.passUnretained(collected).toOpaque()
        MHD_get_connection_values(connection, kind, valueIterator, box)
        return collected.values
    }
}

/// The running daemon.
// @unchecked Sendable: MHD's daemon is thread-safe; the server only starts, quiesces and stops it.
private struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A connection MHD lets us suspend and resume.
// @unchecked Sendable: MHD allows resuming a suspended connection from any thread.
struct ConnectionHandle: @unchecked Sendable, Hashable {
    let pointer: OpaquePointer
}

/// Where a handler's task leaves its answer for the MHD thread that sends it.
private final class ResponseBox: Sendable {
    let response = Mutex<WebResponse?>(nil)
}

/// What one request has accumulated between MHD's calls (only MHD's thread for the connection
/// touches it; the handler's task writes only its ``ResponseBox``).
private final class RequestContext {
    let method: String
    let path: String
    let started = Date()
    var body: [UInt8] = []
    var tooLarge = false
    var status = 0
    var pending: ResponseBox?

    init(method: String, path: String) {
        self.method = method
        self.path = path
    }
}

private final class ValueBox {
    var values: [String: String] = [:]
}

private let valueIterator: MHD_KeyValueIterator = { box, _, key, value in
    guard let box, let key else { return .YES }
    let collected = Unmanaged<ValueBox>.fromOpaque(box).takeUnretainedValue()
    collected.values[String(cString: key).lowercased()] = value.map { String(cString: $0) } ?? ""
    return .YES
}

private let accessHandler: MHD_AccessHandlerCallback = {
    cls, connection, url, method, _, uploadData, uploadSize, state in
    guard let cls, let connection, let state else { return .NO }
    let server = Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue()
    guard let existing = state.pointee else {
        // First call: the headers are in; remember the request until its body has arrived.
        let context = RequestContext(
            method: method.map { String(cString: $0) } ?? "GET", path: url.map { String(cString: $0) } ?? "/")
        state.pointee = Unmanaged.passRetained(context).toOpaque()
        return .YES
    }
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
    if let uploadSize, uploadSize.pointee > 0 {
        server.bodyChunk(context, UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee))
        uploadSize.pointee = 0
        return .YES
    }
    if context.pending != nil { return server.send(context, connection: connection) }
    return server.dispatch(context, connection: connection)
}

private let completedHandler: MHD_RequestCompletedCallback = { cls, _, state, _ in
    guard let cls, let state, let existing = state.pointee else { return }
    let server = Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeRetainedValue()
    state.pointee = nil
    server.completed(context)
}
