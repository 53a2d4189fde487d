import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a file so that readers only ever see the old or the new content: the bytes go to a temporary
/// file in the same directory, which is flushed to disk (`fsync`) and then renamed over the target;
/// the directory is flushed too, so the rename itself survives a power cut.
package enum AtomicFile {
    /// Writes `data` to `path` atomically.
    /// - Parameter beforeRename: runs after the temporary file is complete and flushed, just before the
    ///   rename (tests throw from it to stand for a crash at the worst moment).
    package static func write(
        _ data: Data, to path: String, beforeRename: () throws -> Void = {}
    ) throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("could not create \(temporary)") }
        var complete = false
        defer { if !complete { unlink(temporary) } }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(
                    descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written, synced else { throw failure("could not write \(temporary)") }
        do {
            try beforeRename()
        } catch {
            throw StoreError(.io, "writing \(path) was interrupted: \(error)")
        }
        guard rename(temporary, path) == 0 else { throw failure("could not replace \(path)") }
        complete = true
        let directoryDescriptor = open(
            directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static func failure(_ what: String) -> StoreError {
        StoreError(.io, "\(what): \(String(cString: strerror(errno)))")
    }
}
