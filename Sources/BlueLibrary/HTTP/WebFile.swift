import BlueLibraryCore
import Synchronization
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// An open regular file that a response sends without reading it into memory: the server hands the
/// descriptor to libmicrohttpd, which reads it (or `sendfile`s it) as the client takes the bytes.
///
/// The descriptor belongs to this object until the server takes it with ``take()``; a file that is
/// never sent — an answer tested in-process, a connection that went away, a server that stopped — is
/// closed when the last reference to it goes. So every path closes it exactly once.
package final class WebFile: Sendable {
    /// Why a file could not be opened.
    package enum OpenFailure: Error, Equatable {
        /// Nothing is there (any more), or a folder on the way is gone.
        case missing
        /// Something is there, but not a regular file (a folder, a FIFO, a device).
        case notAFile
        /// The system refused (`errno`): no permission, too many open files….
        case unreadable(errno: Int32)
    }

    /// The file's size in bytes when it was opened.
    package let size: Int64
    /// A strong validator of the file's contents (inode, size, modification time), for `ETag` and
    /// `If-Range`: a file replaced or rewritten gets another.
    package let tag: String
    private let descriptor: Mutex<Int32?>

    private init(descriptor: Int32, size: Int64, tag: String) {
        self.descriptor = Mutex(descriptor)
        self.size = size
        self.tag = tag
    }

    /// Opens `path` for reading. No symbolic link is followed anywhere on the path (the scan recorded it
    /// with every link resolved, so a link found there now — a track's folder replaced by one — leads
    /// somewhere else), and anything but a regular file is refused without waiting for it (a FIFO put
    /// where a track was would block the open until a writer came). It blocks on the disk: call it off
    /// the cooperative pool.
    /// - Throws: ``OpenFailure``.
    package static func open(_ path: String) throws(OpenFailure) -> WebFile {
        let file: RegularFile.Opened
        do {
            file = try RegularFile.open(path, links: .none)
        } catch {
            switch error {
            case .missing: throw .missing
            case .link, .notRegular, .tooLarge: throw .notAFile
            case .unreadable(let code): throw .unreadable(errno: code)
            }
        }
        let status = file.status
        let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        let tag =
            "\""
            + [UInt64(status.st_ino), UInt64(status.st_size), UInt64(bitPattern: modified)]
            .map { String($0, radix: 16) }.joined(separator: "-") + "\""
        return WebFile(descriptor: file.descriptor, size: Int64(status.st_size), tag: tag)
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
