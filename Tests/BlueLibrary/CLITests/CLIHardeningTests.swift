import BlueLibraryCore
import Foundation
import TestSupport
import Testing

/// The command line under hostile conditions, each defect as it was found: the output or the log cannot be written, the
/// input is a directory or endless, a query is absurd, an argument is not text, a file is a link, a
/// writer was killed, and many processes create one library at once.
struct CLIHardeningTests {
    let home = CLIHome()

    private func shell(_ script: String) async throws -> ProcessResult {
        try await BinaryRunner.shell(script, environment: home.environment)
    }

    @Test func aFullDiskForTheOutputIsAnIOErrorNotSilence() async throws {
        for verb in ["list", "export", "list --json"] {
            let result = try await shell("$BIN/bluelibrary \(verb) > /dev/full")
            #expect(result.status == 74, "\(verb)")
            #expect(
                result.stderr == "bluelibrary: cannot write the output: No space left on device\n", "\(verb)")
        }
    }

    @Test func aFailedWriteToStandardErrorNeverCrashes() async throws {
        // The error line cannot be written (a full disk, a closed descriptor): the status still says why.
        for redirect in ["2> /dev/full", "2>&-"] {
            let result = try await shell("$BIN/bluelibrary show 99 \(redirect); echo \"status $?\"")
            #expect(result.stdout == "status 65\n", "\(redirect)")
        }
        // A pipe whose reader has gone (closed before the program starts): the write fails with EPIPE,
        // the process does not die of it.
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let process = try Subprocess(
            BinaryRunner.productsDirectory + "/bluelibrary", ["show", "99"], environment: home.environment,
            stdout: .null, stderr: .descriptor(ends[1]))
        let status = await TestThreads.run { process.wait() }
        #expect(!process.wasKilledBySignal)
        #expect(status == 65)
    }

    @Test(.timeLimit(.minutes(1))) func serveKeepsAnsweringWhenItsLogCannotBeWritten() async throws {
        _ = try await home.ok("list")
        let server = try await ServerProcess(
            environment: home.environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 }, stderr: "/dev/full")
        for _ in 0..<3 {
            let connection = try RawHTTPConnection(port: server.port)
            connection.send("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(await connection.read(until: "can_delete").hasPrefix("HTTP/1.1 200"))
        }
        #expect(server.isRunning)
        #expect(await server.stop().status == 0)
    }

    @Test func importingADirectoryOrAnEndlessStreamIsOneLine() async throws {
        let directory = try await shell("$BIN/bluelibrary import - < /tmp; echo \"status $?\"")
        #expect(directory.stderr == "bluelibrary: import -: is a directory, not a file\n")
        #expect(directory.stdout == "status 66\n")
        let endless = try await shell(
            "yes '[' | BLUELIBRARY_MAX_INPUT_MB=2 $BIN/bluelibrary import -; echo \"status $?\"")
        #expect(endless.stderr == "bluelibrary: import -: larger than 2 MB; nothing was read\n")
        #expect(endless.stdout == "status 74\n")
        #expect(try await home.ok("stats", "--json").contains("\"albums\":5"))
    }

    @Test func anAbsurdQueryIsBadDataNotAnInternalError() async throws {
        let terms = (0..<1000).map { "t\($0)" }
        let result = try await home.run(["list"] + terms)
        #expect(result.status == 65)
        #expect(result.stderr == "bluelibrary: the query has 1000 terms; at most 100 are allowed\n")
    }

    @Test func anArgumentThatIsNotUTF8IsRefused() async throws {
        let result = try await shell(
            "$BIN/bluelibrary add --title \"$(printf 'Bad \\377')\" --artist X; echo \"status $?\"")
        #expect(result.stderr == "bluelibrary: argument 3 is not valid UTF-8; nothing was changed\n")
        #expect(result.stdout == "status 65\n")
        #expect(try await home.ok("stats", "--json").contains("\"albums\":5"))
    }

    @Test func exportKeepsTheModeOfTheFileItReplacesAndCleansUpAfterAKilledWriter() async throws {
        // (A link at the output is replaced, not written through: CLINoWriteThroughALinkTests.)
        let target = home.directory.file("real.json")
        #expect(FileManager.default.createFile(atPath: target, contents: Data("old".utf8)))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
        // A writer killed earlier left its temporary file behind (a process id that cannot exist).
        let stale = target + ".tmp-4194000"
        #expect(FileManager.default.createFile(atPath: stale, contents: Data("half".utf8)))
        _ = try await home.ok("export", "-o", target)
        let real = try FileManager.default.attributesOfItem(atPath: target)
        #expect((real[.posixPermissions] as? Int) == 0o600, "the file keeps its mode")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("[\n{\"id\":"))
        #expect(!FileManager.default.fileExists(atPath: stale), "the stale temporary is gone")
    }

    @Test func everyChangeIsInTheDatabaseFileWhenACommandEnds() async throws {
        _ = try await home.ok("add", "--title", "Kept", "--artist", "In The File")
        #expect(
            !FileManager.default.fileExists(atPath: home.libraryPath + "-wal"), "the WAL was checkpointed")
        // A copy of library.db alone has the change.
        let copy = home.directory.file("copy.db")
        try FileManager.default.copyItem(atPath: home.libraryPath, toPath: copy)
        #expect(try await home.ok("--library", copy, "list", "kept").contains("In The File - Kept"))
    }

    @Test func backupWritesAConsistentCopyWhileTheLibraryIsInUse() async throws {
        _ = try await home.ok("delete", "0")
        let file = home.directory.file("backup.db")
        #expect(try await home.ok("backup", file) == "Backed up the library to \(file).\n")
        #expect(try await home.ok("--library", file, "list") == (try await home.ok("list")))
        #expect(try await home.ok("--library", file, "undo").hasPrefix("Undid delete \"Best of Bowie\""))
        let refused = try await home.run(["backup", "/nonexistent/dir/backup.db"])
        #expect(refused.status == 74)
    }

    @Test(.timeLimit(.minutes(2))) func manyProcessesCreatingOneLibraryAllSucceed() async throws {
        // 8 processes starting on a missing library; each adds one album.
        for round in 0..<5 {
            let library = home.directory.file("race-\(round).db")
            let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
                for process in 0..<8 {
                    group.addTask {
                        try await home.run([
                            "--library", library, "add", "--title", "P\(process)", "--artist", "Race",
                        ])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for result in results { #expect(result.status == 0, "round \(round): \(result.stderr)") }
            #expect(try await home.ok("--library", library, "stats", "--json").contains("\"albums\":13"))
        }
    }
}
