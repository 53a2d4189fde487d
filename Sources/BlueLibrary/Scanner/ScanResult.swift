/// What a scan of a music folder found.
package struct ScanResult: Sendable {
    /// The folder scanned, resolved (no symbolic links); every path in the result starts with it.
    package let root: String
    /// The albums, sorted by folder, then title, then key.
    package let albums: [ScannedAlbum]
    /// Every readable audio file with its tags, sorted by path: the `previous` of the next scan.
    package let files: [ScannedFile]
    /// The files of `previous` under ``root`` that are gone, sorted by path.
    package let removed: [ScannedFile]
    /// Files and folders that could not be read, with why, sorted by path.
    package let unreadable: [UnreadableFile]
    /// The numbers of the scan.
    package let counts: ScanCounts

    /// Creates a result.
    package init(
        root: String, albums: [ScannedAlbum], files: [ScannedFile], removed: [ScannedFile],
        unreadable: [UnreadableFile], counts: ScanCounts
    ) {
        self.root = root
        self.albums = albums
        self.files = files
        self.removed = removed
        self.unreadable = unreadable
        self.counts = counts
    }
}
