/// The numbers of one scan, for its summary.
package struct ScanCounts: Sendable, Hashable {
    /// Audio files the walk found.
    package var seen = 0
    /// Files whose tags were read: new files and changed ones (including those that turned out
    /// unreadable).
    package var read = 0
    /// Files read that the previous scan did not know.
    package var added = 0
    /// Files read again because their size or modification time changed.
    package var changed = 0
    /// Files skipped because they are unchanged since the previous scan.
    package var unchanged = 0
    /// Files the previous scan knew that are gone.
    package var removed = 0
    /// Files and folders that could not be read.
    package var unreadable = 0
    /// Symbolic links seen and not followed.
    package var skippedLinks = 0
    /// Embedded pictures read for album art.
    package var picturesRead = 0

    /// Creates counts; all zero unless given.
    package init(
        seen: Int = 0, read: Int = 0, added: Int = 0, changed: Int = 0, unchanged: Int = 0, removed: Int = 0,
        unreadable: Int = 0, skippedLinks: Int = 0, picturesRead: Int = 0
    ) {
        self.seen = seen
        self.read = read
        self.added = added
        self.changed = changed
        self.unchanged = unchanged
        self.removed = removed
        self.unreadable = unreadable
        self.skippedLinks = skippedLinks
        self.picturesRead = picturesRead
    }
}
