import BlueLibraryCore

/// Limits every request of a ``CurlHTTPClient`` obeys.
public struct HTTPClientConfiguration: Sendable {
    /// The longest a whole request may take, from connecting to the last byte.
    public var timeout: Duration = .seconds(10)
    /// The largest response body accepted; enforced on the bytes received, as they arrive.
    public var maximumBodySize = 10 * 1024 * 1024
    /// How many redirects are followed.
    public var maximumRedirects = 5
    /// The `User-Agent` header sent.
    public var userAgent = BlueLibraryInfo.userAgent

    /// The defaults: 10 s, 10 MB, 5 redirects.
    public init() {}
}
