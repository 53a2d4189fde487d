import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One request's way through the server, called from MHD's callbacks (at the bottom of this file):
/// headers in → framing checked → body read (or, announced too large, skipped) → the connection
/// suspended while a child task of the server's run runs the handler → resumed → the answer queued.
extension MicroHTTPServer {
    /// The headers are in: refuse ambiguous framing at once, answer an announced over-limit body
    /// without reading it, or go on to read the body.
    fileprivate func headersArrived(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        context.headers = Self.values(connection, kind: .HEADER_KIND)
        if let problem = RequestFraming.problem(in: context.headers) {
            connections.answering(ConnectionHandle(pointer: connection))
            context.status = 400
            var response = WebResponse.error(400, code: "bad_request", message: problem)
            response.headers["X-Content-Type-Options"] = "nosniff"
            response.headers["Cache-Control"] = "no-store"
            return queue(response, closing: true, context: context, connection: connection)
        }
        if let length = RequestFraming.contentLength(in: context.headers), length > UInt64(maximumBodySize) {
            // Answered from the headers: no `100 Continue`, no body read, and the connection closed
            // after the answer, as the unread body cannot be told from a next request.
            context.tooLarge = true
            context.bodyUnread = true
            return dispatch(context, connection: connection)
        }
        return .YES
    }

    /// A piece of the body. A body sent in chunks that grows past the limit ends the connection at
    /// once (MHD cannot answer in the middle of a body); one with a length was checked with its headers.
    fileprivate func bodyChunk(_ context: RequestContext, _ bytes: UnsafeRawBufferPointer) -> MHD_Result {
        guard context.body.count + bytes.count <= maximumBodySize else {
            context.status = 413
            context.note = " (chunked body over \(maximumBodySize) bytes: connection closed)"
            context.body = []
            return .NO
        }
        context.body.append(contentsOf: bytes)
        return .YES
    }

    /// The request is in (or is to be answered without its body): suspend the connection and hand the
    /// request to the server's task group; a server that is stopping answers 503 at once.
    fileprivate func dispatch(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        let handle = ConnectionHandle(pointer: connection)
        let address = connections.answering(handle)
        var headers: [String: String] = [:]
        for (name, value) in context.headers { headers[name] = value }
        let connections = connections
        var incoming = WebRequest(
            method: context.method, path: context.path,
            queryItems: Self.values(connection, kind: .GET_ARGUMENT_KIND), headers: headers,
            body: context.body, bodyTooLarge: context.tooLarge, clientAddress: address)
        if incoming.path.contains("\0")
            || incoming.queryItems.contains(where: { $0.name.contains("\0") || $0.value.contains("\0") })
        {
            // As in a JSON body: a NUL would end the text in C (a password, a file name) but not in Swift.
            var refused = WebResponse.error(
                400, code: "bad_request",
                message: "the URL holds a NUL (%00), which no path or value may hold")
            refused.headers["X-Content-Type-Options"] = "nosniff"
            return queue(refused, closing: context.bodyUnread, context: context, connection: connection)
        }
        incoming.clientHasGone = { connections.hasHungUp(handle) }
        let request = incoming
        context.body = []
        let box = ResponseBox()
        context.pending = box
        parked.suspend(handle)
        let (handler, parked) = (handler, parked)
        let accepted = intake.submit {
            let response = await handler(request)
            box.response.withLock { $0 = response }
            parked.resume(handle)
        }
        if !accepted {
            var stopping = WebResponse.error(503, code: "stopping", message: "the server is stopping")
            stopping.headers["Connection"] = "close"
            box.response.withLock { $0 = stopping }
            parked.resume(handle)
        }
        return .YES
    }

    /// The connection was resumed with the answer ready: send it.
    fileprivate func send(_ context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        guard let response = context.pending?.response.withLock({ $0 }) else { return .YES }
        context.pending = nil
        return queue(response, closing: context.bodyUnread, context: context, connection: connection)
    }

    private func queue(
        _ response: WebResponse, closing: Bool, context: RequestContext, connection: OpaquePointer
    ) -> MHD_Result {
        context.status = response.status
        let mhdResponse: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            mhdResponse = bytes.withUnsafeBytes { bl_mhd_response_from_bytes($0.count, $0.baseAddress) }
        case .events(let stream):
            let handle = ConnectionHandle(pointer: connection)
            let streamingConnection = StreamingConnection(stream, connection: handle, parked: parked)
            parked.register(streamingConnection)
            connections.streaming(handle)
            let box = Unmanaged.passRetained(streamingConnection).toOpaque()
            // A stream of known length is sent with its Content-Length, else in chunks.
            let size = response.streamLength.map { UInt64(max($0, 0)) } ?? UInt64.max
            mhdResponse = bl_mhd_response_from_reader(
                size, response.streamLength == nil ? 4096 : 32768, streamReader, box, streamFree)
            if mhdResponse == nil {
                parked.unregister(streamingConnection)
                Unmanaged<StreamingConnection>.fromOpaque(box).release()
            }
        case .file(let file, let offset, let length):
            if length == 0 {
                mhdResponse = bl_mhd_response_from_bytes(0, nil)  // the file closes with `file`
            } else if !connections.startSendingFile(
                ConnectionHandle(pointer: connection), total: limits.fileStreams,
                perAddress: limits.fileStreamsPerAddress)
            {
                var busy = WebResponse.error(
                    503, code: "busy", message: "too many tracks are being sent; try again later")
                if let answer = response.busyAnswer {
                    busy = WebResponse(
                        status: 503, headers: ["Content-Type": answer.contentType], body: .bytes(answer.bytes)
                    )
                }
                busy.headers["Retry-After"] = "5"
                busy.headers["X-Content-Type-Options"] = "nosniff"
                busy.headers["Cache-Control"] = "no-store"
                return queue(busy, closing: true, context: context, connection: connection)
            } else if let descriptor = file.take() {
                // MHD owns the descriptor from here (it closes it even when it cannot make a response).
                mhdResponse = bl_mhd_response_from_file(descriptor, UInt64(offset), UInt64(length))
            } else {
                mhdResponse = nil
            }
        }
        guard let mhdResponse else { return .NO }
        for (name, value) in response.headers { bl_mhd_add_header(mhdResponse, name, value) }
        if closing && !response.headers.keys.contains(where: { $0.lowercased() == "connection" }) {
            bl_mhd_add_header(mhdResponse, "Connection", "close")
        }
        let result = bl_mhd_queue(connection, UInt32(response.status), mhdResponse)
        bl_mhd_destroy_response(mhdResponse)
        return result
    }

    fileprivate func completed(_ context: RequestContext, connection: OpaquePointer?) {
        if let connection { connections.awaitingRequest(ConnectionHandle(pointer: connection), now: .now) }
        quiet.check()
        let elapsed = ContinuousClock.now - context.started
        let milliseconds = Int(
            elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        log("\(context.method) \(context.path) \(context.status) \(milliseconds)ms\(context.note)")
    }

    /// MHD accepted a connection, or is about to close one.
    fileprivate func connectionChanged(_ connection: OpaquePointer, opened: Bool) {
        let handle = ConnectionHandle(pointer: connection)
        guard opened else { return connections.closed(handle) }
        var text = [CChar](repeating: 0, count: 64)
        let address =
            bl_mhd_client_address(connection, &text, text.count) == 0
            ? String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : "unknown"
        connections.opened(
            handle, socket: bl_mhd_connection_socket(connection), address: address, now: .now)
        // Over the limit: a client that sends its request slowly makes room for the newcomer.
        if connections.liveCount > limits.connections {
            connections.evictForNewcomer(handle)
            notice(
                "a connection from \(address) arrived with every connection taken: a slow sender's was closed"
            )
        }
    }

    fileprivate func libraryMessage(_ line: String) {
        let kept = startMessages.withLock { messages in
            messages?.append(line)
            return messages != nil
        }
        if !kept { notice("libmicrohttpd: " + line) }
    }

    /// The request's values of one kind (headers or query arguments) in the order sent, names of
    /// headers lowercased.
    private static func values(_ connection: OpaquePointer, kind: MHD_ValueKind) -> [(String, String)] {
        let collected = ValueBox(lowercasingNames: kind == .HEADER_KIND)
        let box = Unmanaged.passUnretained(collected).toOpaque()
        bl_mhd_connection_values(connection, kind, valueIterator, box)
        return collected.values
    }
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
    let started = ContinuousClock.now
    var headers: [(String, String)] = []
    var body: [UInt8] = []
    var tooLarge = false
    /// The body was never read, so the connection must close after the answer.
    var bodyUnread = false
    var status = 0
    /// Said after the status in the log line.
    var note = ""
    var pending: ResponseBox?

    init(method: String, path: String) {
        self.method = method
        self.path = path
    }
}

private final class ValueBox {
    let lowercasingNames: Bool
    var values: [(String, String)] = []

    init(lowercasingNames: Bool) {
        self.lowercasingNames = lowercasingNames
    }
}

private let valueIterator: MHD_KeyValueIterator = { box, _, key, value in
    guard let box, let key else { return .YES }
    let collected = Unmanaged<ValueBox>.fromOpaque(box).takeUnretainedValue()
    let name = urlText(key)
    collected.values.append((collected.lowercasingNames ? name.lowercased() : name, value.map(urlText) ?? ""))
    return .YES
}

/// A decoded part of the URL (the path, a query name or value) as text, with the NUL a `%00` stood for:
/// the C side decodes it as the two bytes C0 80 (see its `unescape`), which are never valid UTF-8.
private func urlText(_ text: UnsafePointer<CChar>) -> String {
    let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text))
    guard bytes.contains(0xC0) else { return String(decoding: bytes, as: UTF8.self) }
    var restored: [UInt8] = []
    restored.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0xC0, index + 1 < bytes.count, bytes[index + 1] == 0x80 {
            restored.append(0)
            index += 2
        } else {
            restored.append(bytes[index])
            index += 1
        }
    }
    return String(decoding: restored, as: UTF8.self)
}

let accessHandler: MHD_AccessHandlerCallback = {
    cls, connection, url, method, _, uploadData, uploadSize, state in
    guard let cls, let connection, let state else { return .NO }
    let server = Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue()
    guard let existing = state.pointee else {
        // First call: the headers are in; remember the request until its body has arrived.
        let context = RequestContext(
            method: method.map { String(cString: $0) } ?? "GET", path: url.map(urlText) ?? "/")
        state.pointee = Unmanaged.passRetained(context).toOpaque()
        return server.headersArrived(context, connection: connection)
    }
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
    if context.pending != nil { return server.send(context, connection: connection) }
    if let uploadSize, uploadSize.pointee > 0 {
        let result = server.bodyChunk(
            context, UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee))
        uploadSize.pointee = 0
        return result
    }
    return server.dispatch(context, connection: connection)
}

let completedHandler: MHD_RequestCompletedCallback = { cls, connection, state, _ in
    guard let cls, let state, let existing = state.pointee else { return }
    let server = Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeRetainedValue()
    state.pointee = nil
    server.completed(context, connection: connection)
}

let connectionNotifier: MHD_NotifyConnectionCallback = { cls, connection, _, code in
    guard let cls, let connection else { return }
    let server = Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue()
    server.connectionChanged(connection, opened: code == .CONNECTION_NOTIFY_STARTED)
}

let libraryLogger: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = { cls, line in
    guard let cls, let line else { return }
    Unmanaged<MicroHTTPServer>.fromOpaque(cls).takeUnretainedValue().libraryMessage(String(cString: line))
}
