/// The one error type of the Recordings model: a `code` to map (to an exit status or a message
/// style), a human `message` that names the input and what is wrong, and an optional cause.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: String, Sendable {
        /// `store.json` is not valid JSON or does not have the shape of a store.
        case damaged
        /// `store.json` is some other program's file.
        case foreign
        /// A name is empty or otherwise unusable.
        case invalidName
        /// The item (or the folder to add to) no longer exists.
        case notFound
        /// The operation makes no sense for this item (deleting the root, adding to a recording).
        case invalidOperation
        /// Reading or writing a file failed.
        case io
    }

    /// What kind of failure this is.
    public var code: Code
    /// One line for a person.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
