import BlueLibraryCore
import BlueLibraryServices
import Foundation
import TestSupport
import Testing

/// Online mode with two real processes on 127.0.0.1: a local library mirrors its changes to a
/// `bluelibrary serve` of another library, including while that server is down.
struct CLISyncTests {
    let local = CLIHome()
    let remote = CLIHome()

    /// A `bluelibrary serve` of the remote library.
    private func serve(port: Int = 0) async throws -> ServerProcess {
        try await ServerProcess(
            arguments: ["--port", String(port)],
            environment: remote.environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 })
    }

    private func titles(_ home: CLIHome) async throws -> [String] {
        let library = LibraryAPI(path: home.libraryPath)
        let titles = try await library.albums().map(\.title)
        await library.close()
        return titles
    }

    @Test(.timeLimit(.minutes(2))) func changesAreMirroredAndWaitWhileTheRemoteIsDown() async throws {
        _ = try await remote.ok("list")
        _ = try await local.ok("list")
        var server = try await serve()
        let url = server.url

        // Add, delete and undo are mirrored by id.
        let added = try await local.run([
            "--remote", url, "add", "--title", "Heroes", "--artist", "David Bowie", "--at", "1",
        ])
        #expect(added.status == 0)
        #expect(added.stderr.isEmpty)
        #expect(try await titles(remote) == (try await titles(local)))
        #expect(try await local.run(["--remote", url, "delete", "0"]).stderr.isEmpty)
        #expect(try await !titles(remote).contains("Best of Bowie"))
        #expect(try await local.run(["--remote", url, "undo"]).stderr.isEmpty)
        #expect(try await titles(remote) == (try await titles(local)))

        // The remote goes down: the local change stands and waits.
        await server.stop()
        let offline = try await local.run(["--remote", url, "delete", "1"])
        #expect(offline.status == 0)
        #expect(offline.stderr.hasPrefix("bluelibrary: 1 change not yet sent to \(url) ("))
        #expect(offline.stderr.hasSuffix("); kept for the next run\n"))
        #expect(try await !titles(local).contains("Heroes"))
        #expect(try await titles(remote).contains("Heroes"))
        let refused = try await local.run(["--remote", url, "sync"])
        #expect(refused.status == 69)

        // It comes back on the same address: the waiting change is sent once, and only once.
        server = try await serve(port: server.port)
        #expect(try await local.run(["--remote", url, "sync"]).stdout == "Sent 1 change to \(url).\n")
        #expect(try await local.run(["--remote", url, "sync"]).stdout == "Sent 0 changes to \(url).\n")
        #expect(try await titles(remote) == (try await titles(local)))
        #expect(try await titles(remote).count == 5)
        await server.stop()
    }

    @Test func aBadRemoteIsAUsageError() async throws {
        let result = try await local.run(["--remote", "ftp://x", "list"])
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "bluelibrary: invalid --remote 'ftp://x': use the http:// URL of a BlueLibrary server\n")
        #expect(try await local.run(["sync"]).stderr == "bluelibrary: 'sync' needs --remote URL\n")
    }
}
