import BlueLibraryCore

/// An HTTP request as the web app sees it: already read whole (bodies are bounded).
package struct WebRequest: Sendable {
    /// `GET`, `POST`, …
    package var method: String
    /// The decoded path, without the query (`/api/albums/…`).
    package var path: String
    /// Decoded query parameters (the last value of a name given more than once).
    package var query: [String: String]
    /// Decoded query parameters in the order sent, every value of a name given more than once.
    package var queryItems: [(name: String, value: String)]
    /// Header fields, names lowercased.
    package var headers: [String: String]
    /// The body.
    package var body: [UInt8]
    /// Whether the body was larger than the server's limit (and so was not kept).
    package var bodyTooLarge: Bool
    /// The client's IP address as text (`127.0.0.2`), when the request came over a socket.
    package var clientAddress: String?
    /// Whether the client has closed its connection by now (asked without reading from it); always
    /// `false` for a request made in-process.
    package var clientHasGone: @Sendable () -> Bool = { false }

    /// Creates a request.
    package init(
        method: String, path: String, query: [String: String] = [:], queryItems: [(String, String)]? = nil,
        headers: [String: String] = [:], body: [UInt8] = [], bodyTooLarge: Bool = false,
        clientAddress: String? = nil
    ) {
        self.method = method
        self.path = path
        let items = queryItems ?? query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        self.query = queryItems.map { Dictionary($0, uniquingKeysWith: { $1 }) } ?? query
        self.queryItems = items.map { (name: $0.0, value: $0.1) }
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { $1 }
        self.body = body
        self.bodyTooLarge = bodyTooLarge
        self.clientAddress = clientAddress
    }
}

/// A stream of server-sent events. The server asks for the next bytes; when there are none yet it
/// parks the connection (freeing its thread) and the stream wakes it when there are.
package protocol WebEventStream: AnyObject, Sendable {
    /// The next bytes to send, or `nil` to end the stream. When nothing is waiting, the stream calls
    /// `park` at once and returns empty bytes, then calls `wake` exactly once when there is more.
    func poll(park: () -> Void, wake: @escaping @Sendable () -> Void) -> [UInt8]?
    /// Ends the stream: the next poll returns `nil`, and a parked connection is woken for it. The
    /// server calls it when it shuts down or the page went away.
    func close()
}

/// An HTTP response.
package struct WebResponse: Sendable {
    /// The body: bytes, an event stream, or a part of an open file.
    package enum Body: Sendable {
        case bytes([UInt8])
        case events(any WebEventStream)
        /// `length` bytes of `file` from `offset`, sent from its descriptor (never read into memory).
        case file(WebFile, offset: Int64, length: Int64)
    }

    /// The status code.
    package var status: Int
    /// Header fields.
    package var headers: [String: String]
    /// The body.
    package var body: Body
    /// For a file: what the server answers instead, with 503, when too many files are being sent to take
    /// this one (the content type and the bytes) — the API's own error, so that a Subsonic player reads a
    /// Subsonic error; `nil` for the web API's JSON error.
    package var busyAnswer: (contentType: String, bytes: [UInt8])?
    /// For a stream: its length when known, sent as `Content-Length` (the stream then gives exactly that
    /// many bytes); `nil` sends it in chunks.
    package var streamLength: Int64?

    /// Creates a response.
    package init(status: Int, headers: [String: String] = [:], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body's bytes (empty for a stream or a file).
    package var bytes: [UInt8] {
        if case .bytes(let bytes) = body { return bytes }
        return []
    }

    /// A JSON response.
    package static func json(_ value: JSONValue, status: Int = 200) -> WebResponse {
        var bytes: [UInt8] = []
        JSONWriter.append(value, to: &bytes)
        return WebResponse(status: status, headers: ["Content-Type": "application/json"], body: .bytes(bytes))
    }

    /// The JSON error body `{"error": {"code", "message"}}` with a status.
    package static func error(_ status: Int, code: String, message: String) -> WebResponse {
        json(
            .object([("error", .object([("code", .string(code)), ("message", .string(message))]))]),
            status: status)
    }

    /// A library error as JSON, with the status its code calls for.
    package static func error(_ error: LibraryError) -> WebResponse {
        let status: Int
        switch error.code {
        case .usage, .invalidField, .invalidQuery, .invalidTemplate, .malformedInput: status = 400
        case .notFound, .noInput: status = 404
        case .conflict: status = 409
        case .locked: status = 503
        case .unavailable: status = 502
        case .notALibrary, .corruptLibrary, .newerSchema, .io, .internal: status = 500
        }
        return Self.error(status, code: error.code.rawValue, message: error.message)
    }
}

extension WebResponse {
    /// A 500 that says nothing about the server's insides (no paths, no library names).
    package static var internalError: WebResponse {
        .error(500, code: "internal", message: "the server failed to answer; see its log")
    }
}
