import Foundation

/// What a run of a built executable produced.
package struct ProcessResult: Sendable {
    /// Everything written to standard output.
    package var stdout: String
    /// Everything written to standard error.
    package var stderr: String
    /// The exit status.
    package var status: Int32
}

/// Runs the package's built executables (`bluelibrary`, `patterns`) for end-to-end tests.
///
/// The binaries are found beside the test bundle (`swift test` builds every product into the same
/// directory), or at `$BLUELIBRARY_BIN_DIR` when set.
package enum BinaryRunner {
    /// The directory holding the built products.
    package static var productsDirectory: String {
        if let explicit = ProcessInfo.processInfo.environment["BLUELIBRARY_BIN_DIR"] { return explicit }
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // On macOS the test bundle is a directory: step out of `X.xctest/Contents/MacOS`.
        while directory.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
            directory.deleteLastPathComponent()
        }
        return directory.path
    }

    /// Runs `name` with `arguments`, an environment and optional standard input, and waits for it —
    /// on a test thread, so the test's own in-process work (a server, a store) keeps its threads.
    package static func run(
        _ name: String, _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil
    ) async throws -> ProcessResult {
        let executable = URL(fileURLWithPath: productsDirectory).appendingPathComponent(name)
        return try await TestThreads.run {
            try runBlocking(executable, arguments, environment: environment, stdin: stdin)
        }
    }

    /// Runs a shell script (`/bin/sh -c`) with `$BIN` naming the products directory: for what a
    /// `Process` cannot say directly — standard output on `/dev/full`, standard error closed, an argument
    /// that is not UTF-8, standard input from a directory.
    package static func shell(_ script: String, environment: [String: String] = [:]) async throws
        -> ProcessResult
    {
        let environment = environment.merging(["BIN": productsDirectory]) { $1 }
        return try await TestThreads.run {
            try runBlocking(
                URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: environment, stdin: nil)
        }
    }

    private static func runBlocking(
        _ executable: URL, _ arguments: [String], environment: [String: String], stdin: String?
    ) throws -> ProcessResult {
        var env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        env.merge(environment) { $1 }
        return try Subprocess.run(
            executable.path, arguments, environment: env, stdin: Array((stdin ?? "").utf8))
    }
}
