import BlueLibraryCore

/// What went wrong talking to PostgreSQL: a `code` to act on, one line for a person that names the server
/// (never its password) and what is wrong, and the server's SQLSTATE when it sent one.
package struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    package enum Code: String, Sendable, CaseIterable {
        /// libpq cannot be loaded.
        case unavailable
        /// The text is neither a `postgresql://` URL nor a libpq connection string.
        case invalidURL = "invalid_url"
        /// No server answered there: refused, unknown host, or no answer in time.
        case unreachable
        /// The server refused the user or the password, or asked for a password the URL does not give.
        case authentication
        /// The server has no database of that name.
        case noDatabase = "no_database"
        /// The server refused the session for another reason (too many clients, shutting down).
        case refused
        /// The connection broke while in use (the server went away, the backend was terminated).
        case connectionLost = "connection_lost"
        /// The connection was closed by its owner before the work ran.
        case closed
        /// The transaction could not be serialised with a concurrent one (SQLSTATE 40001), or was a
        /// deadlock's victim (40P01): nothing of it was written, and running it again may succeed.
        case serializationFailure = "serialization_failure"
        /// A unique constraint refused a row (23505).
        case uniqueViolation = "unique_violation"
        /// The work was cancelled: its task was cancelled while it waited or ran.
        case cancelled
        /// The server refused a statement for any other reason (see ``PostgresError/sqlState``).
        case statement
        /// A value read from a result is not of the type asked for, or a parameter cannot be sent.
        case invalidValue = "invalid_value"
    }

    /// What kind of failure this is.
    package var code: Code
    /// One line for a person.
    package var message: String
    /// The five-character SQLSTATE the server sent with the error, if any.
    package var sqlState: String?

    /// An error of `code` saying `message`.
    package init(_ code: Code, _ message: String, sqlState: String? = nil) {
        self.code = code
        self.message = message
        self.sqlState = sqlState
    }

    package var description: String { message }

    /// The same failure as the library's domain error, which the faces map to exit codes and HTTP
    /// statuses: a server that cannot be used is `unavailable`, a malformed URL `usage`, a duplicate
    /// `conflict`, a lost race between transactions `locked`.
    package var libraryError: LibraryError {
        let code: LibraryError.Code =
            switch self.code {
            case .unavailable, .unreachable, .authentication, .noDatabase, .refused, .connectionLost, .closed:
                .unavailable
            case .invalidURL: .usage
            case .uniqueViolation: .conflict
            case .serializationFailure: .locked
            case .cancelled, .statement, .invalidValue: .internal
            }
        return LibraryError(code, message, cause: self)
    }
}
