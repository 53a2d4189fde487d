import Synchronization
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// The real terminal: raw mode through termios, the alternate screen, a hidden cursor and SGR mouse
/// reporting on ``enter()``; everything put back on ``leave()`` — which a runner calls on quit, on
/// SIGINT/SIGTERM/SIGHUP and on errors. SIGWINCH is noted so the screen is laid out again.
@MainActor
public final class TerminalSession {
    private var original = termios()
    private var active = false

    /// Signals seen since the last check (set from signal handlers, read by the loop).
    public enum Signals {
        /// SIGINT, SIGTERM or SIGHUP arrived: leave the terminal as it was and stop.
        public static let terminate = Atomic<Bool>(false)
        /// SIGWINCH arrived: the terminal has a new size.
        public static let resized = Atomic<Bool>(false)
    }

    /// Whether standard input and output are both a terminal (a session needs both).
    public static var isAvailable: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Creates a session for the process's terminal; check ``isAvailable`` first.
    public init() {}

    /// Switches to raw mode, the alternate screen, a hidden cursor and mouse reporting.
    public func enter() {
        tcgetattr(STDIN_FILENO, &original)
        var raw = original
        cfmakeraw(&raw)
        // Reads return at once with whatever is there; the loop polls.
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        active = true
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[2J")
        signal(SIGTERM) { _ in Signals.terminate.store(true, ordering: .relaxed) }
        signal(SIGINT) { _ in Signals.terminate.store(true, ordering: .relaxed) }
        signal(SIGHUP) { _ in Signals.terminate.store(true, ordering: .relaxed) }
        signal(SIGWINCH) { _ in Signals.resized.store(true, ordering: .relaxed) }
    }

    /// Puts the terminal back exactly as it was.
    public func leave() {
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
    public var size: (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return (80, 24) }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Whatever bytes the keyboard and mouse sent since the last call (possibly none).
    public func readAvailable() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// Writes text to the terminal.
    public func write(_ text: String) {
        _ = FileDescriptor.writeAll(STDOUT_FILENO, Array(text.utf8))
    }
}
