#if canImport(Glibc)
    import Glibc
#endif

/// The few file operations the command line needs, on POSIX calls: reading and writing whole files,
/// listing a directory, making one with its parents. FoundationEssentials' `FileManager` did this; linking
/// it cost every command half a million instructions and 20,000 relocations at start-up.
/// Every call blocks: run it on a ``BlockingPool``.
package enum LocalFile {
    /// A file's size in bytes and its modification time in seconds since 1970.
    package struct Status: Sendable {
        /// The size in bytes.
        package let size: Int
        /// The modification time, in seconds since 1970.
        package let modified: Double
    }

    /// The size and modification time of what `path` names (following symbolic links), or `nil`.
    package static func status(_ path: String) -> Status? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Status(
            size: Int(status.st_size),
            modified: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }

    /// The whole content of the regular file at `path` (links followed), or `nil` when it cannot be read
    /// or is no regular file — a FIFO or a device is refused without waiting (see ``RegularFile``).
    package static func read(_ path: String) -> [UInt8]? {
        try? RegularFile.read(path)
    }

    /// Writes `bytes` to a new file at `path`, which must not exist: a link or anything else there makes
    /// it fail, so nothing is ever written through a link (callers write a temporary name and rename).
    /// - Throws: the `errno` of the failing call.
    package static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let descriptor = try RegularFile.createNew(path)
        let failed = FileDescriptor.writeAll(descriptor, bytes)
        // A failure only `close` reports (a full quota, NFS) means the file is not whole either.
        let closed = close(descriptor) == 0 ? nil : errno
        if let code = failed ?? closed { throw Failure(code) }
    }

    /// The names in the directory at `path` (without `.` and `..`); none when it cannot be read.
    package static func names(in path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Sets the file's modification (and access) time to now; whether it could. A symbolic link's own
    /// times are set, never its destination's.
    @discardableResult
    package static func touch(_ path: String) -> Bool {
        utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// Removes the file; whether it was removed.
    @discardableResult
    package static func remove(_ path: String) -> Bool {
        unlink(path) == 0
    }

    /// Makes the directory `path` with its missing parents, as `mkdir -p` (one `stat` when it is there).
    /// - Throws: why not, in words: the system's reason, or "X is not a directory" for a file in the way.
    package static func createDirectories(_ path: String) throws(Failure) {
        var status = stat()
        if stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR { return }
        var made = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            made += (made.isEmpty && !path.hasPrefix("/") ? "" : "/") + component
            guard mkdir(made, 0o777) != 0 else { continue }
            let failure = errno
            if failure == EEXIST && stat(made, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
                continue
            }
            throw failure == EEXIST ? Failure(reason: "\(made) is not a directory") : Failure(failure)
        }
    }

    /// Why a file operation failed, in words.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        /// The reason: the system's message for an `errno`, or a sentence of our own.
        package let reason: String

        package init(_ code: Int32) {
            reason = FileDescriptor.describe(code)
        }

        package init(reason: String) {
            self.reason = reason
        }

        package var description: String { reason }
    }
}
