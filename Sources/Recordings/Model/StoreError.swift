import Diagnostics

/// The one error type of the Recordings model: a `code` to map (to an exit status or a message
/// style), a human `message` that names the input and what is wrong, and an optional cause.
package typealias StoreError = CodedError<StoreErrorCode>

/// The kinds of ``StoreError``.
package enum StoreErrorCode: String, Sendable, Hashable {
    /// `store.json` is not valid JSON or does not have the shape of a store.
    case damaged
    /// `store.json` is some other program's file.
    case foreign
    /// A name is empty or otherwise unusable.
    case invalidName
    /// The item (or the folder to add to) no longer exists.
    case notFound
    /// The operation makes no sense for this item (deleting the root, adding to a recording, a folder
    /// nested too deep).
    case invalidOperation
    /// Reading or writing a file failed.
    case io
}
