import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `bluelibrary write` end to end: the library's corrections go into the files' tags (FLAC, Ogg, MP3,
/// M4A) and nothing else changes — the decoded audio is the same — so a fresh library scanning the folder
/// sees them and a rescan finds nothing to do; `--pretend` writes nothing; a read-only file or one changed
/// since the scan is one line while the others are written; `kill -9` mid-write leaves every file whole.
struct CLIWriteTests {
    let home = CLIHome()
    let music = MusicFolder()
    static let formats = ["flac", "ogg", "mp3", "m4a"]

    init() async throws {
        try await home.removeEveryAlbum()
        for (number, format) in Self.formats.enumerated() {
            try await music.add(
                "Post/\(number + 1).\(format)",
                track(
                    "Song \(number + 1)", by: "Bjork", on: "Post", number: number + 1, date: "1995",
                    genre: "Pop"))
        }
        _ = try await home.ok("import", music.directory.path)
    }

    private func digests() async throws -> [String] {
        var digests: [String] = []
        for (number, format) in Self.formats.enumerated() {
            digests.append(try await FFmpeg.audioDigest(music.path("Post/\(number + 1).\(format)")))
        }
        return digests
    }

    private func bytes() throws -> [Data] {
        try Self.formats.enumerated().map {
            try Data(contentsOf: URL(fileURLWithPath: music.path("Post/\($0 + 1).\($1)")))
        }
    }

    /// The artist corrected and a title edited, as a person would.
    private func correct() async throws {
        _ = try await home.ok("edit", "album:=Post", "--artist", "Björk", "--genre", "Art Pop")
        let song = try #require(try await home.album(0).tracks.first { $0.title == "Song 2" })
        _ = try await home.ok("edit", "track:\(song.id)", "--title", "Hyperballad")
    }

    @Test func theCorrectionsGoIntoTheTagsAndTheAudioStaysTheSame() async throws {
        let audio = try await digests()
        try await correct()
        let before = try bytes()
        let pretend = try await home.ok("write", "--pretend")
        #expect(pretend.contains("\n  TITLE: 'Song 2' -> 'Hyperballad'\n"), "\(pretend)")
        #expect(pretend.contains("  ARTIST: 'Bjork' -> 'Björk'\n"), "\(pretend)")
        #expect(pretend.contains("  GENRE: 'Pop' -> 'Art Pop'\n"), "\(pretend)")
        #expect(pretend.hasSuffix("Would write 4 files (0 already up to date).\n"), "\(pretend)")
        #expect(try bytes() == before, "--pretend writes nothing")

        #expect(try await home.ok("write").hasSuffix("Wrote 4 files (0 already up to date).\n"))
        #expect(try await digests() == audio, "the audio is the same")
        #expect(try await home.ok("write") == "Wrote 0 files (4 already up to date).\n")
        let rescan = try await home.ok("import", music.directory.path)
        #expect(
            rescan.hasSuffix("0 albums added, 0 updated, 0 removed; 4 tracks (0 read, 4 unchanged).\n"),
            "\(rescan)")

        // A fresh library scanning the folder sees the corrections.
        let fresh = CLIHome()
        _ = try await fresh.ok("import", music.directory.path)
        let album = try await fresh.album(0)
        #expect((album.artist, album.genre) == ("Björk", "Art Pop"))
        #expect(album.tracks.map(\.title) == ["Song 1", "Hyperballad", "Song 3", "Song 4"])
        #expect(album.tracks.map(\.artist) == ["Björk", "Björk", "Björk", "Björk"])
        // An edit undone after it was written: the next write puts the old value back.
        _ = try await home.ok("undo")
        #expect(try await home.album(0).tracks.map(\.title) == ["Song 1", "Song 2", "Song 3", "Song 4"])
        let back = try await home.ok("write")
        #expect(back.contains("  TITLE: 'Hyperballad' -> 'Song 2'\n"), "\(back)")
        #expect(back.hasSuffix("Wrote 1 file (3 already up to date).\n"), "\(back)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: music.path("Post")).filter {
            $0.hasPrefix(".")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func aReadOnlyChangedOrVanishedFileIsOneLineAndTheOthersAreWritten() async throws {
        try await correct()
        #expect(chmod(music.path("Post/1.flac"), 0o444) == 0)
        // Touched after the scan: left alone without --force.
        var times = [
            timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0),
        ]
        #expect(utimensat(AT_FDCWD, music.path("Post/2.ogg"), &times, 0) == 0)
        // Gone since the scan.
        try music.remove("Post/4.m4a")
        let result = try await home.run(["write"])
        #expect(result.status == 74)
        #expect(result.stdout.hasSuffix("Wrote 1 file (0 already up to date).\n"), "\(result.stdout)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 3, "\(result.stderr)")
        #expect(result.stderr.contains("1.flac': the file is read-only"), "\(result.stderr)")
        #expect(result.stderr.contains("2.ogg': it changed on disk since the last scan"), "\(result.stderr)")
        #expect(result.stderr.contains("4.m4a': the file is gone"), "\(result.stderr)")
        let forced = try await home.run(["write", "--force", "album:=Post"])
        #expect(forced.stdout.hasSuffix("Wrote 1 file (1 already up to date).\n"), "\(forced.stdout)")
    }

    @Test func killedMidWriteEveryFileIsWholeAndReadable() async throws {
        // Many files, so the kill lands while some are being written.
        for number in 5...40 {
            try FileManager.default.copyItem(
                atPath: music.path("Post/1.flac"), toPath: music.path("Post/\(number).flac"))
        }
        _ = try await home.ok("import", music.directory.path)
        let audio = try await FFmpeg.audioDigest(music.path("Post/1.flac"))
        _ = try await home.ok("edit", "album:=Post", "--artist", "Björk")
        let process = try Subprocess(
            BinaryRunner.productsDirectory + "/bluelibrary", ["write"],
            environment: home.environment.merging(["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]) { $1 },
            stdout: .null, stderr: .null)
        try await Task.sleep(for: .milliseconds(150))
        process.kill(SIGKILL)
        _ = process.wait()
        for number in [1] + Array(5...40) {
            let path = music.path("Post/\(number).flac")
            #expect(try await FFmpeg.audioDigest(path) == audio, "\(path) is whole")
        }
        // The next write finishes the work (a leftover copy is replaced).
        let again = try await home.run(["write", "--force"])
        #expect(again.status == 0, "\(again.stderr)")
    }
}
