import BlueLibraryCore
import CMicroHTTPD
import Foundation
import Synchronization

/// A thin, safe wrapper over GNU libmicrohttpd: HTTP/1.1, requests served by a pool of threads, bodies
/// read whole up to a limit, one log line per request. Nothing above this file sees a C pointer.
///
/// An event stream with nothing to send parks (suspends) its connection, so it holds no pool thread;
/// the stream wakes (resumes) it when there is an event.
public final class MicroHTTPServer: Sendable {
    /// What answers requests.
    public typealias Handler = @Sendable (WebRequest) -> WebResponse

    /// The address the server listens on.
    public let host: String
    private let handler: Handler
    private let maximumBodySize: Int
    private let threads: Int
    private let log: @Sendable (String) -> Void
    private let daemon = Mutex<DaemonHandle?>(nil)
    private let boundPort = Mutex<Int>(0)

    /// Creates a server; ``start(port:)`` makes it listen.
    /// - Parameters:
    ///   - host: an IPv4 address to bind (default loopback only).
    ///   - maximumBodySize: larger request bodies get 413 without being kept.
    ///   - log: where the one-line request log goes.
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

    /// Stops accepting connections and waits for requests in flight to finish.
    public func stop() {
        guard
            let running = daemon.withLock({ daemon in
                defer { daemon = nil }
                return daemon
            })
        else { return }
        MHD_stop_daemon(running.pointer)
    }

    deinit { stop() }

    // MARK: Called from the C callbacks

    fileprivate func bodyChunk(_ context: RequestContext, _ bytes: UnsafeRawBufferPointer) {
        if context.body.count + bytes.count > maximumBodySize {
            context.tooLarge = true
            context.body = []
        } else if !context.tooLarge {
            context.body.append(contentsOf: bytes)
        }
    }

    fileprivate func respond(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        let request = WebRequest(
            method: context.method, path: context.path,
            query: Self.values(connection, kind: .GET_ARGUMENT_KIND),
            headers: Self.values(connection, kind: .HEADER_KIND), body: context.body,
            bodyTooLarge: context.tooLarge)
        let response = handler(request)
        context.status = response.status
        let mhdResponse: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            mhdResponse = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(
                    buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .events(let stream):
            let box = Unmanaged.passRetained(
                StreamBox(stream, connection: ConnectionHandle(pointer: connection))
            ).toOpaque()
            mhdResponse = MHD_create_response_from_callback(UInt64.max, 4096, streamReader, box, streamFree)
            if mhdResponse == nil { Unmanaged<StreamBox>.fromOpaque(box).release() }
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
// @unchecked Sendable: MHD's daemon is thread-safe; the server only starts and stops it, under its mutex.
private struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// What one request has accumulated between MHD's calls.
private final class RequestContext {
    let method: String
    let path: String
    let started = Date()
    var body: [UInt8] = []
    var tooLarge = false
    var status = 0

    init(method: String, path: String) {
        self.method = method
        self.path = path
    }
}

private final class ValueBox {
    var values: [String: String] = [:]
}

private final class StreamBox {
    let stream: any WebEventStream
    let connection: ConnectionHandle
    var pending: [UInt8] = []

    init(_ stream: any WebEventStream, connection: ConnectionHandle) {
        self.stream = stream
        self.connection = connection
    }
}

/// A connection an event stream may park and wake.
// @unchecked Sendable: MHD allows resuming a suspended connection from any thread.
private struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
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
    return server.respond(context, connection: connection)
}

private let completedHandler: MHD_RequestCompletedCallback = { cls, _, state, _ in
    guard let cls, let state, let existing = state.pointee else { return }
    let server = Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeRetainedValue()
    state.pointee = nil
    server.completed(context)
}

private let streamReader: MHD_ContentReaderCallback = { box, _, buffer, maximum in
    guard let box, let buffer else { return -1 }
    let stream = Unmanaged<StreamBox>.fromOpaque(box).takeUnretainedValue()
    if stream.pending.isEmpty {
        let connection = stream.connection
        let next = stream.stream.poll(
            park: { MHD_suspend_connection(connection.pointer) },
            wake: { MHD_resume_connection(connection.pointer) })
        guard let next else { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
        if next.isEmpty { return 0 }  // parked: MHD calls again once the stream wakes the connection
        stream.pending = next
    }
    let count = min(maximum, stream.pending.count)
    stream.pending.withUnsafeBytes { source in
        guard let base = source.baseAddress else { return }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count)
    }
    stream.pending.removeFirst(count)
    return count
}

private let streamFree: MHD_ContentReaderFreeCallback = { box in
    guard let box else { return }
    Unmanaged<StreamBox>.fromOpaque(box).release()
}
