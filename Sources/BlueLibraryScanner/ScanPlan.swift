/// What a scan must do, from its walk and the records of the previous scan: which files are unchanged,
/// which must be read, which are gone.
struct ScanPlan: Sendable {
    /// Records of files whose size and modification time are unchanged: not read again.
    private(set) var unchanged: [ScannedFile] = []
    /// New and changed files, in path order.
    private(set) var toRead: [FolderWalk.Entry] = []
    /// Records of files that are gone, by path.
    private(set) var removed: [ScannedFile] = []
    /// Records of files that changed or are gone: the albums they were in change.
    private(set) var replaced: [ScannedFile] = []
    /// The counts known before reading.
    private(set) var counts = ScanCounts()

    /// Compares the walk with `previous`; records outside the walk's root are ignored.
    init(walk: FolderWalk, previous: [ScannedFile]) {
        let prefix = walk.root == "/" ? "/" : walk.root + "/"
        var known: [String: ScannedFile] = [:]
        known.reserveCapacity(previous.count)
        for file in previous where file.path.utf8.starts(with: prefix.utf8) {
            known[file.path] = file
        }
        for entry in walk.audioFiles {
            guard let old = known.removeValue(forKey: entry.path) else {
                toRead.append(entry)
                counts.added += 1
                continue
            }
            if old.size == entry.size && old.modified == entry.modified {
                unchanged.append(old)
            } else {
                toRead.append(entry)
                replaced.append(old)
                counts.changed += 1
            }
        }
        removed = known.values.sorted { $0.path < $1.path }
        replaced += removed
        counts.seen = walk.audioFiles.count
        counts.read = toRead.count
        counts.unchanged = unchanged.count
        counts.removed = removed.count
        counts.skippedLinks = walk.skippedLinks
    }
}
