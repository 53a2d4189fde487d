import BlueLibraryConcurrency
import BlueLibraryCore
import BlueLibraryScanner
import BlueLibraryServices
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the library following its music folders while a face runs (`serve`, `tui`): every folder the
/// library was imported from is watched with inotify — each directory under it, and new ones as they
/// appear — and once its files have been quiet for a moment after a change (a file added, changed,
/// removed, renamed or moved between folders), the folder is rescanned as `import DIR` does: one
/// transaction, one undo step. A burst of changes (an album of 200 files copied in) is one scan, made
/// when the burst is over.
///
/// A folder that disappears — deleted, or the disk under it unmounted — is not taken for deleted
/// tracks: a folder that cannot be read, or that holds no file at all where the library has tracks, is
/// left as it is (and watched again when it comes back, at the next look).
package struct FolderWatcher: Service {
    /// The library the folders belong to.
    private let importer: FolderImporter
    /// How long a folder's files stay quiet before it is rescanned.
    private let quiet: Duration
    /// How often the list of folders is read again (a folder imported since, one that came back).
    private let refresh: Duration
    /// Where each scan is reported (one line), and what went wrong.
    private let log: @Sendable (String) -> Void

    /// A watcher of `importer`'s library.
    package init(
        importer: FolderImporter, quiet: Duration = .milliseconds(600), refresh: Duration = .seconds(5),
        log: @escaping @Sendable (String) -> Void
    ) {
        self.importer = importer
        self.quiet = quiet
        self.refresh = refresh
        self.log = log
    }

    package func run() async throws {
        guard let notify = Inotify() else {
            log("cannot watch the music folders (inotify is not available); 'bluelibrary import DIR' rescans")
            return
        }
        notify.start()
        defer { notify.stop() }
        var watched: [String] = []
        var lastLook = ContinuousClock.now - refresh
        var pending: [String: ContinuousClock.Instant] = [:]  // folder → when its last change was seen
        while !Task.isCancelled {
            if ContinuousClock.now - lastLook >= refresh {
                // Every look watches the folders again: one imported since, or one that came back (a
                // disk mounted again) — whose files are then scanned, as they may have changed meanwhile.
                // The first look scans every folder once its watches are in place: files changed while
                // nothing watched (the server was stopped, or was starting) are found too.
                let first = watched.isEmpty
                lastLook = .now
                if let folders = try? await importer.library.musicFolders() {
                    for folder in notify.watch(folders) where first || watched.contains(folder) {
                        pending[folder] = .now
                    }
                    watched = folders
                }
            }
            for path in notify.takeChanged() {
                guard let folder = watched.first(where: { path == $0 || path.hasPrefix($0 + "/") }) else {
                    continue
                }
                pending[folder] = .now
            }
            for (folder, changed) in pending where ContinuousClock.now - changed >= quiet {
                pending[folder] = nil
                await rescan(folder)
                // Directories made in the meantime are watched too.
                notify.watch([folder])
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Rescans `folder`, unless it is gone or empty where the library has tracks (a disk unmounted).
    private func rescan(_ folder: String) async {
        if let line = await importer.rescanIfPresent(folder) { log(line) }
    }

    /// Whether `folder` is a directory that can be read and holds at least one entry.
    static func holdsAnything(_ folder: String) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { return true }
        }
        return false
    }
}

/// An inotify descriptor over every directory under some folders, read on a thread of its own; the paths
/// that changed come out of ``start()``'s stream. Thin over the system calls: the descriptor and the
/// watch table have one owner, this object, behind a lock the reading thread takes only briefly.
final class Inotify: Sendable {
    private let descriptor: Int32
    /// Watch descriptor → directory path.
    private let directories = Mutex<[Int32: String]>([:])
    private let stopped = Atomic<Bool>(false)
    /// The paths changed since ``takeChanged()`` last took them.
    private let changed = Mutex<[String]>([])

    /// What inotify reports: anything that adds, changes, removes or moves a file or folder.
    private static let mask = UInt32(
        IN_CREATE | IN_CLOSE_WRITE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT | IN_ONLYDIR | IN_DONT_FOLLOW)

    /// A new descriptor; `nil` when the system gives none (its limits are reached).
    init?() {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// Watches each folder and every directory under it (symbolic links are not followed, hidden folders
    /// are left out as the scan leaves them); a directory already watched is left as it is.
    /// - Returns: the folders whose own watch is new (watched for the first time, or again after they
    ///   went away).
    @discardableResult
    func watch(_ folders: [String]) -> [String] {
        folders.filter { add($0, depth: 0) }
    }

    /// Watches `directory` and what is under it; whether its watch is new.
    @discardableResult
    private func add(_ directory: String, depth: Int) -> Bool {
        guard depth < 64 else { return false }
        let watch = inotify_add_watch(descriptor, directory, Self.mask)
        guard watch >= 0 else { return false }
        let isNew = directories.withLock { table in
            let isNew = table[watch] == nil
            table[watch] = directory
            return isNew
        }
        guard isNew || depth == 0, let handle = opendir(directory) else { return isNew }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = directory + "/" + name
            // Some file systems do not say an entry's type in the listing: ask (without following links).
            var status = stat()
            let isDirectory =
                entry.pointee.d_type == UInt8(DT_DIR)
                || (entry.pointee.d_type == UInt8(DT_UNKNOWN) && lstat(path, &status) == 0
                    && status.st_mode & S_IFMT == S_IFDIR)
            if isDirectory { add(path, depth: depth + 1) }
        }
        return isNew
    }

    /// Starts the reading thread, which gathers the paths that change (a directory created is watched at
    /// once, with what it holds) for ``takeChanged()``.
    func start() {
        NamedThread.start("folder-watcher") { [self] in
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while !stopped.load(ordering: .acquiring) {
                guard poll(&poller, 1, 200) > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { continue }
                let found = paths(in: buffer[..<count])
                changed.withLock { $0 += found }
            }
        }
    }

    /// The paths changed since the last call.
    func takeChanged() -> [String] {
        changed.withLock { paths in
            defer { paths = [] }
            return paths
        }
    }

    /// Stops the reading thread (within 0.2 s).
    func stop() { stopped.store(true, ordering: .releasing) }

    /// The paths named by the events in `bytes`; new directories are watched on the way.
    private func paths(in bytes: ArraySlice<UInt8>) -> [String] {
        var paths: [String] = []
        var offset = bytes.startIndex
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= bytes.endIndex {
            let (watch, mask, length) = bytes.withUnsafeBytes { raw in
                let event = raw.loadUnaligned(
                    fromByteOffset: offset - bytes.startIndex, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameBytes = bytes[(offset + header)..<min(offset + header + length, bytes.endIndex)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            offset += header + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                // Events were lost: every folder counts as changed.
                paths += directories.withLock { Array($0.values) }
                continue
            }
            guard let directory = directories.withLock({ $0[watch] }) else { continue }
            if mask & UInt32(IN_IGNORED) != 0 {
                directories.withLock { $0[watch] = nil }
            }
            let path = name.isEmpty ? directory : directory + "/" + name
            if mask & UInt32(IN_ISDIR) != 0 && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                add(path, depth: 1)
            }
            paths.append(path)
        }
        return paths
    }
}
