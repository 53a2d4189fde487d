import BlueLibraryCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An open regular file that a response sends without reading it into memory: the server hands the
/// descriptor to libmicrohttpd, which reads it (or `sendfile`s it) as the client takes the bytes.
///
/// The descriptor belongs to this object until the server takes it with ``take()``; a file that is
/// never sent — an answer tested in-process, a connection that went away, a server that stopped — is
/// closed when the last reference to it goes. So every path closes it exactly once.
public final class WebFile: Sendable {
    /// Why a file could not be opened.
    public enum OpenFailure: Error, Equatable {
        /// Nothing is there (any more), or a folder on the way is gone.
        case missing
        /// Something is there, but not a regular file (a folder, a FIFO, a device).
        case notAFile
        /// The system refused (`errno`): no permission, too many open files….
        case unreadable(errno: Int32)
    }

    /// The file's size in bytes when it was opened.
    public let size: Int64
    /// A strong validator of the file's contents (inode, size, modification time), for `ETag` and
    /// `If-Range`: a file replaced or rewritten gets another.
    public let tag: String
    private let descriptor: Mutex<Int32?>

    private init(descriptor: Int32, size: Int64, tag: String) {
        self.descriptor = Mutex(descriptor)
        self.size = size
        self.tag = tag
    }

    /// Opens `path` for reading. It blocks (the disk, a network file system): call it off the
    /// cooperative pool.
    /// - Throws: ``OpenFailure``.
    static func open(_ path: String) throws(OpenFailure) -> WebFile {
        // O_NONBLOCK: a FIFO put where a track was would block open() until a writer came; on a
        // regular file it changes nothing. O_NOFOLLOW: a scan never follows symbolic links, so one
        // found where a track's file was is not that file.
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
        guard descriptor >= 0 else {
            let error = errno
            if error == ELOOP { throw .notAFile }
            throw error == ENOENT || error == ENOTDIR ? .missing : .unreadable(errno: error)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = errno
            close(descriptor)
            throw .unreadable(errno: error)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notAFile
        }
        let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        let tag =
            "\""
            + [UInt64(status.st_ino), UInt64(status.st_size), UInt64(bitPattern: modified)]
            .map { String($0, radix: 16) }.joined(separator: "-") + "\""
        return WebFile(descriptor: descriptor, size: Int64(status.st_size), tag: tag)
    }

    /// Hands the descriptor over (to libmicrohttpd, which closes it); `nil` once taken.
    func take() -> Int32? {
        descriptor.withLock { descriptor in
            defer { descriptor = nil }
            return descriptor
        }
    }

    deinit {
        if let descriptor = take() { close(descriptor) }
    }
}
