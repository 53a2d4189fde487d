import BlueLibraryCore

/// A file or folder a scan could not read, and why. The scan goes on without it.
public struct UnreadableFile: Sendable, Equatable {
    /// The absolute path of the file or folder.
    public let path: String
    /// What is wrong; its message names the file and the reason.
    public let error: LibraryError

    /// Creates a record of a failure.
    public init(path: String, error: LibraryError) {
        self.path = path
        self.error = error
    }
}
