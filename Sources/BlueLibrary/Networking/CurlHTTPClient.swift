import BlueLibraryConcurrency
import BlueLibraryCore
import Synchronization

/// The real ``HTTPClient``, over libcurl loaded on first use (the `CCurl` target), so a command that never
/// touches the network never loads libcurl and its dependencies. `BLUELIBRARY_LIBCURL` names another file
/// to load instead of `libcurl.so.4` (the tests use it to play a machine without libcurl).
///
/// Every request obeys ``HTTPClientConfiguration``: a total timeout, a body limit enforced on the bytes
/// received (a 2 GB answer without a length is cut off at the limit, with no more than the limit in
/// memory), a redirect limit, and only http and https, also on redirects. Each request is one transfer,
/// performed on a thread of the client's own ``BlockingPool`` (never on the cooperative pool);
/// cancelling the calling task stops it at once. Failures are ``LibraryError`` `unavailable` naming the
/// request ("GET URL: reason"); a machine without libcurl gets "offline, libcurl cannot be loaded (…)".
package final class CurlHTTPClient: HTTPClient {
    /// The limits in force.
    package let configuration: HTTPClientConfiguration
    private let maximumConcurrent: Int
    /// The threads transfers run on, started by the first request.
    private let threads = Mutex<BlockingPool?>(nil)

    /// Creates a client; nothing is loaded and no thread started until the first request.
    /// - Parameter maximumConcurrent: how many requests run at once; more wait their turn.
    package init(
        configuration: HTTPClientConfiguration = HTTPClientConfiguration(), maximumConcurrent: Int = 6
    ) {
        self.configuration = configuration
        self.maximumConcurrent = maximumConcurrent
    }

    private var pool: BlockingPool {
        threads.withLock { threads in
            if let threads { return threads }
            let started = BlockingPool(threads: maximumConcurrent, name: "bluelib-http")
            threads = started
            return started
        }
    }

    /// Sends `request` on one of the client's threads and returns the last answer (after redirects),
    /// whatever its status.
    /// - Throws: ``LibraryError`` `usage` for a URL that is not http(s) or a header that is not a valid
    ///   line; `unavailable` ("GET URL: reason") when no whole answer within the limits could be had.
    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let label = "\(request.method) \(request.url)"
        let lines = try Self.validated(request, label: label)
        guard let transfer = CurlTransfer() else {
            throw LibraryError(.unavailable, "\(label): out of memory")
        }
        let (configuration, pool) = (configuration, pool)
        let result = await withTaskCancellationHandler {
            await pool.run { transfer.perform(request, headerLines: lines, configuration: configuration) }
        } onCancel: {
            transfer.cancel()
        }
        guard result.outcome == .done else {
            throw LibraryError(.unavailable, "\(label): \(reason(for: result))")
        }
        return HTTPResponse(status: result.status, headers: Self.headers(result.head), body: result.body)
    }

    private func reason(for result: CurlResult) -> String {
        switch result.outcome {
        case .unavailable: "offline, \(result.reason)"
        case .timedOut: "no answer within \(configuration.timeout)"
        case .tooLarge: "the answer is larger than \(configuration.maximumBodySize) bytes"
        case .tooManyRedirects: "more than \(configuration.maximumRedirects) redirects"
        case .notHTTP: "redirected to a URL that is not http or https"
        case .refused: "connection refused"
        case .unknownHost: "unknown host"
        case .cancelled: "cancelled"
        case .done, .failed: result.reason.isEmpty ? "the transfer failed" : result.reason
        }
    }

    /// The request's header lines, after checking that the URL is http(s) and that nothing in it could
    /// end a line early (a token with a line break must not add a header of its own).
    static func validated(_ request: HTTPRequest, label: String) throws -> [String] {
        let lowered = request.url.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
            !request.url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F })
        else { throw LibraryError(.usage, "\(label): not an http or https URL") }
        guard !request.method.isEmpty, request.method.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) else {
            throw LibraryError(.usage, "\(label): not an HTTP method")
        }
        return try request.headers.sorted { $0.key < $1.key }.map { name, value in
            let isToken = !name.isEmpty && name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != 0x3A }
            guard isToken, !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) else {
                throw LibraryError(.usage, "\(label): the header '\(name)' is not a valid header line")
            }
            return "\(name): \(value)"
        }
    }

    /// The header fields of a header block (status line first), names lowercased; a field sent more
    /// than once has its values joined by ", ".
    static func headers(_ head: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        for line in head.split(separator: 0x0A, omittingEmptySubsequences: true).dropFirst() {
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else { continue }
            let name = String(text[..<colon]).trimmed.lowercased()
            let value = String(text[text.index(after: colon)...]).trimmed
            guard !name.isEmpty else { continue }
            if let earlier = fields[name] {
                fields[name] = earlier + ", " + value
            } else {
                fields[name] = value
            }
        }
        return fields
    }
}
