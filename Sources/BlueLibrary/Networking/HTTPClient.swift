/// An HTTP request the facade's HTTP subsystem sends (cover downloads, sync to a server).
package struct HTTPRequest: Sendable, Equatable {
    /// `GET` or `POST`.
    package var method: String
    /// The absolute URL.
    package var url: String
    /// Header fields.
    package var headers: [String: String]
    /// The body bytes.
    package var body: [UInt8]
    /// Whether the client follows redirects itself; when `false` a redirect is the answer (a caller
    /// that must space its requests follows it on its own time).
    package var followsRedirects: Bool

    /// Creates a request.
    package init(
        method: String = "GET", url: String, headers: [String: String] = [:], body: [UInt8] = [],
        followsRedirects: Bool = true
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.followsRedirects = followsRedirects
    }
}

/// An HTTP response.
package struct HTTPResponse: Sendable, Equatable {
    /// The status code.
    package var status: Int
    /// Header fields, names lowercased.
    package var headers: [String: String]
    /// The body bytes.
    package var body: [UInt8]

    /// Creates a response.
    package init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// The network subsystem (the tutorial's `HTTPClient`) behind the cover and sync services: the real one
/// is ``CurlHTTPClient``, fronted for covers by the caching proxy ``CachingHTTPClient``; the services take
/// it by injection, so tests can pass their own.
package protocol HTTPClient: Sendable {
    /// Sends `request` and returns the response, or throws when no response could be had.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
