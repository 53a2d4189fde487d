import BlueLibraryCore
import CPostgres

/// What messages say about a server: its URL without the password, and why a connection to it failed.
package enum PostgresTarget {
    /// `url` (a `postgresql://` URL or a libpq connection string) as `postgresql://user@host:port/database`,
    /// with only the parts it gives and never its password.
    /// - Throws: ``PostgresError`` `invalidURL` with libpq's reason (the text itself is not repeated: it may
    ///   hold a password).
    static func display(of url: String) throws(PostgresError) -> String {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = bl_pq_conninfo_parse(url, &message) else {
            let reason = message.map { PostgresWire.firstLine(String(cString: $0)) } ?? "out of memory"
            if let message { bl_pq_freemem(message) }
            throw PostgresError(
                .invalidURL, "not a PostgreSQL URL or connection string (\(redacted(reason, hiding: url)))")
        }
        defer { bl_pq_conninfo_free(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        let user = values["user"].map { $0 + "@" } ?? ""
        let host = values["host"] ?? values["hostaddr"] ?? ""
        let port = values["port"].map { ":" + $0 } ?? ""
        return "postgresql://\(user)\(host)\(port)/\(values["dbname"] ?? "")"
    }

    /// `url` as libpq reads it, when it is a URL whose user information holds what a URL may not hold
    /// there as it is: a password typed with `/`, `@`, `?` or `#`, or with a `%` that starts no escape.
    /// People type passwords as they are; libpq would read `postgresql://bl:pa/ss@host/db` as the host
    /// `bl` on port `pa` (and say so, password and all). The user information runs to the last `@`
    /// before the query, and those characters are percent-encoded in it; anything else is left as it is.
    package static func normalized(_ url: String) -> String {
        guard let scheme = url.firstRange(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let beforeQuery = rest.prefix { $0 != "?" }
        guard let at = beforeQuery.lastIndex(of: "@") else { return url }
        let information = Array(beforeQuery[..<at].utf8)
        var encoded: [UInt8] = []
        for (index, byte) in information.enumerated() {
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "@"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                encoded.append(contentsOf: "%\(String(byte, radix: 16, uppercase: true))".utf8)
            case UInt8(ascii: "%")
            where
                !(index + 2 < information.count && isHexDigit(information[index + 1])
                && isHexDigit(information[index + 2])):
                encoded.append(contentsOf: "%25".utf8)
            default: encoded.append(byte)
            }
        }
        return url[..<scheme.upperBound] + String(decoding: encoded, as: UTF8.self) + url[at...]
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// libpq's reason for refusing `text`, with no part of the password `text` holds: libpq quotes what
    /// it could not parse, and a password with `/`, `@` or a bad `%` escape is often that part. Every
    /// spelling of the password is replaced, and a quoted part that shares four characters with it, or is
    /// a piece of it, is dropped whole.
    static func redacted(_ reason: String, hiding text: String) -> String {
        let secrets = passwords(in: text).filter { !$0.isEmpty }
        guard !secrets.isEmpty else { return reason }
        var result = reason
        for secret in secrets.sorted(by: { $0.count > $1.count }) {
            result = result.replacing(secret, with: "***")
        }
        // Quoted parts: "…" (libpq quotes with double quotes).
        let pieces = result.split(separator: "\"", omittingEmptySubsequences: false)
        guard pieces.count > 2 else { return result }
        return pieces.enumerated().map { index, piece in
            index % 2 == 1
                && secrets.contains(where: {
                    sharesFourCharacters(String(piece), $0) || (piece.count >= 2 && $0.contains(piece))
                })
                ? "…" : String(piece)
        }.joined(separator: "\"")
    }

    /// The password a URL or keyword string holds, as written and percent-decoded: the URL's user
    /// information after its first `:` (up to the last `@` before the query, so a password holding `/`
    /// or `@` is found whole), a `password=` query parameter, or a `password=` keyword.
    package static func passwords(in text: String) -> [String] {
        var found: [String] = []
        if let scheme = text.firstRange(of: "://") {
            let rest = text[scheme.upperBound...]
            let beforeQuery = rest.prefix { $0 != "?" }
            if let at = beforeQuery.lastIndex(of: "@"), let colon = beforeQuery[..<at].firstIndex(of: ":") {
                found.append(String(beforeQuery[beforeQuery.index(after: colon)..<at]))
            }
            for parameter in rest.dropFirst(beforeQuery.count).split(separator: "&") {
                let trimmed = parameter.drop { $0 == "?" }
                if trimmed.hasPrefix("password=") {
                    found.append(String(trimmed.dropFirst("password=".count)))
                }
            }
        } else if let keyword = text.firstRange(of: "password") {
            let value = text[keyword.upperBound...].drop { $0 == " " || $0 == "=" }
            if value.first == "'" {
                found.append(String(value.dropFirst().prefix { $0 != "'" }))
            } else {
                found.append(String(value.prefix { $0 != " " && $0 != "\t" }))
            }
        }
        return found + found.map { PercentEncoding.decoded($0[...]) }
    }

    private static func sharesFourCharacters(_ text: String, _ secret: String) -> Bool {
        let characters = Array(secret)
        let width = min(4, characters.count)
        guard width > 0 else { return false }
        return (0...(characters.count - width)).contains { start in
            text.contains(String(characters[start..<(start + width)]))
        }
    }

    /// The one-line error for libpq's account of a failed connection (`text`, from PQerrorMessage):
    /// 'connection to server at "127.0.0.1", port 5432 failed: FATAL:  password authentication failed for
    /// user "bl"' becomes 'cannot connect to TARGET: password authentication failed for user "bl"'. The
    /// server's own refusals are told apart by their wording, which is English unless the server's
    /// lc_messages says otherwise (then they are `refused`, with the server's words).
    static func connectionFailure(_ text: String, target: String) -> PostgresError {
        var reason = PostgresWire.firstLine(text)
        if let failed = reason.firstRange(of: " failed: ") { reason = String(reason[failed.upperBound...]) }
        let fromServer = reason.hasPrefix("FATAL:")
        if fromServer { reason = String(reason.dropFirst("FATAL:".count)).trimmed }
        let code: PostgresErrorCode
        if reason.contains("no password supplied") {
            code = .authentication
            reason = "the server asks for a password and none is given"
        } else if reason.contains("authentication failed")
            || (reason.hasPrefix("role \"") && reason.hasSuffix("does not exist"))
        {
            code = .authentication
        } else if reason.hasPrefix("database \"") && reason.hasSuffix("does not exist") {
            code = .noDatabase
        } else {
            code = fromServer ? .refused : .unreachable
        }
        // "Connection refused" and the like are strerror's words, capitalised to start a sentence.
        if let first = reason.first, first.isUppercase, reason.dropFirst().first?.isLowercase == true {
            reason = first.lowercased() + reason.dropFirst()
        }
        return PostgresError(code, "cannot connect to \(target): \(reason)")
    }
}
