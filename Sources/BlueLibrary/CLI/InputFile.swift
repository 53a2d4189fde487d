import BlueLibraryCore

#if canImport(Glibc)
    import Glibc
#endif

/// Reads an input file (or `-`, standard input) whole, with POSIX calls and a size limit: a directory,
/// an unreadable file or an endless stream is one clear error, never a crash.
enum InputFile {
    /// The largest input read, in bytes: `BLUELIBRARY_MAX_INPUT_MB` megabytes, 512 by default (an export
    /// of 100,000 albums is about 15 MB).
    static func limit(environment: [String: String]) -> Int {
        (environment["BLUELIBRARY_MAX_INPUT_MB"].flatMap { Int($0) }.map { max($0, 1) } ?? 512) * 1024 * 1024
    }

    /// The bytes of `name`.
    /// - Throws: `noInput` for a missing file or a directory, `io` for a read error or an input over
    ///   the limit; messages start with `label`.
    static func read(_ name: String, label: String, limit: Int) throws -> [UInt8] {
        let descriptor = name == "-" ? STDIN_FILENO : open(name, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw LibraryError(.noInput, "\(label): \(reason)")
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            throw LibraryError(.noInput, "\(label): is a directory, not a file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = errno == EISDIR ? "is a directory, not a file" : String(cString: strerror(errno))
                throw LibraryError(errno == EISDIR ? .noInput : .io, "\(label): \(reason)")
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw LibraryError(.io, "\(label): larger than \(limit / 1024 / 1024) MB; nothing was read")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
