import BlueLibraryCovers
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `backup FILE` replaces only what it may: a new path or a regular file that is not the library. Run
/// as root here and in CI, where no permission stops a write to a device.
struct CLIBackupTargetTests {
    let home = CLIHome()

    private func expectRefused(
        _ target: String, because reason: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let result = try await home.run(["backup", target])
        #expect(result.status == 74, sourceLocation: sourceLocation)
        #expect(
            result.stderr == "bluelibrary: cannot write the backup \(target): \(reason)\n",
            sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func aDeviceIsLeftAlone() async throws {
        for device in ["/dev/null", "/dev/full"] {
            var before = stat()
            #expect(lstat(device, &before) == 0)
            try await expectRefused(
                device,
                because: "it is a character device; give a new file's path or a regular file to replace")
            var after = stat()
            #expect(lstat(device, &after) == 0)
            #expect(after.st_mode & S_IFMT == S_IFCHR, "\(device) is still a device")
            #expect(after.st_rdev == before.st_rdev && after.st_ino == before.st_ino)
        }
    }

    @Test func aFIFOAFolderASocketAndALinkAreRefused() async throws {
        let fifo = home.directory.file("fifo.db")
        #expect(mkfifo(fifo, 0o600) == 0)
        try await expectRefused(
            fifo, because: "it is a FIFO; give a new file's path or a regular file to replace")
        #expect(FileManager.default.fileExists(atPath: fifo))
        try await expectRefused(
            home.directory.path,
            because: "it is a folder; give a new file's path or a regular file to replace")
        let socketPath = home.directory.file("socket.db")
        let bound = try await BinaryRunner.shell(
            "/usr/bin/python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind(\"\(socketPath)\")'",
            environment: [:])
        #expect(bound.status == 0)
        try await expectRefused(
            socketPath, because: "it is a socket; give a new file's path or a regular file to replace")
        let sentinel = Sentinel(in: home.directory)
        let link = try sentinel.link(at: home.directory.file("link.db"))
        try await expectRefused(
            link, because: "it is a symbolic link; give a new file's path or a regular file to replace")
        #expect(sentinel.isUntouched)
        // A regular file is replaced, as before.
        let old = home.directory.write("old.db", "old")
        #expect(try await home.ok("backup", old) == "Backed up the library to \(old).\n")
        #expect(try await home.ok("--library", old, "stats", "--json").contains("\"albums\":5"))
    }

    @Test(.timeLimit(.minutes(1))) func theLiveLibraryIsNotItsOwnBackup() async throws {
        _ = try await home.ok("list")
        let server = try await ServerProcess(
            environment: home.environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 })
        // An acknowledged write through the server, then a backup onto the file it is in.
        let connection = try RawHTTPConnection(port: server.port)
        let body = #"{"title": "Acknowledged", "artist": "Server"}"#
        connection.send(
            "POST /api/albums HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        #expect(await connection.read(until: "}").hasPrefix("HTTP/1.1 201"))
        let spellings = [
            home.libraryPath, home.libraryPath + "-wal", home.libraryPath + "-shm",
            home.directory.file("home/../home/library.db"),
        ]
        for target in spellings {
            try await expectRefused(
                target, because: "it is the library itself (or a file SQLite keeps beside it)")
        }
        #expect(await server.stop().status == 0)
        #expect(try await home.ok("list", "acknowledged").contains("Server - Acknowledged"))
    }
}

/// A FIFO where a cover should be is refused at once: opening one for reading waits for a writer.
struct CLIFIFOCoverTests {
    let home = CLIHome()

    @Test(.timeLimit(.minutes(1))) func showingAFIFOAsACoverDoesNotWait() async throws {
        let fifo = home.directory.file("cover.png")
        #expect(mkfifo(fifo, 0o600) == 0)
        _ = try await home.ok("add", "--title", "Piped", "--artist", "Plumber", "--cover", fifo)
        let result = try await home.run(
            ["covers", "show", "5", "--width", "4"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        #expect(
            result.stderr == "bluelibrary: showing generated artwork: \(fifo): a FIFO, not a regular file\n")
    }
}

/// No file is written through a symbolic link someone else planted (run as root): a link to a sentinel
/// at each path a command writes leaves the sentinel as it was.
struct CLINoWriteThroughALinkTests {
    let home = CLIHome()

    @Test func exportRefusesALinkAtItsOutputAndWritesNothingThroughIt() async throws {
        let sentinel = Sentinel(in: home.directory)
        let link = try sentinel.link(at: home.directory.file("albums.json"))
        let result = try await home.run(["export", "-o", link])
        #expect(result.status == 74)
        #expect(
            result.stderr
                == "bluelibrary: cannot write \(link): it is a symbolic link; give a new file's path or a regular file to replace\n"
        )
        #expect(sentinel.isUntouched)
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    }

    @Test func aLinkAtTheLibraryOrAFileBesideItIsRefused() async throws {
        let sentinel = Sentinel(in: home.directory)
        let library = try sentinel.link(at: home.directory.file("linked.db"))
        let refused = try await home.run(["--library", library, "add", "--title", "T", "--artist", "A"])
        #expect(refused.status == 74)
        #expect(
            refused.stderr
                == "bluelibrary: cannot open library \(library): \(library) is a symbolic link, and the library's files are never opened through one\n"
        )
        #expect(sentinel.isUntouched)
        _ = try await home.ok("list")
        for suffix in ["-wal", "-shm", "-journal"] {
            let link = try sentinel.link(at: home.libraryPath + suffix)
            let result = try await home.run(["add", "--title", "T", "--artist", "A"])
            #expect(result.status == 74, "\(suffix)")
            #expect(result.stderr.contains("\(link) is a symbolic link"), "\(suffix): \(result.stderr)")
            #expect(sentinel.isUntouched, "\(suffix)")
            try FileManager.default.removeItem(atPath: link)
        }
        #expect(try await home.ok("stats", "--json").contains("\"albums\":5"))
    }

    @Test func aLinkInTheCoverCacheIsReplacedNotWrittenThrough() async throws {
        let server = try FixtureHTTPServer { _ in
            .response(status: 200, headers: ["Content-Type": "image/png"], body: CLICoversTests.png)
        }
        let url = "\(server.baseURL)/cover.png"
        for _ in 0..<5 { _ = try await home.run(["delete", "0"]) }
        _ = try await home.ok("add", "--title", "Linked", "--artist", "Cache", "--cover", url)
        let sentinel = Sentinel(in: home.directory)
        let cached = home.directory.file("home/covers/" + (try SHA256.hex(url)))
        try sentinel.link(at: cached)
        #expect(try await home.ok("covers", "fetch", "--no-lookup").hasPrefix("fetched   Linked"))
        #expect(sentinel.isUntouched)
        let attributes = try FileManager.default.attributesOfItem(atPath: cached)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try await home.ok("covers", "fetch", "--no-lookup").hasPrefix("cached    Linked"))
        #expect(sentinel.isUntouched)
    }
}

/// Every command that writes a file the user names goes through one check: never the library, the files
/// SQLite keeps beside it or the key of its passwords (they would be replaced under a running server,
/// or every user locked out), and what a killed write left beside its target is cleared by the next.
struct CLIOutputTargetTests {
    let home = CLIHome()

    @Test func noCommandWritesOverTheLibraryOrItsKey() async throws {
        _ = try await home.ok("user", "add", "ann", stdin: "pass 1\n")
        let key = home.libraryPath + ".key"
        let keyBytes = try Data(contentsOf: URL(fileURLWithPath: key))
        let libraryFiles = [home.libraryPath, home.libraryPath + "-wal", home.libraryPath + "-shm"]
        for target in libraryFiles + [key] {
            let what =
                target == key
                ? "the key that seals the library's passwords"
                : "the library itself (or a file SQLite keeps beside it)"
            for (command, prefix) in [
                (["export", "-o", target], ""), (["export", "--format", "csv", "-o", target], ""),
                (["backup", target], "the backup "), (["migrate", "--to", target], "the library "),
            ] {
                let result = try await home.run(command)
                #expect(result.status == 74, "\(command)")
                #expect(
                    result.stderr == "bluelibrary: cannot write \(prefix)\(target): it is \(what)\n",
                    "\(command)")
                #expect(result.stdout.isEmpty, "\(command)")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: key)) == keyBytes)
        #expect(try await home.ok("stats", "--json").contains("\"albums\":5"))
        #expect(try await home.ok("user", "list").contains("ann"))
    }

    @Test func whatAKilledMigrateOrBackupLeftIsClearedByTheNext() async throws {
        _ = try await home.ok("list")
        // A process that has ended: its pid names no one now.
        let ended = try await BinaryRunner.shell("echo $$", environment: [:])
        let pid = ended.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        for (command, target) in [("migrate", "copy.db"), ("backup", "backup.db")] {
            let path = home.directory.file(target)
            let left = ["", "-wal", "-shm"].map {
                home.directory.write("\(target).tmp-\(pid)-42\($0)", "left")
            }
            let arguments = command == "migrate" ? ["migrate", "--to", path] : ["backup", path]
            let result = try await home.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            for file in left { #expect(!FileManager.default.fileExists(atPath: file), "\(file)") }
            #expect(try await home.ok("--library", path, "stats", "--json").contains("\"albums\":5"))
        }
    }
}

/// `migrate` while a `serve` writes the library: the copy is the library as it stood at one moment, and
/// no write the server acknowledged while the copy was being made is missing from it — the server's
/// writes wait for the copy (or are refused as locked), never answered and then left out.
struct CLIMigrateWhileServingTests {
    let home = CLIHome()

    private struct Write {
        var title: String
        var sent: ContinuousClock.Instant
        var answered: ContinuousClock.Instant
        var status: Int?
    }

    @Test(.timeLimit(.minutes(5))) func writesAcknowledgedDuringTheCopyAreInIt() async throws {
        // A library large enough that copying it takes a while (many writes' time).
        let albums = (0..<20_000).map { #"{"title": "Album \#($0)", "artist": "Artist \#($0 % 97)"}"# }
        let file = home.directory.write("albums.json", "[" + albums.joined(separator: ",") + "]")
        _ = try await home.ok("import", file)
        let server = try await ServerProcess(
            environment: home.environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 },
            stderr: home.directory.file("serve.log"))
        let port = server.port
        let done = Mutex(false)
        // One writer, one write at a time: what it sent and when each was answered.
        let writer = Task {
            var writes: [Write] = []
            while !done.withLock({ $0 }) {
                let title = "Live \(writes.count)"
                let sent = ContinuousClock.now
                let reply = try await LoopbackHTTP.request(
                    port: port, "POST", "/api/albums", body: #"{"title": "\#(title)", "artist": "Writer"}"#)
                writes.append(Write(title: title, sent: sent, answered: .now, status: reply?.status))
            }
            return writes
        }
        // The writer is under way before the copy starts.
        try await Task.sleep(for: .milliseconds(500))
        let copy = home.directory.file("copy.db")
        let started = ContinuousClock.now
        let migrate = try await home.run(["migrate", "--to", copy])
        let ended = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(300))
        done.withLock { $0 = true }
        let writes = try await writer.value
        await server.stop()
        #expect(migrate.status == 0, "\(migrate.stderr)")

        let listed = try await home.ok("--library", copy, "list", "artist:writer", "--format", "$title")
        let inCopy = Set(listed.split(separator: "\n").map(String.init))
        let acknowledged = writes.filter { $0.status == 201 }
        let kept = acknowledged.prefix { inCopy.contains($0.title) }.count
        #expect(kept > 0, "writes were acknowledged before the copy began")
        #expect(
            inCopy == Set(acknowledged.prefix(kept).map(\.title)),
            "the copy holds the acknowledged writes up to one moment, and nothing after it")
        // The first write after that moment was sent while the copy was being made: it waited for the copy
        // to end (or was refused as locked), where an unguarded copy would have answered it at once and
        // left it out.
        let next = try #require(writes.firstIndex { !inCopy.contains($0.title) }.map { writes[$0] })
        #expect(next.sent < ended, "a write came while the copy was made")
        #expect(
            next.status != 201 || next.answered - next.sent >= (ended - started) / 4,
            "it waited \(next.answered - next.sent) of migrate's \(ended - started)")
    }
}
