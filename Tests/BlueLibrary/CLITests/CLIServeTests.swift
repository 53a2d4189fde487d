import BlueLibraryCore
import Foundation
import TestSupport
import Testing

/// `bluelibrary serve` as a real process: it prints its URL, serves, follows changes made by other
/// processes, and stops cleanly on SIGTERM.
struct CLIServeTests {
    let home = CLIHome()

    @Test(.timeLimit(.minutes(1))) func serveFollowsOtherProcessesAndStopsOnSIGTERM() async throws {
        _ = try await home.ok("list")
        let errors = home.directory.file("serve.log")
        let server = try await ServerProcess(
            environment: home.environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 }, stderr: errors)
        #expect(server.url.hasPrefix("http://127.0.0.1:"))
        let port = server.port

        let events = try RawHTTPConnection(port: port)
        events.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(await events.read(until: "retry:").contains("200"))
        // Another process changes the library: the open page hears of it.
        _ = try await home.ok("delete", "0")
        #expect(await events.read(until: "\"kind\":\"external\"").contains("\"count\":4"))

        let (status, rest) = await server.stop()  // SIGTERM
        #expect(status == 0)
        #expect(rest == "Stopped.\n")
        let log = String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self)
        #expect(log.contains("GET /events 200 "))
        // The database was closed cleanly: SQLite folded its write-ahead log back into the file.
        #expect(!FileManager.default.fileExists(atPath: home.libraryPath + "-wal"))
    }

    /// libmicrohttpd is loaded by `serve` alone: without it, `serve` says so in one line, exit 69.
    @Test func serveWithoutLibmicrohttpdSaysSoInOneLine() async throws {
        // An address of no machine (TEST-NET-1): a server that did not need the library would fail to
        // bind instead of serving for ever.
        let result = try await home.run(
            ["serve", "--host", "192.0.2.1", "--port", "0"],
            environment: [
                "BLUELIBRARY_MICROHTTPD_LIBRARY": "libmicrohttpd-absent.so.0", "BLUELIBRARY_OFFLINE": "1",
            ])
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix("bluelibrary: cannot load GNU libmicrohttpd (libmicrohttpd-absent.so.0"))
        #expect(result.stderr.hasSuffix("install libmicrohttpd12\n"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func aBadPortIsAUsageError() async throws {
        let result = try await home.run(["serve", "--port", "99999"])
        #expect(result.status == 64)
        #expect(result.stderr == "bluelibrary: invalid --port '99999': use a number from 0 to 65535\n")
    }

    @Test func badTranscodingSettingsAreUsageErrors() async throws {
        for (arguments, message) in [
            (
                ["--transcode-cache", "lots"],
                "invalid --transcode-cache 'lots': use a size such as 512M or 2G (0 keeps none)"
            ),
            (
                ["--transcode-cache", "-1M"],
                "invalid --transcode-cache '-1M': use a size such as 512M or 2G (0 keeps none)"
            ),
            (
                ["--transcode-cache", "2P"],
                "invalid --transcode-cache '2P': use a size such as 512M or 2G (0 keeps none)"
            ),
            (["--transcoders", "0"], "invalid --transcoders '0': use a number from 1 to 256"),
        ] {
            let result = try await home.run(["serve"] + arguments)
            #expect(result.status == 64)
            #expect(result.stderr == "bluelibrary: \(message)\n")
        }
    }
}
