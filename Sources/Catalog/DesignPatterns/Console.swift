import Synchronization

/// Where an example system writes what happens, one line at a time.
///
/// Every demo takes its console as a parameter instead of calling `print`, so the `patterns`
/// runner can send the lines to standard output and the tests can read them back exactly.
package protocol Console: Sendable {
    /// Writes one line (without its newline).
    func print(_ line: String)
}

/// A console that writes each line to standard output.
package struct StandardOutputConsole: Console {
    /// Creates a console over the process's standard output.
    package init() {}

    /// Writes `line` and a newline to standard output.
    package func print(_ line: String) {
        Swift.print(line)
    }
}

/// A console that keeps every line in memory, in order: the tests' twin of standard output.
package final class RecordingConsole: Console {
    private let recorded = Mutex<[String]>([])

    /// Creates an empty recording.
    package init() {}

    /// Every line written so far, oldest first.
    package var lines: [String] {
        recorded.withLock { $0 }
    }

    /// Appends `line` to the recording.
    package func print(_ line: String) {
        recorded.withLock { $0.append(line) }
    }
}
