import BlueLibraryCore
import BlueLibraryServices
import BlueLibraryTestSupport
import Foundation
import Testing

/// Online mode with two real processes on 127.0.0.1: a local library mirrors its changes to a
/// `bluelibrary serve` of another library, including while that server is down.
struct CLISyncTests {
    let local = CLIHome()
    let remote = CLIHome()

    /// A running `bluelibrary serve` for the remote library.
    final class Server {
        let process = Process()
        let url: String

        init(home: CLIHome, port: Int) throws {
            process.executableURL = URL(fileURLWithPath: BinaryRunner.productsDirectory + "/bluelibrary")
            process.arguments = ["serve", "--port", String(port)]
            process.environment = home.environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var line = ""
            while !line.contains("\n"), let byte = try output.fileHandleForReading.read(upToCount: 1)?.first {
                line.append(Character(Unicode.Scalar(byte)))
            }
            guard let start = line.range(of: "http://"), let end = line.range(of: "/ (") else {
                throw CocoaError(.fileReadCorruptFile)
            }
            url = String(line[start.lowerBound..<end.lowerBound])
        }

        var port: Int { Int(url.split(separator: ":").last ?? "") ?? 0 }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }

        deinit { if process.isRunning { stop() } }
    }

    private func titles(_ home: CLIHome) async throws -> [String] {
        let library = LibraryAPI(path: home.libraryPath)
        let titles = try await library.albums().map(\.title)
        await library.close()
        return titles
    }

    @Test(.timeLimit(.minutes(2))) func changesAreMirroredAndWaitWhileTheRemoteIsDown() async throws {
        _ = try remote.ok("list")
        _ = try local.ok("list")
        var server = try Server(home: remote, port: 0)
        let url = server.url

        // Add, delete and undo are mirrored by id.
        let added = try local.run([
            "--remote", url, "add", "--title", "Heroes", "--artist", "David Bowie", "--at", "1",
        ])
        #expect(added.status == 0)
        #expect(added.stderr.isEmpty)
        #expect(try await titles(remote) == (try await titles(local)))
        #expect(try local.run(["--remote", url, "delete", "0"]).stderr.isEmpty)
        #expect(try await !titles(remote).contains("Best of Bowie"))
        #expect(try local.run(["--remote", url, "undo"]).stderr.isEmpty)
        #expect(try await titles(remote) == (try await titles(local)))

        // The remote goes down: the local change stands and waits.
        server.stop()
        let offline = try local.run(["--remote", url, "delete", "1"])
        #expect(offline.status == 0)
        #expect(offline.stderr.hasPrefix("bluelibrary: 1 change not yet sent to \(url) ("))
        #expect(offline.stderr.hasSuffix("); kept for the next run\n"))
        #expect(try await !titles(local).contains("Heroes"))
        #expect(try await titles(remote).contains("Heroes"))
        let refused = try local.run(["--remote", url, "sync"])
        #expect(refused.status == 69)

        // It comes back on the same address: the waiting change is sent once, and only once.
        server = try Server(home: remote, port: server.port)
        #expect(try local.run(["--remote", url, "sync"]).stdout == "Sent 1 change to \(url).\n")
        #expect(try local.run(["--remote", url, "sync"]).stdout == "Sent 0 changes to \(url).\n")
        #expect(try await titles(remote) == (try await titles(local)))
        #expect(try await titles(remote).count == 5)
        server.stop()
    }

    @Test func aBadRemoteIsAUsageError() async throws {
        let result = try local.run(["--remote", "ftp://x", "list"])
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "bluelibrary: invalid --remote 'ftp://x': use the http:// URL of a BlueLibrary server\n")
        #expect(try local.run(["sync"]).stderr == "bluelibrary: 'sync' needs --remote URL\n")
    }
}
