import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writes to standard error without ever failing the process: with stderr on a full disk, on
/// `/dev/full`, closed, or a pipe whose reader left, a line is dropped and counted instead (Foundation's
/// `FileHandle.write` traps on such errors, which killed `serve` on its first logged request).
public enum StandardError {
    private static let lost = Atomic<Int>(0)

    /// Writes `text` and a newline; a line that cannot be written is counted in ``lostLines``.
    public static func line(_ text: String) {
        write(text + "\n")
    }

    /// Writes `text` as it is (a progress bar's carriage return); what cannot be written is dropped.
    public static func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(STDERR_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                lost.wrappingAdd(1, ordering: .relaxed)
                return
            }
            offset += written
        }
    }

    /// How many lines could not be written.
    public static var lostLines: Int { lost.load(ordering: .relaxed) }
}
