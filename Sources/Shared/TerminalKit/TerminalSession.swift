import Synchronization
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// The real terminal: raw mode through termios, the alternate screen, a hidden cursor and SGR mouse
/// reporting on ``enter()``; everything put back on ``leave()`` — which a runner calls on quit, on
/// SIGINT/SIGTERM/SIGHUP and on errors. SIGWINCH is noted so the screen is laid out again. Each of these
/// signals also wakes the ``TerminalRunLoop`` that is running, if any.
@MainActor
package final class TerminalSession {
    private var original = termios()
    private var active = false

    /// Signals seen since the last check (set from signal handlers, read by the loop).
    package enum Signals {
        /// SIGINT, SIGTERM or SIGHUP arrived: leave the terminal as it was and stop.
        package static let terminate = Atomic<Bool>(false)
        /// SIGWINCH arrived: the terminal has a new size.
        package static let resized = Atomic<Bool>(false)
        /// The write end of the running loop's wake-up pipe, or -1: a handler writes a byte there so
        /// the loop's `poll` returns at once.
        static let waker = Atomic<Int32>(-1)

        /// Sets `flag` and wakes the loop; only async-signal-safe calls.
        static func note(_ flag: borrowing Atomic<Bool>) {
            flag.store(true, ordering: .relaxed)
            let descriptor = waker.load(ordering: .relaxed)
            if descriptor >= 0 { TerminalWaker(descriptor: descriptor).wake() }
        }
    }

    /// Whether standard input and output are both a terminal (a session needs both).
    package static var isAvailable: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Creates a session for the process's terminal; check ``isAvailable`` first.
    package init() {}

    /// Switches to raw mode, the alternate screen, a hidden cursor and mouse reporting.
    package func enter() {
        tcgetattr(STDIN_FILENO, &original)
        var raw = original
        cfmakeraw(&raw)
        // Reads return at once with whatever is there: the loop reads only after poll(2) said there is
        // something, and a read must never block it.
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        active = true
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[2J")
        signal(SIGTERM) { _ in Signals.note(Signals.terminate) }
        signal(SIGINT) { _ in Signals.note(Signals.terminate) }
        signal(SIGHUP) { _ in Signals.note(Signals.terminate) }
        signal(SIGWINCH) { _ in Signals.note(Signals.resized) }
    }

    /// Puts the terminal back exactly as it was.
    package func leave() {
        guard active else { return }
        active = false
        write("\u{1B}[0m\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        signal(SIGTERM, SIG_DFL)
        signal(SIGINT, SIG_DFL)
        signal(SIGHUP, SIG_DFL)
        signal(SIGWINCH, SIG_DFL)
    }

    /// The terminal's size in columns and rows.
    package var size: (width: Int, height: Int) { Self.size(of: STDOUT_FILENO) }

    /// The size of the terminal on `descriptor`; 80 × 24 when it is not a terminal.
    package nonisolated static func size(of descriptor: Int32) -> (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return (80, 24) }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Writes text to the terminal.
    package func write(_ text: String) {
        _ = FileDescriptor.writeAll(STDOUT_FILENO, Array(text.utf8))
    }
}
