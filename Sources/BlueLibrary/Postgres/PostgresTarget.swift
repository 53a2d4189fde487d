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
    /// `bl` on port `pa` (and say so, password and all). The user information runs to the last `@` that
    /// no `?` follows (so a password holding `?` is found whole), else to the last `@` before the query,
    /// and those characters are percent-encoded in it; anything else is left as it is.
    package static func normalized(_ url: String) -> String {
        guard let scheme = url.firstRange(of: "://"),
            let at = userInformationEnds(in: url[scheme.upperBound...]).first
        else { return url }
        let information = Array(url[scheme.upperBound..<at].utf8)
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

    /// Where the user information of a URL's `rest` (after `://`) may end: the last `@` that no `?`
    /// follows, then the last `@` before the first `?` — the first is how a password is typed, the
    /// second how a query could hold an `@` — most likely first, without repeats.
    private static func userInformationEnds(in rest: Substring) -> [Substring.Index] {
        var ends: [Substring.Index] = []
        if let at = rest.lastIndex(of: "@"), !rest[at...].contains("?") { ends.append(at) }
        let beforeQuery = rest.prefix { $0 != "?" }
        if let at = beforeQuery.lastIndex(of: "@"), !ends.contains(at) { ends.append(at) }
        return ends
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

    /// The password a URL or keyword string holds, as written and percent-decoded — every reading of
    /// it, since a message must hide the password however the text is parsed: the URL's user information
    /// after its first `:` (to each place it may end: see ``normalized(_:)``), a `password=` query
    /// parameter, or each `password=` keyword.
    package static func passwords(in text: String) -> [String] {
        var found: [String] = []
        if let scheme = text.firstRange(of: "://") {
            let rest = text[scheme.upperBound...]
            for at in userInformationEnds(in: rest) {
                if let colon = rest[..<at].firstIndex(of: ":") {
                    found.append(String(rest[rest.index(after: colon)..<at]))
                }
            }
            if let query = rest.firstIndex(of: "?") {
                for parameter in rest[rest.index(after: query)...].split(separator: "&")
                where parameter.hasPrefix("password=") {
                    found.append(String(parameter.dropFirst("password=".count)))
                }
            }
        } else {
            // Each `password` that is a keyword: at the start or after white space, then `=`.
            var searched = text[...]
            while let keyword = searched.firstRange(of: "password") {
                defer { searched = searched[keyword.upperBound...] }
                let before = text[..<keyword.lowerBound].last
                let after = text[keyword.upperBound...].drop { $0 == " " || $0 == "\t" }
                guard before == nil || before == " " || before == "\t", after.first == "=" else { continue }
                let value = after.dropFirst().drop { $0 == " " || $0 == "\t" }
                if value.first == "'" {
                    found.append(String(value.dropFirst().prefix { $0 != "'" }))
                } else {
                    found.append(String(value.prefix { $0 != " " && $0 != "\t" }))
                }
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
