import BlueLibrarySQLite
import BlueLibraryStore
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A scan is one transaction: `kill -9` in the middle of `bluelibrary import DIR` leaves the library
/// exactly as it was, and the next import works.
struct CLIFolderInterruptedScanTests {
    let home = CLIHome()
    let music = MusicFolder()
    /// Albums and tracks in the big folder: enough that writing them takes a while even when the
    /// machine is idle.
    static let albums = 300
    static let tracksPerAlbum = 8

    @Test func killedWhileWritingLeavesTheLibraryAsItWas() async throws {
        try await home.removeEveryAlbum()
        _ = try await home.ok("add", "--title", "Typed", "--artist", "Person")
        try await music.add("Small/1.mp3", track("Before", by: "Band", on: "Small", number: 1))
        _ = try await home.ok("import", music.directory.path)
        let before = try await snapshot()

        // The big folder: copies of one tagged file, in folders of their own.
        let template = home.directory.file("template.mp3")
        try await AudioFixtures.write(.mp3, to: template, tags: track("Copy", by: "Copier", on: "Copies"))
        // Thousands of copies: file work for a test thread, not the cooperative pool.
        let (big, albums, tracksPerAlbum) = (music.path("Big"), Self.albums, Self.tracksPerAlbum)
        try await TestThreads.run {
            for album in 0..<albums {
                let folder = "\(big)/\(album)"
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                for number in 0..<tracksPerAlbum {
                    try FileManager.default.copyItem(atPath: template, toPath: "\(folder)/\(number).mp3")
                }
            }
        }

        let outcome = try await importKilledOnceWriting()
        try #require(
            outcome == .killedWhileWriting,
            "the import finished before it took the write lock; make the folder bigger")
        #expect(try await snapshot() == before)

        let result = try await home.run(["import", music.directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        let tracks = Self.albums * Self.tracksPerAlbum
        #expect(
            result.stdout
                == "Scanned \(music.root): \(Self.albums) albums added, 0 updated, 0 removed; "
                + "\(tracks + 1) tracks (\(tracks) read, 1 unchanged).\n")
        #expect(try await home.albumLines().count == Self.albums + 2)
    }

    private enum Outcome: Equatable {
        case killedWhileWriting
        case finished(Int32)
    }

    /// Starts `bluelibrary import DIR`, waits until it holds the library's write lock (its one
    /// transaction has begun: a probe's `BEGIN IMMEDIATE` finds the library busy), and kills it with
    /// SIGKILL at once.
    private func importKilledOnceWriting() async throws -> Outcome {
        let process = try Subprocess(
            BinaryRunner.productsDirectory + "/bluelibrary", ["import", music.directory.path],
            environment: home.environment.merging(["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]) { $1 },
            stdout: .null, stderr: .null)
        let library = home.libraryPath
        return try await TestThreads.run {
            let probe = try SQLiteConnection(path: library, busyTimeout: 0)
            while process.isRunning {
                do {
                    try probe.execute("BEGIN IMMEDIATE")
                    try probe.execute("ROLLBACK")
                } catch {
                    process.kill(SIGKILL)
                    let status = process.wait()
                    return process.wasKilledBySignal ? .killedWhileWriting : .finished(status)
                }
                usleep(1000)
            }
            return .finished(process.wait())
        }
    }

    /// Everything the library holds: albums and saved state, every track row, and SQLite's own check.
    private func snapshot() async throws -> String {
        let albums = try await home.fingerprint()
        let list = try await home.ok("list", "--json")
        let library = home.libraryPath
        let rows = try await TestThreads.run {
            let connection = try SQLiteConnection(path: library, busyTimeout: 5000)
            let tracks = try connection.text(
                "SELECT group_concat(id || ' ' || album_id || ' ' || path, char(10)) FROM "
                    + "(SELECT * FROM tracks ORDER BY path)")
            let integrity = try connection.text("PRAGMA integrity_check")
            return "\(tracks ?? "")\n\(integrity ?? "")"
        }
        return [albums, list, rows].joined(separator: "\n---\n")
    }
}
