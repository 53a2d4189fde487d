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

    /// Compares the walk with `previous`; records outside the walk's root are ignored. Both lists are
    /// in path order (`previous` is sorted first if it is not), so one merge pass pairs them.
    init(walk: FolderWalk, previous: [ScannedFile]) {
        let prefix = walk.root == "/" ? "/" : walk.root + "/"
        var known = previous.filter { $0.path.utf8.starts(with: prefix.utf8) }
        if zip(known, known.dropFirst()).contains(where: { $0.path > $1.path }) {
            known.sort { $0.path < $1.path }
        }
        var next = 0
        for entry in walk.audioFiles {
            while next < known.count && known[next].path < entry.path {
                removed.append(known[next])
                next += 1
            }
            guard next < known.count && known[next].path == entry.path else {
                toRead.append(entry)
                counts.added += 1
                continue
            }
            let old = known[next]
            next += 1
            // A caller's duplicate record of the same file is not a removal.
            while next < known.count && known[next].path == entry.path { next += 1 }
            if old.size == entry.size && old.modified == entry.modified {
                unchanged.append(old)
            } else {
                toRead.append(entry)
                replaced.append(old)
                counts.changed += 1
            }
        }
        removed += known[next...]
        replaced += removed
        counts.seen = walk.audioFiles.count
        counts.read = toRead.count
        counts.unchanged = unchanged.count
        counts.removed = removed.count
        counts.skippedLinks = walk.skippedLinks
    }
}
