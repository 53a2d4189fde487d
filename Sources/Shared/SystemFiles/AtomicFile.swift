#if canImport(Glibc)
    import Glibc
#endif

/// Replaces a file atomically, the one way the command line's `export -o` and Recordings' store write
/// files: the bytes go to a temporary file beside the target, which is flushed to disk and renamed over
/// it, and the directory is flushed so the rename survives a power cut. A reader sees the old file or
/// the new one, never half of one; a failure (or an abandoned write) leaves the old file as it was.
///
/// Nothing is written through a symbolic link: the temporary file is created new (`O_EXCL`, so a link
/// planted at its name is never followed) and a link at the target is itself replaced by the rename,
/// its destination left alone. An existing regular file keeps its permissions; temporaries left by a
/// writer that was killed are removed by the next one.
package final class AtomicFile {
    /// Why a file could not be written: the path as given and the system's words.
    package struct Failure: Error, CustomStringConvertible {
        /// `cannot write PATH: REASON`.
        package let description: String
    }

    /// The descriptor of the temporary file to write into (see ``FileDescriptor/writeAll(_:_:)``).
    package let descriptor: Int32
    private let path: String
    private let temporary: String
    private var open = true
    private var committed = false

    /// Starts replacing `path`.
    /// - Throws: ``Failure`` when the temporary file cannot be created (no such directory, no permission).
    package init(replacing path: String) throws(Failure) {
        self.path = path
        OutputTarget.removeStaleTemporaries(of: path)
        var existing = stat()
        let isRegular = lstat(path, &existing) == 0 && existing.st_mode & S_IFMT == S_IFREG
        temporary = OutputTarget.temporary(for: path)
        do {
            descriptor = try RegularFile.createNew(temporary)
        } catch {
            throw Failure(description: "cannot write \(path): \(error.reason)")
        }
        if isRegular { fchmod(descriptor, existing.st_mode & 0o7777) }
    }

    /// Makes the written bytes the file: flushes them, then renames the temporary file over the target.
    /// - Parameter beforeRename: runs when the temporary file is complete and flushed, just before the
    ///   rename; an error it throws abandons the write (tests stand for a crash at the worst moment).
    /// - Throws: ``Failure`` when the bytes cannot be flushed or the file replaced; what `beforeRename`
    ///   throws.
    package func commit(beforeRename: () throws -> Void = {}) throws {
        guard open else { throw Self.failure(path, EBADF) }
        let synced = fsync(descriptor) == 0
        let syncError = errno
        closeDescriptor()
        guard synced else { throw Self.failure(path, syncError) }
        try beforeRename()
        guard rename(temporary, path) == 0 else { throw Self.failure(path, errno) }
        committed = true
        let directory = OutputTarget.directory(of: path)
        let directoryDescriptor = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// The failure for an `errno` met while writing: `cannot write PATH: REASON`.
    package func failure(_ code: Int32) -> Failure {
        Self.failure(path, code)
    }

    deinit {
        closeDescriptor()
        if !committed { unlink(temporary) }
    }

    private func closeDescriptor() {
        if open { close(descriptor) }
        open = false
    }

    private static func failure(_ path: String, _ code: Int32) -> Failure {
        Failure(description: "cannot write \(path): \(FileDescriptor.describe(code))")
    }
}
