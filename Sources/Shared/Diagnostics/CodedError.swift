/// An error of one domain, as every module of the package reports them: a `code` a caller can act on
/// (map to an exit status, an HTTP status, a way of showing it), a `message` for a person that names
/// the input and what is wrong, and optionally the error underneath (`cause`).
///
/// A domain names its codes and gives the error a name of its own, e.g.
/// `typealias StoreError = CodedError<StoreErrorCode>`.
package struct CodedError<Code: Hashable & Sendable>: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    package var code: Code
    /// One line for a person: which input, and what is wrong with it.
    package var message: String
    /// The lower-level error this one reports, when there is one.
    package var cause: (any Error)?

    /// Creates an error.
    package init(_ code: Code, _ message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// The message: what a person reads.
    package var description: String { message }

    /// Two errors are equal when they have the same code and message and their causes read the same.
    package static func == (lhs: CodedError, rhs: CodedError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message
            && lhs.cause.map { String(describing: $0) } == rhs.cause.map { String(describing: $0) }
    }
}
