#if canImport(Glibc)
    import Glibc
#endif

/// Where a command may put a file it makes — an export, a backup, a copy of the library: a new path, or
/// a regular file to replace that is none of the files it must never touch. Every command that writes a
/// file the user names asks here first (one check, so no command forgets a case).
///
/// The file is written to a temporary file beside the target and renamed over it, so what is at the
/// target is replaced, never written into. That is why the checks matter: renaming over `/dev/null`
/// would replace the device node, over a FIFO or a link would replace them, and over the live library,
/// its WAL or its password key would leave a server on a deleted file and its users locked out.
package enum OutputTarget {
    /// A file no command may replace, and what it is in words ("the library itself …").
    package struct Protected: Sendable {
        /// Its path (it need not exist yet: a WAL appears with the first write).
        package var path: String
        /// What it is, for the refusal: "it is ⟨what⟩".
        package var what: String

        /// Creates one.
        package init(_ path: String, what: String) {
            self.path = path
            self.what = what
        }
    }

    /// Why `path` may not be written, in words (`it is a FIFO; …`), or `nil` when it may.
    /// - Parameter protected: the files never to replace, compared by identity (device and inode) when
    ///   they exist and by their resolved path (links and `..` in the folder followed) when they do not.
    package static func refusal(_ path: String, protecting protected: [Protected]) -> String? {
        if let entry = RegularFile.entry(at: path) {
            guard entry.isRegular else {
                return "it is \(entry.kind); give a new file's path or a regular file to replace"
            }
            if let file = protected.first(where: { RegularFile.FileIdentity(of: $0.path) == entry.identity })
            {
                return "it is \(file.what)"
            }
        }
        let named = canonical(path)
        if let file = protected.first(where: { canonical($0.path) == named }) {
            return "it is \(file.what)"
        }
        return nil
    }

    /// A name for a temporary file beside `target` (`target.tmp-PID-RANDOM`), which
    /// ``removeStaleTemporaries(of:)`` recognises once its writer is gone.
    package static func temporary(for target: String) -> String {
        target + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Removes the temporary files beside `target` (``temporary(for:)``, and what SQLite keeps beside one:
    /// its `-wal` and `-shm`) whose writer process is gone: a write killed with `kill -9` leaves its
    /// temporary behind, and the next write to the same target clears it.
    package static func removeStaleTemporaries(of target: String) {
        let directory = directory(of: target)
        let prefix = String(target.split(separator: "/").last ?? "") + ".tmp-"
        for name in LocalFile.names(in: directory) {
            guard name.hasPrefix(prefix),
                let pid = pid_t(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid != getpid()
            else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(directory + "/" + name) }
        }
    }

    /// The directory a path is in (`.` for a bare name, `/` for a file at the root).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The path with its folder resolved (links, `..`), so two spellings of one place compare equal.
    private static func canonical(_ path: String) -> String {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolved = realpath(directory(of: path), nil) else { return path }
        defer { free(resolved) }
        let folder = String(cString: resolved)
        return (folder == "/" ? "" : folder) + "/" + name
    }
}
