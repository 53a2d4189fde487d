import Foundation
import TestSupport
import Testing

/// TagLib is loaded by the commands that read audio files, through BlueLibrary's shim
/// (`libBlueLibraryTagLib.so`, beside the binary). A machine without it is played by `BLUELIBRARY_TAGLIB`
/// naming a file that does not exist: `import DIR` says why in one line, embedded covers fall back to
/// generated artwork with that reason, and everything else works as before.
struct CLIWithoutTagLibTests {
    let home = CLIHome()
    static let missing = ["BLUELIBRARY_TAGLIB": "libbluelibrary-missing.so"]
    static let reason =
        "cannot load TagLib (libbluelibrary-missing.so: cannot open shared object file: No such file or directory)"

    /// A folder with one "track" TagLib would be asked to read (never real audio: nothing reads it).
    private func folder() -> String {
        let folder = home.directory.file("music/Band/Album")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        home.directory.write("music/Band/Album/01 Song.mp3", "not read")
        return home.directory.file("music")
    }

    @Test func importOfAFolderSaysWhyInOneLineAndChangesNothing() async throws {
        let before = try await home.ok("list")
        let result = try await home.run(["import", folder()], environment: Self.missing)
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "bluelibrary: \(Self.reason)\n")
        #expect(try await home.ok("list") == before)
    }

    @Test func aLibraryThatIsNotTheShimIsRefusedInOneLine() async throws {
        let result = try await home.run(
            ["import", folder()], environment: ["BLUELIBRARY_TAGLIB": "libz.so.1"])
        #expect(result.status == 69)
        #expect(
            result.stderr == "bluelibrary: cannot load TagLib (libz.so.1 is not BlueLibrary's TagLib shim)\n")
    }

    @Test func anEmbeddedCoverFallsBackToGeneratedArtworkWithTheReason() async throws {
        let track = home.directory.write("track.mp3", "not read")
        _ = try await home.ok("add", "--title", "Tagged", "--artist", "Band", "--cover", track)
        let shown = try await home.run(
            ["covers", "show", "5", "--width", "4"],
            environment: Self.missing.merging(["NO_COLOR": "1"]) { $1 })
        #expect(shown.status == 0)
        #expect(shown.stderr == "bluelibrary: showing generated artwork: \(track): \(Self.reason)\n")
    }

    @Test func everythingElseWorksAsBefore() async throws {
        let list = try await home.run(["list", "sting"], environment: Self.missing)
        #expect(list.status == 0)
        #expect(list.stdout == "2  Sting - Nothing Like The Sun (1999)\n")
        #expect(try await home.run(["delete", "1"], environment: Self.missing).status == 0)
        #expect(try await home.run(["undo"], environment: Self.missing).status == 0)
        #expect(try await home.run(["stats"], environment: Self.missing).status == 0)
    }

    /// With the shim beside the binary, `import DIR` reads real tags through it.
    @Test(.timeLimit(.minutes(1))) func importReadsTagsThroughTheShimBesideTheBinary() async throws {
        let folder = home.directory.file("real/Artist/Record")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try await FFmpeg.run([
            "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "libmp3lame", "-b:a", "64k",
            "-metadata", "title=Tune", "-metadata", "artist=Artist", "-metadata", "album=Record",
            "-metadata", "date=2001", "-metadata", "track=1", folder + "/01 Tune.mp3",
        ])
        let imported = try await home.ok("import", home.directory.file("real"))
        #expect(imported.contains(": 1 album added, 0 updated, 0 removed; 1 track (1 read, 0 unchanged)."))
        #expect(imported.contains("The tutorial's five albums made way for your music"))
        #expect(try await home.ok("list", "record") == "0  Artist - Record (2001)\n")
    }
}
