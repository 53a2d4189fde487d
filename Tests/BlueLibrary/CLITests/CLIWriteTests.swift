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

    /// The audio is `audio` still, a second `write` finds every file up to date, and a rescan reads none.
    private func expectWrittenAndUnchanged(
        _ audio: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        #expect(try await digests() == audio, "the audio is the same", sourceLocation: sourceLocation)
        let again = try await home.ok("write")
        #expect(again == "Wrote 0 files (4 already up to date).\n", sourceLocation: sourceLocation)
        let rescan = try await home.ok("import", music.directory.path)
        #expect(
            rescan.hasSuffix("0 albums added, 0 updated, 0 removed; 4 tracks (0 read, 4 unchanged).\n"),
            "\(rescan)", sourceLocation: sourceLocation)
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
        try await expectWrittenAndUnchanged(audio)

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

    /// What the files' tags say: the album as a fresh library scanning the folder sees it.
    private func fromTheFiles() async throws -> [String] {
        let fresh = CLIHome()
        _ = try await fresh.ok("import", music.directory.path)
        let album = try await fresh.album(0)
        return [album.artist, album.genre] + album.tracks.map(\.title)
    }

    @Test func withTheSettingOnEachEditItsUndoAndItsRedoGoIntoTheTagsAtOnce() async throws {
        #expect(try await home.ok("config") == "write-tags = off\n")
        #expect(try await home.ok("config", "write-tags", "on") == "write-tags = on\n")
        #expect(try await home.ok("config", "write-tags") == "write-tags = on\n")
        let audio = try await digests()
        try await correct()
        #expect(
            try await fromTheFiles() == ["Björk", "Art Pop", "Song 1", "Hyperballad", "Song 3", "Song 4"])
        try await expectWrittenAndUnchanged(audio)
        // Each undo writes the values it brings back; a redo the edit's again.
        _ = try await home.ok("undo")
        #expect(try await fromTheFiles() == ["Björk", "Art Pop", "Song 1", "Song 2", "Song 3", "Song 4"])
        _ = try await home.ok("undo")
        #expect(try await fromTheFiles() == ["Bjork", "Pop", "Song 1", "Song 2", "Song 3", "Song 4"])
        _ = try await home.ok("redo")
        #expect(try await fromTheFiles() == ["Björk", "Art Pop", "Song 1", "Song 2", "Song 3", "Song 4"])
        // A file another program changed since is left alone and named in one line; the edit stands and
        // the other files get it.
        try await music.add(
            "Post/3.mp3",
            track("Song 3", by: "Someone Else", on: "Post", number: 3, date: "1995", genre: "Pop"))
        let edit = try await home.run(["edit", "album:=Post", "--genre", "Trip Hop"])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(edit.stderr.split(separator: "\n").count == 1, "\(edit.stderr)")
        #expect(edit.stderr.contains("3.mp3': it changed on disk since the last scan"), "\(edit.stderr)")
        #expect(try await home.album(0).genre == "Trip Hop")
        let left = try await home.run(["write", "--pretend"])
        #expect(left.stdout == "Would write 0 files (3 already up to date).\n", "\(left.stdout)")
        // Off again: an edit stays in the library.
        #expect(try await home.ok("config", "write-tags", "off") == "write-tags = off\n")
        _ = try await home.ok("edit", "album:=Post", "--title", "Post (Remastered)")
        // On again, an edit of what no tag holds (the cover) writes nothing: the title waits for `write`.
        _ = try await home.ok("config", "write-tags", "on")
        _ = try await home.ok("edit", "album:=Post (Remastered)", "--cover", "https://example.org/post.jpg")
        let unwritten = try await home.run(["write", "--pretend", "album:=Post (Remastered)"])
        #expect(
            unwritten.stdout.hasSuffix("Would write 3 files (0 already up to date).\n"), "\(unwritten.stdout)"
        )
    }

    @Test func aRunningServerWritesAPagesEditAndItsUndoWhenTheSettingIsTurnedOn() async throws {
        let environment = home.environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 }
        let server = try await ServerProcess(environment: environment)
        // Turned on while it runs: it follows at the next edit. Its watch of the folder sees the files
        // written and finds them as the library noted them.
        #expect(try await home.ok("config", "write-tags", "on") == "write-tags = on\n")
        let id = try await home.album(0).id
        let edit = try await LoopbackHTTP.request(
            port: server.port, "PATCH", "/api/albums/\(id)", body: #"{"genre": "Trip Hop"}"#)
        #expect(edit?.status == 200, "\(String(describing: edit?.body))")
        #expect(try await fromTheFiles() == ["Bjork", "Trip Hop", "Song 1", "Song 2", "Song 3", "Song 4"])
        let undo = try await LoopbackHTTP.request(port: server.port, "POST", "/api/undo")
        #expect(undo?.status == 200, "\(String(describing: undo?.body))")
        #expect(try await fromTheFiles() == ["Bjork", "Pop", "Song 1", "Song 2", "Song 3", "Song 4"])
        // Its watch found nothing to rescan in the files it wrote: the undone edit is still the one to redo.
        try await Task.sleep(for: .seconds(2))
        #expect(await server.stop().status == 0)
        let redo = try await home.ok("redo")
        #expect(redo.hasPrefix("Redid edit"), "\(redo)")
        #expect(try await fromTheFiles() == ["Bjork", "Trip Hop", "Song 1", "Song 2", "Song 3", "Song 4"])
    }

    @Test(.timeLimit(.minutes(2))) func theTerminalUIWritesItsEditsAndSaysAFileItCouldNotWriteWhenItCloses()
        async throws
    {
        _ = try await home.ok("config", "write-tags", "on")
        #expect(chmod(music.path("Post/1.flac"), 0o444) == 0)
        let tmux = TmuxSession(name: "blt", scratch: home.directory)
        try await home.startTUI(in: tmux, "--no-watch --device null")
        try await tmux.waitFor("album 1 of 1")
        // The second track's title, then the first's (its file is read-only).
        try await tmux.keys("Tab", "j", "e")
        try await tmux.waitFor("Edit the track")
        try await tmux.keys("C-u", "Hyperballad", "Enter")
        try await tmux.waitFor("Edited track \"Hyperballad\"")
        try await tmux.keys("k", "e")
        try await tmux.waitFor("Edit the track")
        try await tmux.keys("C-u", "Opening", "Enter")
        try await tmux.waitFor("Edited track \"Opening\"")
        try await tmux.keys("q")
        try await tmux.waitFor("EXITED 0")
        let closed = await tmux.screen.replacingOccurrences(of: "\n", with: "")  // the line as one
        #expect(closed.contains("1.flac': the file is read-only"), "\(closed)")
        await tmux.kill()
        #expect(
            try await home.album(0).tracks.map(\.title) == ["Opening", "Hyperballad", "Song 3", "Song 4"])
        #expect(try await fromTheFiles() == ["Bjork", "Pop", "Song 1", "Hyperballad", "Song 3", "Song 4"])
    }

    @Test func editWriteTagsWritesThatEditAloneAndConfigNamesAWrongSettingOrValue() async throws {
        let song = try #require(try await home.album(0).tracks.first { $0.title == "Song 2" })
        _ = try await home.ok("edit", "track:\(song.id)", "--title", "Hyperballad", "--write-tags")
        _ = try await home.ok("edit", "album:=Post", "--genre", "Art Pop")
        #expect(try await fromTheFiles() == ["Bjork", "Pop", "Song 1", "Hyperballad", "Song 3", "Song 4"])

        let unknown = try await home.run(["config", "write-tag", "on"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.contains("unknown setting 'write-tag': the settings are write-tags"),
            "\(unknown.stderr)")
        let value = try await home.run(["config", "write-tags", "maybe"])
        #expect(value.status == 65)
        #expect(
            value.stderr.contains("invalid value 'maybe' for write-tags: it is on or off"), "\(value.stderr)")
        #expect(try await home.ok("config") == "write-tags = off\n", "a refused value changes nothing")
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
