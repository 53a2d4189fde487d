import Diagnostics

/// The one error type of the library's domain — the package's coded error (``CodedError``) with the
/// library's codes: a machine-readable `code`, a human `message` that names the input and what is wrong,
/// and an optional underlying `cause`.
///
/// Faces map the code: the command line to a sysexits exit status, the web layer to an HTTP status.
package typealias LibraryError = CodedError<LibraryErrorCode>

/// What kind of failure this is; stable, so faces can map it.
package enum LibraryErrorCode: String, Sendable, CaseIterable {
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
