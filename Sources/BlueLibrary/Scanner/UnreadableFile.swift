import BlueLibraryCore

/// A file or folder a scan could not read, and why. The scan goes on without it.
package struct UnreadableFile: Sendable, Equatable {
    /// The absolute path of the file or folder.
    package let path: String
    /// What is wrong; its message names the file and the reason.
    package let error: LibraryError

    /// Creates a record of a failure.
    package init(path: String, error: LibraryError) {
        self.path = path
        self.error = error
    }
}
