import Synchronization

/// Where an example system writes what happens, one line at a time.
///
/// Every demo takes its console as a parameter instead of calling `print`, so the `patterns`
/// runner can send the lines to standard output and the tests can read them back exactly.
public protocol Console: Sendable {
    /// Writes one line (without its newline).
    func print(_ line: String)
}

/// A console that writes each line to standard output.
public struct StandardOutputConsole: Console {
    /// Creates a console over the process's standard output.
    public init() {}

    /// Writes `line` and a newline to standard output.
    public func print(_ line: String) {
        Swift.print(line)
    }
}

/// A console that keeps every line in memory, in order: the tests' twin of standard output.
public final class RecordingConsole: Console {
    private let recorded = Mutex<[String]>([])

    /// Creates an empty recording.
    public init() {}

    /// Every line written so far, oldest first.
    public var lines: [String] {
        recorded.withLock { $0 }
    }

    /// Appends `line` to the recording.
    public func print(_ line: String) {
        recorded.withLock { $0.append(line) }
    }
}
