import Foundation
import TestSupport
import Testing

/// The command line's side of albums read from a music folder staying whole: the steps that once lost
/// tracks or duplicated albums, an export imported back, and searches that find tracks and ignore
/// accents.
struct CLIWholeAlbumTests {
    let home = CLIHome()
    let music = MusicFolder()

    /// A two-track folder `m` beside the five seed albums and one typed by hand (so the seeds stay).
    private func importM() async throws {
        try await music.add("m/1.mp3", track("Echo", by: "Band", on: "M", number: 1))
        try await music.add("m/2.mp3", track("Drift", by: "Band feat. Kanye West", on: "M", number: 2))
        _ = try await home.ok("add", "--title", "Typed", "--artist", "Person")
        _ = try await home.ok("import", music.directory.path)
    }

    /// The library exported, the export imported into a new empty library, and album M as it shows there.
    private func exportedAndRestored() async throws -> (file: String, other: CLIHome, album: ShownAlbum) {
        let file = home.directory.file("lib.json")
        _ = try await home.ok("export", "-o", file)
        let other = CLIHome()
        try await other.removeEveryAlbum()
        #expect(try await other.ok("import", file).hasPrefix("Imported 7 albums"))
        return (file, other, try await other.album(try await other.index(of: "M", by: "Band")))
    }

    private func rescan() async throws -> String {
        try await home.ok("import", music.directory.path)
    }

    @Test func deleteThenUndoBringsTheTracksBackAndARescanAddsNothing() async throws {
        try await importM()
        let index = try await home.index(of: "M", by: "Band")
        let before = try await home.album(index)
        _ = try await home.ok("delete", String(index))
        _ = try await home.ok("undo")
        #expect(try await home.ok("list", "album:=M", "--format", "$tracks") == "2\n")
        #expect(try await home.album(index) == before, "id, fields, tracks and cover as they were")
        #expect(try await rescan().contains(": 0 albums added, 0 updated, 0 removed; 2 tracks"))
        #expect(try await home.albumLines().filter { $0.hasSuffix("- M (2 tracks)") }.count == 1)
    }

    @Test func undoAndRedoOfTheImportKeepTheTrackCount() async throws {
        try await importM()
        _ = try await home.ok("undo")
        _ = try await home.ok("redo")
        #expect(try await home.ok("list", "album:=M", "--format", "$tracks") == "2\n")
        #expect(try await home.ok("list", "album:=M", "--format", "$length") != "0:00\n")
        #expect(try await home.ok("show", "album:=M").contains("Tracks\n"))
        #expect(try await rescan().contains(": 0 albums added, 0 updated, 0 removed; 2 tracks"))
    }

    @Test func anExportImportedIntoTheSameLibraryChangesNothing() async throws {
        try await importM()
        let file = home.directory.file("lib.json")
        _ = try await home.ok("export", "-o", file)
        let exported = try String(contentsOfFile: file, encoding: .utf8)
        #expect(exported.contains("\"tracks\":[{\"id\":"), "the export carries the tracks")
        let before = try await home.ok("list", "--json")
        #expect(
            try await home.ok("import", file)
                == "Imported 0 albums from \(file) (7 already in the library).\n")
        #expect(try await home.ok("list", "--json") == before)
    }

    /// A renamed file's track keeps its id, in the library and through an export restored elsewhere; an
    /// export's track id that is no UUID is refused in one line, and nothing is imported.
    @Test func aRenamedFilesTrackKeepsItsIDThroughAnExportRestored() async throws {
        try await importM()
        let index = try await home.index(of: "M", by: "Band")
        let before = try await home.album(index)
        let old = try #require(before.tracks.first { $0.title == "Drift" }).id
        let renamed = music.directory.file("m/02 Drift.mp3")
        #expect(rename(music.directory.file("m/2.mp3"), renamed) == 0)
        #expect(
            try await rescan().contains("1 file was moved or renamed: its track keeps its id"),
            "a move, not a removal and an addition")
        let moved = try await home.album(index)
        #expect(moved.tracks.first { $0.title == "Drift" }.map { [$0.id, $0.path] } == [old, renamed])
        let (file, _, restored) = try await exportedAndRestored()
        #expect(restored.tracks == moved.tracks, "the same tracks, ids kept")
        let broken = home.directory.file("broken.json")
        try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: old, with: "not-an-id")
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let third = CLIHome()
        try await third.removeEveryAlbum()
        let refused = try await third.run(["import", broken])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("invalid track id 'not-an-id': not a UUID"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(try await third.albumLines().isEmpty, "nothing half-imported")
    }

    @Test func anExportRestoresIntoAnEmptyLibraryAndARescanAdoptsItKeepingHandEdits() async throws {
        try await importM()
        _ = try await home.ok("edit", "album:=M", "--genre", "Shoegaze")
        let (_, other, restored) = try await exportedAndRestored()
        #expect(restored.tracks.map(\.title) == ["Echo", "Drift"])
        #expect(restored.genre == "Shoegaze")
        // The scan finds the library's albums holding its files: no duplicate, the hand edit stays.
        let adopted = try await other.ok("import", music.directory.path)
        #expect(adopted.contains(": 0 albums added, 0 updated, 0 removed; 2 tracks (2 read"), "\(adopted)")
        #expect(try await other.albumLines().filter { $0.contains("- M (") }.count == 1)
        #expect(try await other.album(try await other.index(of: "M", by: "Band")).genre == "Shoegaze")
        #expect(try await other.ok("import", music.directory.path).contains(": 0 albums added, 0 updated"))
    }

    @Test(arguments: [
        ("Echo", "M"), ("track:echo", "M"), ("kanye", "M"), ("trackartist:kanye", "M"),
        ("bjork", "Homogenic"), ("BJÖRK", "Homogenic"), ("beyonce", "Lemonade"),
        ("sigur ros", "Ágætis byrjun"),
        ("坂本", "音楽図鑑"), ("音楽", "音楽図鑑"),
    ])
    func aSearchFindsTracksAndIgnoresCaseAndAccents(query: String, title: String) async throws {
        try await importM()
        for (album, artist) in [
            ("Homogenic", "Björk"), ("Lemonade", "Beyoncé"), ("Ágætis byrjun", "Sigur Rós"),
            ("音楽図鑑", "坂本龍一"),
        ] {
            _ = try await home.ok("add", "--title", album, "--artist", artist)
        }
        #expect(try await home.ok("list", query, "--format", "$title") == "\(title)\n")
    }

    @Test func aScriptIsMatchedAsWrittenNotFolded() async throws {
        _ = try await home.ok("add", "--title", "が", "--artist", "Kana")
        _ = try await home.ok("add", "--title", "か", "--artist", "Kana")
        #expect(try await home.ok("list", "が", "--format", "$title") == "が\n")
    }
}
