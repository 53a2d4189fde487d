#if canImport(Glibc)
    import Glibc
#endif

/// Opening files so that what is at a path cannot trick the caller: a FIFO or a device never blocks the
/// thread or is read as a file, a symbolic link is followed only where the caller allows it, and a file
/// is created only where nothing is — never through a link someone else put there.
///
/// Every call blocks: run it on a ``BlockingPool``.
package enum RegularFile {
    /// Which symbolic links an open follows.
    package enum Links: Sendable {
        /// Any, as the system does (a file a person named, such as a cover they chose).
        case follow
        /// None in the last component; the folders above may be links.
        case notLast
        /// None in any component: each folder is opened in turn without following a link, so a folder
        /// replaced by a link after the path was recorded is refused, not gone through.
        case none
    }

    /// Why a regular file could not be opened.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Nothing is there, or a folder on the way is gone.
        case missing
        /// A symbolic link is where the caller allowed none.
        case link
        /// Something is there, but not a regular file: its kind in words ("a FIFO", "a folder").
        case notRegular(String)
        /// The file is larger than the caller reads.
        case tooLarge(Int)
        /// The system refused: the `errno`.
        case unreadable(Int32)

        package var description: String {
            switch self {
            case .missing: "no such file"
            case .link: "a symbolic link"
            case .notRegular(let kind): "\(kind), not a regular file"
            case .tooLarge(let size): "larger than \(size) bytes"
            case .unreadable(let code): FileDescriptor.describe(code)
            }
        }
    }

    /// An open regular file: its descriptor (the caller closes it) and what `fstat` said of it.
    package struct Opened {
        /// The descriptor, open for reading.
        package let descriptor: Int32
        /// The file's status when it was opened.
        package let status: stat

        /// The size in bytes.
        package var size: Int64 { Int64(status.st_size) }
    }

    /// A file's device and inode: two paths with the same identity name the same file.
    package struct FileIdentity: Sendable, Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }

        /// The identity of the file `path` finally names (links followed), or `nil`.
        package init?(of path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            self.init(status)
        }
    }

    /// Opens the regular file at `path` for reading. The open never waits (`O_NONBLOCK`: a FIFO would
    /// wait for a writer, a terminal could become the controlling one), and anything but a regular
    /// file is closed again and refused.
    /// - Throws: ``Failure``.
    package static func open(_ path: String, links: Links) throws(Failure) -> Opened {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY
        let descriptor: Int32
        switch links {
        case .follow: descriptor = Glibc.open(path, flags)
        case .notLast: descriptor = Glibc.open(path, flags | O_NOFOLLOW)
        case .none: descriptor = try openWithoutLinks(path, flags: flags)
        }
        guard descriptor >= 0 else { throw failure(errno, at: path, links: links) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw .unreadable(code)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notRegular(kind(status.st_mode))
        }
        // Reads of a regular file never wait anyway; clearing the flag keeps later readers honest.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return Opened(descriptor: descriptor, status: status)
    }

    /// The whole content of the regular file at `path`, at most `maximumSize` bytes (counted while
    /// reading, so a file that grows after it was opened is refused too).
    /// - Throws: ``Failure``; `tooLarge` for a file over the limit.
    package static func read(_ path: String, links: Links = .follow, maximumSize: Int = .max)
        throws(Failure) -> [UInt8]
    {
        let file = try open(path, links: links)
        defer { close(file.descriptor) }
        guard file.size <= Int64(maximumSize) else { throw .tooLarge(maximumSize) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(file.size))
        var chunk = [UInt8](repeating: 0, count: Int(min(max(file.size, 4096), 1 << 20)) + 1)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(file.descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(errno) }
            if count == 0 { return bytes }
            guard bytes.count + count <= maximumSize else { throw .tooLarge(maximumSize) }
            bytes += chunk[..<count]
        }
    }

    /// Creates a new file at `path` for writing: `O_CREAT | O_EXCL`, so it fails when anything is there,
    /// a symbolic link included (which is never followed), and the new file is the caller's own.
    /// - Returns: the descriptor (the caller closes it).
    /// - Throws: ``LocalFile/Failure`` with the system's reason ("File exists").
    package static func createNew(_ path: String, mode: mode_t = 0o666) throws(LocalFile.Failure) -> Int32 {
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw LocalFile.Failure(errno) }
        return descriptor
    }

    /// What is at a path itself (a link not followed), and which file it is.
    package struct Entry: Sendable, Equatable {
        /// The kind in words ("a regular file", "a symbolic link", "a character device").
        package let kind: String
        /// Whether it is a regular file.
        package let isRegular: Bool
        /// Whether it is a symbolic link.
        package let isLink: Bool
        /// The device and inode: the same pair is the same file, whatever path names it.
        package let identity: FileIdentity
    }

    /// What is at `path` itself, a link not followed; `nil` when nothing is (or it cannot be seen).
    package static func entry(at path: String) -> Entry? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return Entry(
            kind: kind(status.st_mode), isRegular: status.st_mode & S_IFMT == S_IFREG,
            isLink: status.st_mode & S_IFMT == S_IFLNK, identity: FileIdentity(status))
    }

    /// The kind of file a mode names, in words.
    package static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "a special file"
        }
    }

    /// Opens `path` one component at a time from `/` (or the current folder), each with `O_NOFOLLOW`,
    /// so no symbolic link anywhere on the way is followed; `.` and `..` are refused with it, as they
    /// would let a path leave where it seems to lead.
    /// - Returns: the descriptor, or -1 with `errno` set.
    private static func openWithoutLinks(_ path: String, flags: Int32) throws(Failure) -> Int32 {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let last = components.last else {
            errno = ENOENT
            return -1
        }
        if components.contains(where: { $0 == "." || $0 == ".." }) { throw .link }
        var directory = Glibc.open(path.hasPrefix("/") ? "/" : ".", pathOnly | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return -1 }
        for component in components.dropLast() {
            let name = String(component)
            let next = openat(directory, name, pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            var status = stat()
            // A link is refused (ENOTDIR or ELOOP, or an O_PATH descriptor of the link itself).
            let isLink =
                next >= 0
                ? fstat(next, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
                : fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0
                    && status.st_mode & S_IFMT == S_IFLNK
            close(directory)
            if isLink {
                if next >= 0 { close(next) }
                throw .link
            }
            guard next >= 0 else {
                errno = code
                return -1
            }
            directory = next
        }
        let descriptor = openat(directory, String(last), flags | O_NOFOLLOW)
        let code = errno
        close(directory)
        errno = code
        return descriptor
    }

    private static func failure(_ code: Int32, at path: String, links: Links) -> Failure {
        switch code {
        case ENOENT, ENOTDIR: return .missing
        case ELOOP where links != .follow: return .link
        default: return .unreadable(code)
        }
    }
}

/// `O_PATH` (Linux): a descriptor that only names a folder, needing no permission to read it; Swift's
/// Glibc module leaves the GNU flag out.
private let pathOnly: Int32 = 0o10_000_000
