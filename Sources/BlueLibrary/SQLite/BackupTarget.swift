import BlueLibraryCore
import BlueLibraryStore
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Where a backup may go: a new path, or an existing regular file that is none of the library's own
/// (``OutputTarget``, the check every command that writes a file makes; the command line adds the
/// password key to the files it protects).
enum BackupTarget {
    /// Refuses a target that is anything but a new path or a regular file other than the library.
    /// - Parameter library: the library's database file.
    /// - Throws: ``LibraryError`` `io` naming the target and what it is.
    static func check(_ path: String, library: String) throws {
        if let reason = OutputTarget.refusal(path, protecting: SQLiteLibraryStore.databaseFiles(of: library))
        {
            throw refusal(path, reason)
        }
    }

    /// A new, empty temporary file beside `path` for the copy (created with `O_EXCL`, so nothing planted
    /// at its name is followed), after removing what a killed backup left there.
    /// - Throws: ``LibraryError`` `io` when it cannot be created.
    static func temporary(beside path: String) throws -> String {
        OutputTarget.removeStaleTemporaries(of: path)
        let temporary = OutputTarget.temporary(for: path)
        do {
            close(try RegularFile.createNew(temporary))
        } catch {
            throw refusal(path, error.reason)
        }
        return temporary
    }

    /// Replaces `path` with the finished copy at `temporary` and flushes the folder, so the rename
    /// survives a power cut.
    static func replace(_ path: String, with temporary: String) throws {
        guard rename(temporary, path) == 0 else { throw refusal(path, FileDescriptor.describe(errno)) }
        let descriptor = open(OutputTarget.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
    }

    private static func refusal(_ path: String, _ reason: String) -> LibraryError {
        LibraryError(.io, "cannot write the backup \(path): \(reason)")
    }
}
