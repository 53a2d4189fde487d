/// The one error type of the library's domain: a machine-readable `code`, a human `message` that
/// names the input and what is wrong, and an optional underlying `cause`.
///
/// Faces map the code: the command line to a sysexits exit status, the web layer to an HTTP status.
package struct LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is; stable, so faces can map it.
    package enum Code: String, Sendable, CaseIterable {
        /// The command line was used wrongly (unknown verb, flag or missing argument).
        case usage
        /// A field of an album is invalid (empty title, year out of range, bad URL).
        case invalidField = "invalid_field"
        /// A query could not be parsed.
        case invalidQuery = "invalid_query"
        /// A format template could not be parsed.
        case invalidTemplate = "invalid_template"
        /// Input data (an import file, a JSON body) is malformed.
        case malformedInput = "malformed_input"
        /// No album at an index or with an id.
        case notFound = "not_found"
        /// An album with this id already exists.
        case conflict
        /// A file does not exist or cannot be read.
        case noInput = "no_input"
        /// The file is not a BlueLibrary database.
        case notALibrary = "not_a_library"
        /// The database file is damaged.
        case corruptLibrary = "corrupt_library"
        /// The database was written by a newer BlueLibrary.
        case newerSchema = "newer_schema"
        /// Another process holds the database lock longer than the busy timeout.
        case locked
        /// A server or file elsewhere could not be reached, answered with an error, or took too long.
        case unavailable
        /// Reading or writing a file failed.
        case io
        /// A bug or an unexpected failure of a dependency.
        case `internal`
    }

    /// What kind of failure this is.
    package var code: Code
    /// One line for a person: names the input and what is wrong.
    package var message: String
    /// The lower-level error that caused this one, if any.
    package var cause: (any Error & Sendable)?

    /// Creates an error with a code, a message and an optional cause.
    package init(_ code: Code, _ message: String, cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    package var description: String { message }

    package static func == (lhs: LibraryError, rhs: LibraryError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message
    }
}
