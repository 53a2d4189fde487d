import BlueLibraryCore
import BlueLibraryServices
import Foundation
import TestSupport
import Testing

/// A temporary BlueLibrary home and a way to run the built `bluelibrary` in it.
final class CLIHome: Sendable {
    let directory = TemporaryDirectory("cli")
    var libraryPath: String { directory.file("home/library.db") }
    var environment: [String: String] {
        [
            "BLUELIBRARY_HOME": directory.file("home"), "HOME": directory.path,
            // Nothing reaches MusicBrainz: lookups, unless a test serves a stand-in, are refused locally.
            "BLUELIBRARY_MUSICBRAINZ_URL": "http://127.0.0.1:9",
            "BLUELIBRARY_COVERART_URL": "http://127.0.0.1:9",
            // Processes on one library (a server and a command, eight racing to create it) wait for each
            // other's locks: on a busy machine a holder can keep one longer than the 5 s default, and a
            // test that means to see a lock given up on sets its own timeout.
            "BLUELIBRARY_BUSY_TIMEOUT_MS": "600000",
        ]
    }

    @discardableResult
    func run(_ arguments: [String], environment extra: [String: String] = [:], stdin: String? = nil)
        async throws -> ProcessResult
    {
        try await BinaryRunner.run(
            "bluelibrary", arguments, environment: environment.merging(extra) { $1 }, stdin: stdin)
    }

    /// Runs a command that must succeed and returns its standard output.
    func ok(_ arguments: String..., stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> String
    {
        let result = try await run(arguments, stdin: stdin)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Runs `bluelibrary ARGUMENTS` on a pseudo-terminal, as a person at a terminal would (script(1)
    /// gives it one), and returns everything it wrote there.
    func onTerminal(_ arguments: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> String
    {
        let binary = BinaryRunner.productsDirectory + "/bluelibrary"
        let environment = environment.merging(["PATH": "/usr/bin:/bin", "TERM": "xterm"]) { $1 }
        let result = try await TestThreads.run {
            try Subprocess.run(
                "/usr/bin/script", ["-qec", "\(binary) \(arguments)", "/dev/null"], environment: environment)
        }
        #expect(result.status == 0, "\(arguments): \(result.stdout)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Everything a bad command must leave unchanged: the albums, the saved state, the history.
    func fingerprint() async throws -> String {
        let library = LibraryAPI(path: libraryPath)
        let albums = try await library.albums().map { "\($0.id) \($0.description)" }.joined(separator: "\n")
        let state = try await library.state()
        await library.close()
        return albums + "\n\(state)"
    }
}
