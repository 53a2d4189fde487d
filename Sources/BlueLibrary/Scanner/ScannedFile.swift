import BlueLibraryCore

/// A readable audio file as a scan left it: where it is, its size and modification time, and the tags
/// read from it.
///
/// A scan returns one for every readable file (``ScanResult/files``). Keep them, and pass them as
/// `previous` to the next scan of the same folder: a file whose size and modification time are unchanged
/// is not read again. The fields are plain values, so the records can be stored in a table.
package struct ScannedFile: Sendable, Hashable {
    /// The absolute path, under the scan's resolved root.
    package let path: String
    /// The size in bytes when the tags were read.
    package let size: Int64
    /// The modification time in nanoseconds since 1970 when the tags were read.
    package let modified: Int64
    /// The tags read from the file.
    package let tags: TrackTags

    /// Creates a record, for example from a stored row.
    package init(path: String, size: Int64, modified: Int64, tags: TrackTags) {
        self.path = path
        self.size = size
        self.modified = modified
        self.tags = tags
    }
}
