import BlueLibraryCore

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a file atomically: into a temporary file beside it, flushed to disk, then renamed over it,
/// so a reader never sees half a file and a failure leaves the old file as it was.
///
/// A symbolic link is written through (its target is replaced, the link stays); an existing file keeps
/// its permissions; temporaries left by a writer that was killed are cleaned up by the next one.
enum AtomicFile {
    /// Runs `body` with the temporary file's output, then puts the file in place (on the caller's
    /// executor, so `body` may be any closure of the caller's).
    nonisolated(nonsending)
        static func write(_ path: String, _ body: (Output) async throws -> Void) async throws
    {
        let target = resolvingLinks(path)
        removeStaleTemporaries(of: target)
        var existing = stat()
        let mode: mode_t? = stat(target, &existing) == 0 ? existing.st_mode & 0o7777 : nil
        let temporary = target + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(path) }
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        if let mode { fchmod(descriptor, mode) }
        let output = Output(descriptor: descriptor)
        do {
            try await body(output)
            output.flush()
        } catch {
            close(descriptor)
            throw error
        }
        let synced = fsync(descriptor) == 0
        let syncError = errno
        close(descriptor)
        if let failure = output.failure ?? (synced ? nil : syncError) {
            throw LibraryError(.io, "cannot write \(path): \(String(cString: strerror(failure)))")
        }
        guard rename(temporary, target) == 0 else { throw failure(path) }
        committed = true
    }

    /// The file a path finally names, following symbolic links (also to a target that does not exist
    /// yet); the path itself when it is no link.
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else {
                let directory = current.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                    .joined(separator: "/")
                current = directory.isEmpty ? link : directory + "/" + link
            }
        }
        return current
    }

    /// Removes `<name>.tmp-<pid>` files beside `target` whose writer process is gone.
    private static func removeStaleTemporaries(of target: String) {
        let parts = target.split(separator: "/", omittingEmptySubsequences: false)
        let directory = parts.count > 1 ? parts.dropLast().joined(separator: "/") : "."
        let prefix = String(parts.last ?? "") + ".tmp-"
        guard let handle = opendir(directory.isEmpty ? "/" : directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix), let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid()
            else {
                continue
            }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink((directory.isEmpty ? "" : directory) + "/" + name)
            }
        }
    }

    private static func failure(_ path: String) -> LibraryError {
        LibraryError(.io, "cannot write \(path): \(String(cString: strerror(errno)))")
    }
}
