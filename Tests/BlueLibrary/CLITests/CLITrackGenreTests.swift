import BlueLibraryCore
import Foundation
import TestSupport
import Testing

/// A track's genres edited from the command line (`edit track:ID --genre`, `modify --tracks genre=`):
/// one undo step each, kept by a rescan until the file changes, carried by an export, and put in the
/// files by `write` as one value per genre (FLAC, MP3 with ID3v2.4 and with ID3v2.3), so a fresh library
/// scanning the folder reads them back and a second `write` finds nothing to do.
struct CLITrackGenreTests {
    let home = CLIHome()
    let music = MusicFolder()

    init() async throws {
        try await home.removeEveryAlbum()
        try await music.add("Post/1.flac", track("Army", by: "Bjork", on: "Post", number: 1, genre: "Pop"))
        try await music.add(
            "Post/2.mp3", track("Hyperballad", by: "Bjork", on: "Post", number: 2, genre: "Pop"))
        // The third file's tag is ID3v2.3, as older taggers write it.
        try await music.add(
            "Post/3v24.mp3", track("Possibly", by: "Bjork", on: "Post", number: 3, genre: "Pop"))
        try await FFmpeg.run([
            "-i", music.path("Post/3v24.mp3"), "-c", "copy", "-id3v2_version", "3", music.path("Post/3.mp3"),
        ])
        try music.remove("Post/3v24.mp3")
        _ = try await home.ok("import", music.directory.path)
    }

    /// Each track's genres as `show --json` gives them: `nil` when not set by hand.
    private func genres(_ home: CLIHome) async throws -> [[String]?] {
        try await home.album(0).tracks.map(\.genres)
    }

    @Test func aTracksGenresAreEditedUndoneAndKeptByARescan() async throws {
        let army = try #require(try await home.album(0).tracks.first { $0.title == "Army" })
        _ = try await home.ok("edit", "track:\(army.id)", "--genre", "Trip Hop; Electronic")
        #expect(try await genres(home) == [["Trip Hop", "Electronic"], nil, nil])
        #expect(try await home.ok("undo").hasPrefix("Undid edit \"Army\"."))
        #expect(try await genres(home) == [nil, nil, nil])
        _ = try await home.ok("redo")
        // A rescan of the unchanged file keeps the edit; a file changed since is read again.
        _ = try await home.ok("import", music.directory.path)
        #expect(try await genres(home) == [["Trip Hop", "Electronic"], nil, nil])
        // `modify --tracks` previews the genres before and after, and `genre!` gives the album's back.
        let preview = try await home.run(["modify", "--tracks", "track:hyperballad", "genre=Rock; Jazz"])
        #expect(preview.stdout.contains("  genres: Pop -> Rock; Jazz\n"), "\(preview.stdout)")
        _ = try await home.ok("modify", "--tracks", "track:hyperballad", "genre=Rock; Jazz", "-y")
        #expect(try await genres(home) == [["Trip Hop", "Electronic"], ["Rock", "Jazz"], nil])
        _ = try await home.ok("modify", "--tracks", "track:army", "genre!", "-y")
        #expect(try await genres(home) == [[], ["Rock", "Jazz"], nil])
        try await music.add(
            "Post/2.mp3", track("Hyperballad", by: "Bjork", on: "Post", number: 2, genre: "Pop"))
        _ = try await home.ok("import", music.directory.path)
        #expect(try await genres(home) == [[], nil, nil])
        // A bad genre is one line and changes nothing.
        let bad = try await home.run(["edit", "track:\(army.id)", "--genre", "Rock; \u{7}"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("invalid genre"), "\(bad.stderr)")
        #expect(bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        #expect(try await genres(home) == [[], nil, nil])
    }

    @Test func anExportCarriesTheGenresIntoAnotherLibrary() async throws {
        let army = try #require(try await home.album(0).tracks.first { $0.title == "Army" })
        _ = try await home.ok("edit", "track:\(army.id)", "--genre", "Trip Hop; Electronic")
        let export = home.directory.file("export.json")
        _ = try await home.ok("export", "-o", export)
        let other = CLIHome()
        try await other.removeEveryAlbum()
        _ = try await other.ok("import", export)
        #expect(try await genres(other) == [["Trip Hop", "Electronic"], nil, nil])
    }

    /// The genres each track of the first album has, as the page's API gives them (a track's own).
    private func tagged(_ home: CLIHome) async throws -> [[String]] {
        let server = try await ServerProcess(
            environment: home.environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 })
        let id = try await home.album(0).id
        let reply = try await LoopbackHTTP.request(port: server.port, "GET", "/api/albums/\(id)")
        await server.stop()
        guard case .array(let tracks)? = try JSONParser.parse(Array((reply?.body ?? "{}").utf8))["tracks"]
        else {
            return []
        }
        return tracks.map { track in
            guard case .array(let names)? = track["genres"] else { return [] }
            return names.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
    }

    @Test func writePutsEachGenreInTheFilesAsAValueOfItsOwn() async throws {
        for track in try await home.album(0).tracks {
            _ = try await home.ok("edit", "track:\(track.id)", "--genre", "Trip Hop; \(track.title) Mix")
        }
        let pretend = try await home.ok("write", "--pretend")
        #expect(pretend.contains("  GENRE: 'Pop' -> 'Trip Hop; Army Mix'\n"), "\(pretend)")
        #expect(try await home.ok("write").hasSuffix("Wrote 3 files (0 already up to date).\n"))
        let again = try await home.ok("write", "--pretend")
        #expect(again == "Would write 0 files (3 already up to date).\n", "\(again)")
        #expect(
            try [UInt8](Data(contentsOf: URL(fileURLWithPath: music.path("Post/3.mp3")))).prefix(4)
                == [0x49, 0x44, 0x33, 3], "the ID3v2.3 tag stays one")
        let fresh = CLIHome()
        try await fresh.removeEveryAlbum()
        _ = try await fresh.ok("import", music.directory.path)
        let written = try await tagged(fresh)
        #expect(
            written == [
                ["Trip Hop", "Army Mix"], ["Trip Hop", "Hyperballad Mix"], ["Trip Hop", "Possibly Mix"],
            ],
            "\(written)")
        // With the setting on, an undo writes the genres it brings back.
        _ = try await home.ok("config", "write-tags", "on")
        _ = try await home.ok("undo")
        _ = try await fresh.ok("import", music.directory.path)
        #expect(try await tagged(fresh) == [["Trip Hop", "Army Mix"], ["Trip Hop", "Hyperballad Mix"], []])
    }
}
