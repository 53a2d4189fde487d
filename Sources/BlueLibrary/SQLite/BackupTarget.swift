import BlueLibraryCore
import BlueLibraryStore
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Where a backup may go: a new path, or an existing regular file that is not the library itself.
///
/// A backup is written to a temporary file created new beside the target and renamed over it, so what
/// was at the target is replaced, never written into. That makes the checks here matter: renaming over
/// `/dev/null` would replace the device node, over a FIFO or a link would replace them, and over the
/// live library (or its WAL or shared-memory file) would leave a server and the command line on two
/// different files, losing what was written to the old one.
enum BackupTarget {
    /// Refuses a target that is anything but a new path or a regular file other than the library.
    /// - Parameter library: the library's database file.
    /// - Throws: ``LibraryError`` `io` naming the target and what it is.
    static func check(_ path: String, library: String) throws {
        let files = ["", "-wal", "-shm", "-journal"].map { library + $0 }
        if let entry = RegularFile.entry(at: path) {
            guard entry.isRegular else {
                throw refusal(
                    path, "it is \(entry.kind); give a new file's path or a regular file to replace")
            }
            if files.contains(where: { RegularFile.FileIdentity(of: $0) == entry.identity }) {
                throw refusal(path, "it is the library itself (or a file SQLite keeps beside it)")
            }
        }
        // A path that does not exist yet may still be where the library's WAL or journal will appear.
        let named = canonical(path)
        if files.map(canonical).contains(named) {
            throw refusal(path, "it is the library itself (or a file SQLite keeps beside it)")
        }
    }

    /// A new, empty temporary file beside `path` for the copy (created with `O_EXCL`, so nothing planted
    /// at its name is followed).
    /// - Throws: ``LibraryError`` `io` when it cannot be created.
    static func temporary(beside path: String) throws -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = directory + ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
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
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
    }

    private static func refusal(_ path: String, _ reason: String) -> LibraryError {
        LibraryError(.io, "cannot write the backup \(path): \(reason)")
    }

    /// The path with its folder resolved (links, `..`), so two spellings of one place compare equal.
    private static func canonical(_ path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolved = realpath(directory, nil) else { return path }
        defer { free(resolved) }
        let folder = String(cString: resolved)
        return (folder == "/" ? "" : folder) + "/" + name
    }
}
