import BlueLibraryCore
import CTagLibLoader
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Writes tags into audio files through TagLib without ever leaving a file half-written: the file is
/// copied beside itself (`.NAME.bluelibrary-write`), the copy tagged and synced, then renamed over the
/// original. A crash at any moment (even `kill -9`) leaves the original whole, or the tagged copy in
/// its place; a leftover copy is an ordinary hidden file the next write replaces. The copy is a new
/// file: hard links to the original keep the old one.
package enum TagFileWriter {
    /// ``write(_:to:)`` on a thread of its own, then the file's tags read back as a scan reads them.
    package static func rewrite(_ values: [(key: String, value: String?)], at path: String) async throws
        -> TrackTags
    {
        try await BlockingThreads.run {
            try write(values, to: path)
            return try TagLibReader().tags(at: path)
        }
    }

    /// Sets `values` (TagLib's unified keys; `nil` removes the key) in the file at `path`, leaving every
    /// other tag, the pictures and the audio as they are.
    /// - Throws: ``LibraryError`` naming the file: `noInput` when it is gone or not a regular file, `io`
    ///   when it cannot be written (read-only, no space), `malformedInput` when TagLib cannot tag it.
    package static func write(_ values: [(key: String, value: String?)], to path: String) throws {
        try TagLibReader().prepare()
        var status = stat()
        guard lstat(path, &status) == 0 else { throw failure(path, .noInput, "the file is gone") }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw failure(path, .noInput, "not a regular file")
        }
        // A file whose owner may not write it is left alone, even by root: marking it so says "keep".
        guard status.st_mode & S_IWUSR != 0, access(path, W_OK) == 0 else {
            throw failure(path, .io, "the file is read-only")
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // The copy keeps the file's extension: TagLib picks the format by the name.
        let suffix = name.lastIndex(of: ".").map { String(name[$0...]) } ?? ""
        let copy = directory + "/." + name + ".bluelibrary-write" + suffix
        unlink(copy)
        do {
            try copyFile(path, to: copy, mode: status.st_mode & 0o7777)
            // The owner and group stay (best effort: only root may give a file away).
            _ = chown(copy, status.st_uid, status.st_gid)
            try tag(copy, values, reporting: path)
            try sync(copy, path)
            guard rename(copy, path) == 0 else { throw failure(path, .io, "cannot replace it: \(reason())") }
            let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folder >= 0 {
                fsync(folder)
                close(folder)
            }
        } catch {
            unlink(copy)
            throw error
        }
    }

    private static func tag(_ copy: String, _ values: [(key: String, value: String?)], reporting path: String)
        throws
    {
        let keys = values.map { strdup($0.key) }
        let set = values.compactMap { pair in pair.value.map { (strdup(pair.key), strdup($0)) } }
        defer {
            for key in keys { free(key) }
            for (key, value) in set {
                free(key)
                free(value)
            }
        }
        var properties = set.map { bl_taglib_property(key: $0.0, value: $0.1) }
        var keyPointers = keys.map { UnsafePointer($0) }
        var error = [CChar](repeating: 0, count: 512)
        let code = properties.withUnsafeMutableBufferPointer { propertyBuffer in
            keyPointers.withUnsafeMutableBufferPointer { keyBuffer in
                bl_taglib_loaded_write(
                    copy, propertyBuffer.baseAddress, propertyBuffer.count, keyBuffer.baseAddress,
                    keyBuffer.count,
                    &error, error.count)
            }
        }
        guard code == BL_TAGLIB_OK else {
            throw failure(
                path, code == BL_TAGLIB_NOT_AUDIO ? .malformedInput : .io, String(nulTerminated: error))
        }
    }

    private static func copyFile(_ source: String, to target: String, mode: mode_t) throws {
        let input: RegularFile.Opened
        do {
            input = try RegularFile.open(source, links: .notLast)
        } catch {
            throw failure(source, .noInput, "cannot open it: \(error)")
        }
        defer { close(input.descriptor) }
        let output: Int32
        do {
            output = try RegularFile.createNew(target, mode: mode)
        } catch {
            throw failure(source, .io, "cannot copy it beside itself: \(error)")
        }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input.descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw failure(source, .io, "cannot read it: \(reason())") }
            if count == 0 { break }
            if let code = buffer.withUnsafeBytes({
                FileDescriptor.writeAll(output, UnsafeRawBufferPointer(rebasing: $0[..<count]))
            }) {
                throw failure(source, .io, "cannot copy it beside itself: \(FileDescriptor.describe(code))")
            }
        }
        fchmod(output, mode)
    }

    private static func sync(_ copy: String, _ path: String) throws {
        let descriptor = open(copy, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            throw failure(path, .io, "cannot sync the tagged copy: \(reason())")
        }
        close(descriptor)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }

    private static func failure(_ path: String, _ code: LibraryErrorCode, _ why: String) -> LibraryError {
        LibraryError(code, "cannot write the tags of '\(path)': \(why)")
    }
}
