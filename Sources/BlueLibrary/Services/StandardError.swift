import BlueLibraryCore
import Synchronization
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Writes to standard error without ever failing the process: with stderr on a full disk, on
/// `/dev/full`, closed, or a pipe whose reader left, a line is dropped and counted instead (Foundation's
/// `FileHandle.write` traps on such errors, which killed `serve` on its first logged request).
package enum StandardError {
    private static let lost = Atomic<Int>(0)

    /// Writes `text` and a newline; a line that cannot be written is counted in ``lostLines``. Control
    /// characters in `text` are written escaped (``Swift/String/escapingControlCharacters``): a line
    /// names files, tags and request paths, which must reach a terminal as text, never as commands.
    package static func line(_ text: String) {
        write(text.escapingControlCharacters + "\n")
    }

    /// Writes `text` as it is (a progress bar's carriage return); what cannot be written is dropped.
    package static func write(_ text: String) {
        if FileDescriptor.writeAll(STDERR_FILENO, Array(text.utf8)) != nil {
            lost.wrappingAdd(1, ordering: .relaxed)
        }
    }

    /// How many lines could not be written.
    package static var lostLines: Int { lost.load(ordering: .relaxed) }
}
