import BlueLibraryConcurrency
import BlueLibraryCore

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a password: on a terminal, asked twice with the echo off; otherwise one line of standard input
/// (a script pipes it in). Never an argument, which `ps` shows to every user of the machine.
enum SecretPrompt {
    /// A new password for `user`.
    /// - Throws: `usage` when the two typed passwords differ or standard input is empty.
    static func newPassword(for user: String, on output: Output) async throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            guard let line = await BlockingPool.shared.run({ readLine(strippingNewline: true) }) else {
                throw LibraryError(.usage, "no password on standard input (give it as one line)")
            }
            return line.hasSuffix("\r") ? String(line.dropLast()) : line
        }
        let first = try await hidden("Password for \(user): ", on: output)
        let second = try await hidden("Again: ", on: output)
        guard first == second else {
            throw LibraryError(.usage, "the two passwords differ; nothing was changed")
        }
        return first
    }

    /// Asks `question` and reads a line with the terminal's echo off (restored afterwards, whatever
    /// happens).
    private static func hidden(_ question: String, on output: Output) async throws -> String {
        output.append { $0.append(contentsOf: question.utf8) }
        output.flush()
        let line = await BlockingPool.shared.run { () -> String? in
            var saved = termios()
            let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
            if canHide {
                var quiet = saved
                quiet.c_lflag &= ~tcflag_t(ECHO)
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
            }
            defer { if canHide { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) } }
            return readLine(strippingNewline: true)
        }
        output.line()
        output.flush()
        guard let line else { throw LibraryError(.usage, "no password was typed") }
        return line
    }
}
