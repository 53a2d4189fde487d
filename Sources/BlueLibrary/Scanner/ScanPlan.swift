/// What a scan must do, from its walk and the records of the previous scan: which files are unchanged,
/// which must be read, which are gone.
///
/// Only a file that is gone is removed: one the walk could not reach (its folder unreadable, its status
/// not to be had) keeps its previous record, as an unchanged file does.
struct ScanPlan: Sendable {
    /// Records of files whose size and modification time are unchanged (or that could not be looked
    /// at this time): not read again.
    private(set) var unchanged: [ScannedFile] = []
    /// The previous records of the changed files, by path: what a file that cannot be read now keeps.
    private(set) var previous: [String: ScannedFile] = [:]
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
        let unreachable = walk.problems.map(\.path)
        func isUnreachable(_ path: String) -> Bool {
            unreachable.contains { path == $0 || path.utf8.starts(with: ($0 + "/").utf8) }
        }
        var gone: [ScannedFile] = []
        var next = 0
        for entry in walk.audioFiles {
            while next < known.count && known[next].path < entry.path {
                gone.append(known[next])
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
                self.previous[old.path] = old
                counts.changed += 1
            }
        }
        gone += known[next...]
        for record in gone {
            if isUnreachable(record.path) { unchanged.append(record) } else { removed.append(record) }
        }
        unchanged.sort { $0.path < $1.path }
        replaced += removed
        counts.seen = walk.audioFiles.count
        counts.read = toRead.count
        counts.unchanged = unchanged.count
        counts.removed = removed.count
        counts.skippedLinks = walk.skippedLinks
    }
}
