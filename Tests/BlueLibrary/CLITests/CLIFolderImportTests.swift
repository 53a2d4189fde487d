import Foundation
import TestSupport
import Testing

/// `bluelibrary import DIR` end to end: folders of real audio files written by ffmpeg, the built binary,
/// its output and exit status, and the albums it leaves in the library.
struct CLIFolderImportTests {
    let home = CLIHome()
    let music = MusicFolder()

    init() async throws {
        try await home.removeEveryAlbum()
    }

    @Test func tracksGroupIntoAlbumsByTagsFoldersAndArtists() async throws {
        // Two "Greatest Hits" in one folder by different artists, each with its own track 1.
        try await music.add("Hits/queen.mp3", track("Bohemian", by: "Queen", on: "Greatest Hits", number: 1))
        try await music.add("Hits/abba.mp3", track("Waterloo", by: "ABBA", on: "Greatest Hits", number: 1))
        // No tags at all: the album is named after its folder, the track after its file.
        try await music.add("Loose Ends/take one.wav")
        // Disc folders are one album.
        try await music.add("Band/Double/CD1/01.flac", track("A", by: "Band", on: "Double", number: 1))
        try await music.add("Band/Double/CD1/02.flac", track("B", by: "Band", on: "Double", number: 2))
        try await music.add("Band/Double/CD2/01.ogg", track("C", by: "Band", on: "Double", number: 1))
        // A compilation without album-artist tags: several artists, one album.
        try await music.add("Comp/01.mp3", track("X", by: "Xavier", on: "Hits 2000", number: 1))
        try await music.add("Comp/02.m4a", track("Y", by: "Yvonne", on: "Hits 2000", number: 2))
        try await music.add("Comp/03.opus", track("Z", by: "Zed", on: "Hits 2000", number: 3))

        let result = try await home.run(["import", music.directory.path])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout
                == "Scanned \(music.root): 5 albums added, 0 updated, 0 removed; 9 tracks (9 read, 0 unchanged).\n"
        )
        #expect(
            Set(try await home.albumLines()) == [
                "ABBA - Greatest Hits (1 tracks)", "Queen - Greatest Hits (1 tracks)",
                "Unknown Artist - Loose Ends (1 tracks)", "Band - Double (3 tracks)",
                "Various Artists - Hits 2000 (3 tracks)",
            ])

        let double = try await home.album(try await home.index(of: "Double", by: "Band"))
        #expect(double.tracks.map(\.title) == ["A", "B", "C"])
        #expect(double.tracks.map(\.disc) == [1, 1, 2])
        let loose = try await home.album(try await home.index(of: "Loose Ends", by: "Unknown Artist"))
        #expect(loose.tracks.map(\.title) == ["take one"])
        let compilation = try await home.album(try await home.index(of: "Hits 2000", by: "Various Artists"))
        #expect(compilation.tracks.map(\.artist) == ["Xavier", "Yvonne", "Zed"])
        // On a compilation every line names its artist.
        let shown = try await home.ok(
            "show", String(try await home.index(of: "Hits 2000", by: "Various Artists")))
        #expect(shown.contains(" — Xavier  0:02\n") && shown.contains(" — Zed  0:02\n"), "\(shown)")
    }

    @Test func tracksComeInDiscAndNumberOrderWithDurationsYearAndGenre() async throws {
        // File names sort against the album's order; the disc tag wins over the name.
        let album = "Ordered"
        try await music.add(
            "Ordered/a.flac",
            track("Third", by: "Band", on: album, number: 3, date: "2003-05-01", genre: "Jazz"))
        try await music.add(
            "Ordered/b.mp3", track("First", by: "Band", on: album, number: 1, date: "2003", genre: "Jazz"))
        try await music.add(
            "Ordered/c.m4a",
            track("Disc two", by: "Band", on: album, number: 1, disc: 2, date: "2004", genre: "Rock"))
        try await music.add(
            "Ordered/d.ogg", track("Second", by: "Band", on: album, number: 2, date: "2003", genre: "jazz"))
        _ = try await home.ok("import", music.directory.path)

        let shown = try await home.album(0)
        #expect(shown.title == "Ordered" && shown.artist == "Band")
        #expect(shown.year == 2003, "the year most tracks have")
        #expect(shown.genre == "Jazz", "the genre most tracks have, any case")
        #expect(shown.tracks.map(\.title) == ["First", "Second", "Third", "Disc two"])
        #expect(shown.tracks.map(\.number) == [1, 2, 3, 1])
        #expect(shown.tracks.map(\.disc) == [1, 1, 1, 2])
        #expect(
            shown.tracks.map(\.path)
                == ["b.mp3", "d.ogg", "a.flac", "c.m4a"].map { music.path("Ordered/\($0)") })
        for track in shown.tracks {
            #expect(abs(track.duration - AudioFixtures.duration) <= 0.1, "\(track.path): \(track.duration) s")
        }
        #expect(Set(shown.tracks.map(\.id)).count == 4)

        let text = try await home.ok("show", "0")
        // The album's own artist is not repeated on every line (a guest's would be).
        // Each disc's tracks under its heading.
        #expect(text.contains("Tracks\n  Disc 1\n    01  First  0:02\n    02  Second  0:02\n"))
        #expect(text.contains("  Disc 2\n    01  Disc two  0:02\n  4 tracks, 0:08\n"))
    }

    @Test func folderArtWinsOverTheEmbeddedPicture() async throws {
        // Framed: a blue cover beside tracks that embed the red picture. Embedded: the red picture only.
        try await music.add(
            "Framed/01.mp3", track("F", by: "Painter", on: "Framed", number: 1), picture: true)
        try await AudioFixtures.writeImage("blue", to: music.path("Framed/Cover.PNG"))
        try await music.add("Embedded/01.flac", track("E1", by: "Painter", on: "Embedded", number: 1))
        try await music.add(
            "Embedded/02.flac", track("E2", by: "Painter", on: "Embedded", number: 2), picture: true)
        try await music.add("Bare/01.mp3", track("B", by: "Painter", on: "Bare", number: 1))
        _ = try await home.ok("import", music.directory.path)

        let framed = try await home.index(of: "Framed", by: "Painter")
        let embedded = try await home.index(of: "Embedded", by: "Painter")
        #expect(try await home.album(framed).coverURL == "file://" + music.path("Framed/Cover.PNG"))
        #expect(try await home.album(embedded).coverURL == "file://" + music.path("Embedded/02.flac"))
        #expect(try await home.album(try await home.index(of: "Bare", by: "Painter")).coverURL == "")

        #expect(try await coverColour(framed) == .blue)
        #expect(try await coverColour(embedded) == .red)
        // Not only from the cache the import filled: the picture is read from the track again.
        _ = try await home.ok("covers", "clear")
        #expect(try await coverColour(embedded) == .red)
    }

    @Test func anUnreadableFileIsNamedInTheSummaryAndSkipped() async throws {
        try await music.add("Band/One/01.mp3", track("Good", by: "Band", on: "One", number: 1))
        try music.write("Band/One/02.mp3", "not audio at all")
        let result = try await home.run(["import", music.directory.path])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Scanned \(music.root): 1 album added, 0 updated, 0 removed; 1 track (2 read, 0 unchanged).
                1 file could not be read:
                  cannot read '\(music.path("Band/One/02.mp3"))': not an audio file TagLib can read (no audio stream found)

                """)
        #expect(try await home.albumLines() == ["Band - One (1 tracks)"])
    }

    @Test func aFolderWithNothingReadableExits65AndChangesNothing() async throws {
        try music.write("a.mp3", "not audio")
        try music.write("b.flac", "")
        let before = try await home.fingerprint()
        let result = try await home.run(["import", music.directory.path])
        #expect(result.status == 65)
        #expect(result.stderr == "bluelibrary: no file in '\(music.root)' could be read\n")
        #expect(result.stdout.contains("2 files could not be read:\n  cannot read '\(music.path("a.mp3"))'"))
        #expect(try await home.fingerprint() == before)
    }

    @Test func onATerminalTheScanDrawsAProgressBar() async throws {
        for number in 1...3 {
            try await music.add("A/\(number).mp3", track("T\(number)", by: "Band", on: "A", number: number))
        }
        let text = try await home.onTerminal("import \(music.directory.path)")
        #expect(text.contains("\r[##############################] 3/3 files\r\n"))
        #expect(text.contains("1 album added"))
    }

    @Test func undoTakesTheImportBackAndTheSameImportLeavesItOutUntilRedo() async throws {
        try await music.add("A/1.mp3", track("One", by: "Band", on: "A", number: 1))
        try await music.add("B/1.mp3", track("Uno", by: "Band", on: "B", number: 1))
        _ = try await home.ok("add", "--title", "Typed", "--artist", "Person")
        _ = try await home.ok("import", music.directory.path)
        #expect(try await home.albumLines().count == 3)

        #expect(try await home.ok("undo") == "Undid import of 2 albums. Current album: index 0.\n")
        #expect(try await home.albumLines() == ["Person - Typed (0 tracks)"])
        let again = try await home.ok("import", music.directory.path)
        #expect(again.contains(": 0 albums added, 0 updated, 0 removed; 0 tracks"))
        #expect(again.contains("2 albums you deleted are left out"))
        #expect(try await home.albumLines() == ["Person - Typed (0 tracks)"])
        _ = try await home.ok("redo")
        #expect(
            try await home.albumLines().sorted() == [
                "Band - A (1 tracks)", "Band - B (1 tracks)", "Person - Typed (0 tracks)",
            ])
    }

    /// The dominant colour of an album's cover as `covers show` draws it in true colour.
    private func coverColour(_ index: Int) async throws -> Colour? {
        let result = try await home.run(
            ["covers", "show", String(index), "--width", "4"], environment: ["COLORTERM": "truecolor"])
        #expect(result.status == 0)
        #expect(result.stderr == "", "a cover that could not be read falls back to generated art")
        return Colour(firstOf: result.stdout)
    }
}

/// The colour of the first cell `covers show` draws, roughly.
enum Colour: Equatable {
    case red, blue, other

    /// Reads the first `ESC[38;2;R;G;Bm` of the output.
    init?(firstOf output: String) {
        guard let start = output.range(of: "\u{1B}[38;2;") else { return nil }
        let rest = output[start.upperBound...].prefix { $0 != "m" }
        let channels = rest.split(separator: ";").compactMap { Int($0) }
        guard channels.count == 3 else { return nil }
        switch (channels[0], channels[1], channels[2]) {
        case (200..., ..<40, ..<40): self = .red
        case (..<40, ..<40, 200...): self = .blue
        default: self = .other
        }
    }
}
