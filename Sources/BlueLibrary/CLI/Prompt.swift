import BlueLibraryConcurrency

#if canImport(Glibc)
    import Glibc
#endif

/// Questions for the person at the terminal: only when standard input and output are one, read on a
/// thread of the blocking pool (a person takes their time).
enum Prompt {
    /// Whether a person can answer: standard input and output are a terminal.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Prints `question` and returns the answer line, trimmed and lowercased (`nil` at end of input).
    static func ask(_ question: String, on output: Output) async -> String? {
        output.append { $0.append(contentsOf: question.utf8) }
        output.flush()
        return await BlockingPool.shared.run { readLine()?.trimmed.lowercased() }
    }

    /// Asks a yes-or-no question whose default is no.
    static func confirm(_ question: String, on output: Output) async -> Bool {
        let answer = await ask(question + " [y/N] ", on: output)
        return answer == "y" || answer == "yes"
    }
}
