import CCurl

#if canImport(Glibc)
    import Glibc
#endif

/// What one libcurl transfer produced, as Swift values.
struct CurlResult: Sendable {
    /// How the transfer ended (the C target's `bl_curl_outcome`).
    enum Outcome: Sendable, Equatable {
        case done, unavailable, timedOut, tooLarge, tooManyRedirects, notHTTP, refused, unknownHost
        case cancelled, failed
    }

    var outcome: Outcome
    /// The HTTP status of the last answer (0 when none arrived).
    var status = 0
    /// The last answer's header lines as received, status line first.
    var head: [UInt8] = []
    var body: [UInt8] = []
    /// Why it failed, in libcurl's words (empty when it did not).
    var reason = ""
}

/// One transfer of the `CCurl` target: the only Swift code that sees its pointer. ``perform`` runs the
/// request on the calling thread, blocking until it ends; ``cancel()`` stops it from any thread.
final class CurlTransfer: @unchecked Sendable {
    // @unchecked Sendable: the pointer never changes; `perform` runs once, and the C transfer's own
    // mutex guards what `cancel` touches while it runs.
    private let transfer: OpaquePointer

    /// A new transfer, or `nil` when out of memory.
    init?() {
        guard let transfer = bl_curl_transfer_create() else { return nil }
        self.transfer = transfer
    }

    deinit { bl_curl_transfer_free(transfer) }

    /// Stops the transfer as soon as possible: at once when it runs, before it starts when it does not.
    func cancel() {
        bl_curl_transfer_cancel(transfer)
    }

    /// Loads libcurl if no transfer did yet, and performs `request` with `headerLines` (`Name: value`).
    /// Blocks: call it on a ``BlockingPool`` thread.
    func perform(_ request: HTTPRequest, headerLines: [String], configuration: HTTPClientConfiguration)
        -> CurlResult
    {
        let lines = headerLines.map { strdup($0) }
        defer {
            for line in lines { free(line) }
        }
        guard !lines.contains(nil) else { return CurlResult(outcome: .failed, reason: "out of memory") }
        let constantLines = lines.map { UnsafePointer($0) }
        let outcome = constantLines.withUnsafeBufferPointer { headers in
            request.body.withUnsafeBufferPointer { body in
                request.url.withCString { url in
                    request.method.withCString { method in
                        configuration.userAgent.withCString { userAgent in
                            var options = bl_curl_request(
                                url: url, method: method, headers: headers.baseAddress,
                                header_count: headers.count, body: body.baseAddress, body_size: body.count,
                                user_agent: userAgent, timeout_ms: Self.milliseconds(configuration.timeout),
                                max_redirects: request.followsRedirects ? configuration.maximumRedirects : 0,
                                max_body_size: max(configuration.maximumBodySize, 0))
                            return bl_curl_transfer_perform(transfer, &options)
                        }
                    }
                }
            }
        }
        var result = CurlResult(outcome: Self.outcome(outcome), status: bl_curl_transfer_status(transfer))
        var size = 0
        if let body = bl_curl_transfer_body(transfer, &size) {
            result.body = Array(UnsafeBufferPointer(start: body, count: size))
        }
        let head = bl_curl_transfer_headers(transfer, &size)
        result.head = Array(UnsafeRawBufferPointer(start: head, count: size))
        result.reason = String(cString: bl_curl_transfer_reason(transfer))
        return result
    }

    /// A duration in whole milliseconds, at least 1 (libcurl reads 0 as "no limit").
    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return Int(max(total, 1))
    }

    private static func outcome(_ outcome: bl_curl_outcome) -> CurlResult.Outcome {
        switch outcome {
        case BL_CURL_DONE: .done
        case BL_CURL_UNAVAILABLE: .unavailable
        case BL_CURL_TIMED_OUT: .timedOut
        case BL_CURL_TOO_LARGE: .tooLarge
        case BL_CURL_TOO_MANY_REDIRECTS: .tooManyRedirects
        case BL_CURL_NOT_HTTP: .notHTTP
        case BL_CURL_REFUSED: .refused
        case BL_CURL_UNKNOWN_HOST: .unknownHost
        case BL_CURL_CANCELLED: .cancelled
        default: .failed
        }
    }
}
