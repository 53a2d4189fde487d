import BlueLibraryServices

#if canImport(Glibc)
    import Glibc
#endif

/// The command line's standard output (buffered), standard error and environment, as every verb sees
/// them.
struct Console: Sendable {
    /// Standard output, buffered.
    let out: Output
    /// The process's environment variables.
    let environment: [String: String]

    /// Prints `bluelibrary: MESSAGE` on standard error.
    func error(_ message: String) {
        StandardError.line("bluelibrary: \(message)")
    }

    /// Whether output goes to a terminal that wants colour (`NO_COLOR` turns it off).
    var usesColour: Bool {
        isatty(STDOUT_FILENO) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Whether standard error is a terminal (progress bars draw there).
    var showsProgress: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether `BLUELIBRARY_OFFLINE` keeps this run to the cache, local files and generated artwork.
    var isOffline: Bool {
        environment["BLUELIBRARY_OFFLINE"].map { !$0.isEmpty && $0 != "0" } ?? false
    }
}
