import BlueLibraryCore
import BlueLibraryTestSupport
import Foundation
import Testing

/// `bluelibrary serve` as a real process: it prints its URL, serves, follows changes made by other
/// processes, and stops cleanly on SIGTERM.
struct CLIServeTests {
    let home = CLIHome()

    @Test(.timeLimit(.minutes(1))) func serveFollowsOtherProcessesAndStopsOnSIGTERM() async throws {
        _ = try home.ok("list")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryRunner.productsDirectory + "/bluelibrary")
        process.arguments = ["serve", "--port", "0"]
        process.environment = home.environment.merging(["BLUELIBRARY_OFFLINE": "1", "PATH": "/usr/bin:/bin"])
        { $1 }
        let output = Pipe()
        let errors = home.directory.file("serve.log")
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var line = ""
        while !line.contains("\n"), let byte = try output.fileHandleForReading.read(upToCount: 1)?.first {
            line.append(Character(Unicode.Scalar(byte)))
        }
        #expect(line.hasPrefix("Serving BlueLibrary at http://127.0.0.1:"))
        let port = try #require(Int(line.split(separator: ":").last?.prefix { $0.isNumber } ?? ""))

        let events = try RawHTTPConnection(port: port)
        events.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(await events.read(until: "retry:").contains("200"))
        // Another process changes the library: the open page hears of it.
        _ = try home.ok("delete", "0")
        #expect(await events.read(until: "\"kind\":\"external\"").contains("\"count\":4"))

        process.terminate()  // SIGTERM
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(rest == "Stopped.\n")
        let log = String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self)
        #expect(log.contains("GET /events 200 "))
        // The database was closed cleanly: SQLite folded its write-ahead log back into the file.
        #expect(!FileManager.default.fileExists(atPath: home.libraryPath + "-wal"))
    }

    /// libmicrohttpd is loaded by `serve` alone: without it, `serve` says so in one line, exit 69.
    @Test func serveWithoutLibmicrohttpdSaysSoInOneLine() throws {
        // An address of no machine (TEST-NET-1): a server that did not need the library would fail to
        // bind instead of serving for ever.
        let result = try home.run(
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

    /// Commands other than `serve` never load libmicrohttpd: the dynamic loader's own account of what
    /// it loads says so.
    @Test func listDoesNotLoadLibmicrohttpd() throws {
        _ = try home.ok("list")
        let result = try home.run(["list"], environment: ["LD_DEBUG": "libs"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("libsqlite3.so"), "the loader's trace is there to read")
        #expect(!result.stderr.contains("libmicrohttpd"))
    }

    @Test func aBadPortIsAUsageError() throws {
        let result = try home.run(["serve", "--port", "99999"])
        #expect(result.status == 64)
        #expect(result.stderr == "bluelibrary: invalid --port '99999': use a number from 0 to 65535\n")
    }
}
