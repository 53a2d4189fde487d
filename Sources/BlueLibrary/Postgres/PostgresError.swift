import BlueLibraryCore
import Diagnostics

/// What went wrong talking to PostgreSQL: a code to act on, one line for a person that names the server
/// (never its password) and what is wrong, and — as its cause — the SQLSTATE the server sent, if any.
package typealias PostgresError = CodedError<PostgresErrorCode>

/// The kinds of ``PostgresError``.
package enum PostgresErrorCode: String, Sendable, Hashable, CaseIterable {
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
    /// The transaction could not be serialised with a concurrent one (SQLSTATE 40001), or was a deadlock's
    /// victim (40P01): nothing of it was written, and running it again may succeed.
    case serializationFailure = "serialization_failure"
    /// A unique constraint refused a row (23505).
    case uniqueViolation = "unique_violation"
    /// The work was cancelled: its task was cancelled while it waited or ran.
    case cancelled
    /// The server refused a statement for any other reason (see ``PostgresServerState``).
    case statement
    /// A value read from a result is not of the type asked for, or a parameter cannot be sent.
    case invalidValue = "invalid_value"
}

/// The five-character code the server sent with an error (SQLSTATE, e.g. 42P01 for a missing table): the
/// cause of a ``PostgresError`` that came from the server.
package struct PostgresServerState: Error, Sendable, Hashable, CustomStringConvertible {
    /// The SQLSTATE.
    package var code: String

    package var description: String { "SQLSTATE \(code)" }
}

extension CodedError where Code == PostgresErrorCode {
    /// An error of `code` saying `message`, caused by the server's `sqlState` when it sent one.
    init(_ code: PostgresErrorCode, _ message: String, sqlState: String?) {
        self.init(code, message, cause: sqlState.map { PostgresServerState(code: $0) })
    }

    /// The SQLSTATE the server sent with the error, if it came from the server.
    package var sqlState: String? { (cause as? PostgresServerState)?.code }

    /// The same failure as the library's domain error, which the faces map to exit codes and HTTP
    /// statuses: a server that cannot be used is `unavailable`, a malformed URL `usage`, a duplicate
    /// `conflict`, a lost race between transactions `locked`.
    package var libraryError: LibraryError {
        let code: LibraryErrorCode =
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
