import BlueLibraryCore
import BlueLibraryHTTP
import Synchronization
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Transcodes kept on disk (`serve --transcode-cache SIZE`): a transcode that ran to its end is kept
/// under a name made of the source file's identity (inode, size, modification time) and the settings,
/// so the same file asked for the same way again is sent from disk with ranges, and a file changed since
/// is transcoded afresh. Past the size, the least recently used go first. A transcode cut short (the
/// client went away, an offset) is never kept.
package final class TranscodeCache: Sendable {
    /// The folder the files are kept in.
    package let folder: String
    /// The most bytes kept.
    package let limit: Int64

    private struct Entry {
        var size: Int64
        var used: UInt64
    }

    private struct Index {
        var entries: [String: Entry] = [:]
        var total: Int64 = 0
        var clock: UInt64 = 0
        /// Names being written now (a second transcode of the same is not copied).
        var writing: Set<String> = []
    }

    /// `nil` until the folder has been read (on first use).
    private let index = Mutex<Index?>(nil)

    package init(folder: String, limit: Int64) {
        self.folder = folder
        self.limit = limit
    }

    /// The name a transcode is kept under.
    static func name(source tag: String, plan: String) -> String {
        Hex.string(StableHash.bytes128(tag + "\n" + plan)) + ".transcode"
    }

    /// The kept transcode called `name`, opened, or `nil`. Blocks on the disk.
    func file(named name: String) -> WebFile? {
        loadIfNeeded()
        let known = index.withLock { index -> Bool in
            guard var entry = index?.entries[name] else { return false }
            index!.clock += 1
            entry.used = index!.clock
            index!.entries[name] = entry
            return true
        }
        guard known else { return nil }
        return try? WebFile.open(folder + "/" + name)
    }

    /// A writer for a copy of the transcode called `name`, or `nil` when one is being written already or
    /// the folder cannot be written. Blocks on the disk.
    func writer(named name: String) -> Writer? {
        loadIfNeeded()
        let claimed = index.withLock { index -> Bool in
            guard index?.writing.contains(name) == false else { return false }
            index!.writing.insert(name)
            return true
        }
        guard claimed else { return nil }
        let temporary = folder + "/" + name + ".part-\(UInt64.random(in: 0...UInt64.max))"
        guard let descriptor = try? RegularFile.createNew(temporary, mode: 0o600) else {
            _ = index.withLock { $0?.writing.remove(name) }
            return nil
        }
        return Writer(cache: self, name: name, temporary: temporary, descriptor: descriptor)
    }

    /// Reads the folder once: what is kept, oldest first by modification time; leftovers of writes that
    /// never finished are removed.
    private func loadIfNeeded() {
        guard index.withLock({ $0 == nil }) else { return }
        try? LocalFile.createDirectories(folder)
        var found: [(name: String, size: Int64, modified: Double)] = []
        for name in LocalFile.names(in: folder) {
            let path = folder + "/" + name
            if name.contains(".part-") {
                LocalFile.remove(path)
            } else if name.hasSuffix(".transcode"), let status = LocalFile.status(path) {
                found.append((name, Int64(status.size), status.modified))
            }
        }
        index.withLock { index in
            guard index == nil else { return }
            var loaded = Index()
            for (order, file) in found.sorted(by: { $0.modified < $1.modified }).enumerated() {
                loaded.entries[file.name] = Entry(size: file.size, used: UInt64(order + 1))
                loaded.total += file.size
            }
            loaded.clock = UInt64(found.count)
            index = loaded
        }
    }

    /// Records a finished copy and removes the least recently used past the limit.
    fileprivate func kept(_ name: String, size: Int64) {
        let evicted = index.withLock { index -> [String] in
            guard index != nil else { return [] }
            index!.writing.remove(name)
            index!.clock += 1
            if let old = index!.entries[name] { index!.total -= old.size }
            index!.entries[name] = Entry(size: size, used: index!.clock)
            index!.total += size
            var evicted: [String] = []
            let byAge = index!.entries.sorted { $0.value.used < $1.value.used }
            for (oldName, entry) in byAge where index!.total > limit {
                index!.entries[oldName] = nil
                index!.total -= entry.size
                evicted.append(oldName)
            }
            return evicted
        }
        for name in evicted { LocalFile.remove(folder + "/" + name) }
    }

    fileprivate func dropped(_ name: String) {
        _ = index.withLock { $0?.writing.remove(name) }
    }

    /// A copy being written beside a stream: bytes appended as they are made, kept under its name only
    /// when the stream finished.
    final class Writer: Sendable {
        private let cache: TranscodeCache
        private let name: String
        private let temporary: String
        /// The descriptor, and the bytes written; `nil` once finished, abandoned or failed.
        private let file: Mutex<(descriptor: Int32, size: Int64)?>

        fileprivate init(cache: TranscodeCache, name: String, temporary: String, descriptor: Int32) {
            self.cache = cache
            self.name = name
            self.temporary = temporary
            file = Mutex((descriptor, 0))
        }

        /// Appends `bytes` (a write that fails, a full disk, abandons the copy; the stream goes on).
        func append(_ bytes: [UInt8]) {
            guard !bytes.isEmpty else { return }
            let failed = file.withLock { file -> Bool in
                guard let open = file else { return false }
                if FileDescriptor.writeAll(open.descriptor, bytes) != nil
                    || open.size + Int64(bytes.count) > cache.limit
                {
                    close(open.descriptor)
                    file = nil
                    return true
                }
                file = (open.descriptor, open.size + Int64(bytes.count))
                return false
            }
            if failed {
                LocalFile.remove(temporary)
                cache.dropped(name)
            }
        }

        /// The stream ran to its end: the copy becomes the kept transcode.
        func finish() {
            guard
                let open = file.withLock({ file in
                    defer { file = nil }
                    return file
                })
            else { return }
            let renamed = close(open.descriptor) == 0 && rename(temporary, cache.folder + "/" + name) == 0
            if renamed {
                cache.kept(name, size: open.size)
            } else {
                LocalFile.remove(temporary)
                cache.dropped(name)
            }
        }

        /// The stream stopped early: the copy is removed.
        func abandon() {
            guard
                let open = file.withLock({ file in
                    defer { file = nil }
                    return file
                })
            else { return }
            close(open.descriptor)
            LocalFile.remove(temporary)
            cache.dropped(name)
        }
    }
}
