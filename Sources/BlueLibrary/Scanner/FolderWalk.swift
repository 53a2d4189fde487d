import BlueLibraryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One walk of a music folder: its audio files with size and modification time, and the images that can
/// be album art. Uses `readdir` and `fstatat` directly, so a walk costs one `stat` per audio or image
/// file and nothing more.
///
/// Symbolic links below the root are never followed: one pointing outside would leave the root, and
/// one pointing inside names a file or folder the walk reaches anyway, so following it would only list
/// the same tracks twice (and a link to a parent folder would loop). The root itself may be a link; the
/// walk resolves it, and every path it reports starts with the resolved root. Hidden files and folders
/// (names starting with `.`, such as macOS's `._track.mp3`) are skipped.
struct FolderWalk: Sendable {
    /// A file the walk found.
    struct Entry: Sendable, Hashable {
        /// The absolute path.
        var path: String
        /// The size in bytes.
        var size: Int64
        /// The modification time in nanoseconds since 1970.
        var modified: Int64
    }

    /// The resolved root folder.
    let root: String
    /// The audio files, sorted by path.
    private(set) var audioFiles: [Entry] = []
    /// Images named like album art, by the folder that holds them.
    private(set) var images: [String: [Entry]] = [:]
    /// Folders and names the walk could not read, with why.
    private(set) var problems: [UnreadableFile] = []
    /// How many symbolic links the walk saw and did not follow.
    private(set) var skippedLinks = 0

    /// The extensions of the audio files a scan reads, lowercase.
    static let audioExtensions: Set<String> = [
        "mp3", "flac", "ogg", "oga", "opus", "m4a", "mp4", "aac", "wav",
    ]

    /// Walks `folder` and everything below it.
    /// - Throws: ``LibraryError`` `noInput` when `folder` does not exist or is not a folder.
    init(folder: String) throws {
        guard let resolved = realpath(folder, nil) else {
            throw LibraryError(.noInput, "cannot scan '\(folder)': \(FolderWalk.describe(errno))")
        }
        root = String(cString: resolved)
        free(resolved)
        var status = stat()
        guard stat(root, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw LibraryError(.noInput, "cannot scan '\(folder)': not a folder")
        }
        var pending = [root]
        while let directory = pending.popLast() {
            pending += walk(directory)
        }
        audioFiles.sort { $0.path < $1.path }
    }

    /// Lists one folder; returns its subfolders.
    private mutating func walk(_ directory: String) -> [String] {
        guard let stream = opendir(directory) else {
            problems.append(
                UnreadableFile(
                    path: directory,
                    error: LibraryError(
                        .noInput, "cannot read the folder '\(directory)': \(FolderWalk.describe(errno))")))
            return []
        }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        let prefix = directory == "/" ? "/" : directory + "/"
        var subfolders: [String] = []
        while let entry = readdir(stream) {
            let kind = entry.pointee.d_type
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                bytes.baseAddress.flatMap {
                    String(validatingCString: $0.assumingMemoryBound(to: CChar.self))
                }
            }
            guard let name else {
                problems.append(
                    UnreadableFile(
                        path: directory,
                        error: LibraryError(
                            .malformedInput, "skipped a name in '\(directory)' that is not valid UTF-8")))
                continue
            }
            if name.utf8.first == UInt8(ascii: ".") { continue }
            switch kind {
            case UInt8(DT_DIR): subfolders.append(prefix + name)
            case UInt8(DT_LNK): skippedLinks += 1
            case UInt8(DT_REG): record(name, in: directory, prefix: prefix, descriptor: descriptor)
            default:
                var status = stat()
                guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: subfolders.append(prefix + name)
                case S_IFLNK: skippedLinks += 1
                case S_IFREG: record(name, in: directory, prefix: prefix, descriptor: descriptor)
                default: continue
                }
            }
        }
        return subfolders
    }

    /// Notes a regular file if it is audio or art, with its size and modification time.
    private mutating func record(_ name: String, in directory: String, prefix: String, descriptor: Int32) {
        let isAudio = FolderWalk.isAudio(name)
        guard isAudio || FolderArt.isCandidate(name) else { return }
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return }
        let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        let entry = Entry(path: prefix + name, size: Int64(status.st_size), modified: modified)
        if isAudio {
            audioFiles.append(entry)
        } else {
            images[directory, default: []].append(entry)
        }
    }

    /// Whether a file name has one of the ``audioExtensions``, in any case.
    static func isAudio(_ name: String) -> Bool {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let suffix = name.utf8[name.utf8.index(after: dot)...]
        guard (2...4).contains(suffix.count) else { return false }
        return audioExtensions.contains(String(decoding: suffix.map { $0 | 0x20 }, as: UTF8.self))
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
