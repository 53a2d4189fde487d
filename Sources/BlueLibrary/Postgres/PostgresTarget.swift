import BlueLibraryCore
import CPostgres

/// What messages say about a server: its URL without the password, and why a connection to it failed.
enum PostgresTarget {
    /// `url` (a `postgresql://` URL or a libpq connection string) as `postgresql://user@host:port/database`,
    /// with only the parts it gives and never its password.
    /// - Throws: ``PostgresError`` `invalidURL` with libpq's reason (the text itself is not repeated: it may
    ///   hold a password).
    static func display(of url: String) throws(PostgresError) -> String {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = bl_pq_conninfo_parse(url, &message) else {
            let reason = message.map { PostgresWire.firstLine(String(cString: $0)) } ?? "out of memory"
            if let message { bl_pq_freemem(message) }
            throw PostgresError(.invalidURL, "not a PostgreSQL URL or connection string (\(reason))")
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
