import BlueLibraryCore

/// Where a request ends must be beyond doubt: a server and a proxy in front of it that disagreed would
/// take the rest of one request for a second one (request smuggling). So a request is refused when
/// its framing or its target is ambiguous — `Content-Length` together with `Transfer-Encoding`, a
/// transfer coding other than `chunked`, or a repeated `Content-Length`, `Transfer-Encoding` or `Host`.
enum RequestFraming {
    /// Why the request must be refused (names lowercased), or `nil` when its framing is sound.
    static func problem(in headers: [(String, String)]) -> String? {
        func count(_ name: String) -> Int { headers.lazy.filter { $0.0 == name }.count }
        for name in ["host", "content-length", "transfer-encoding"] where count(name) > 1 {
            return "the request has more than one \(name) header"
        }
        guard let coding = headers.first(where: { $0.0 == "transfer-encoding" })?.1 else { return nil }
        if count("content-length") > 0 {
            return "the request has both Content-Length and Transfer-Encoding"
        }
        if coding.trimmed.lowercased() != "chunked" {
            return "the transfer coding '\(coding.prefix(40))' is not supported (only chunked)"
        }
        return nil
    }

    /// The announced length of the body, when the request has one that is a number.
    static func contentLength(in headers: [(String, String)]) -> UInt64? {
        headers.first { $0.0 == "content-length" }.flatMap { UInt64($0.1.trimmed) }
    }
}
