import BlueLibraryCore
import Foundation
import TestSupport
import Testing

/// Editing tracks from the command line: `edit track:ID` one track, `modify --tracks QUERY field=value`
/// every track a query names, each one undo step; bad values are one line and change nothing.
struct CLITrackEditTests {
    let home = CLIHome()
    let music = MusicFolder()

    init() async throws {
        try await home.removeEveryAlbum()
        try await music.add("Post/1.mp3", track("Army", by: "Bjork", on: "Post", number: 1))
        try await music.add("Post/2.mp3", track("Hyperballad", by: "Bjork", on: "Post", number: 2))
        try await music.add("Post/3.mp3", track("Possibly", by: "Bjork", on: "Post", number: 3))
        _ = try await home.ok("import", music.directory.path)
    }

    @Test func editATrackByItsIdAndUndoIt() async throws {
        let before = try await home.album(0)
        let army = try #require(before.tracks.first { $0.title == "Army" })
        let output = try await home.ok(
            "edit", "track:\(army.id)", "--title", "Army of Me", "--artist", "Björk", "--number", "3")
        #expect(output == "Updated track \"Army of Me\".\n")
        let after = try await home.album(0)
        // Number 3 now: after Hyperballad, before Possibly (a tie broken by the path).
        #expect(after.tracks.map(\.title) == ["Hyperballad", "Army of Me", "Possibly"])
        #expect(after.tracks.map(\.artist) == ["Bjork", "Björk", "Bjork"])
        // The same edit again changes nothing and says so; undo still undoes the first.
        #expect(
            try await home.ok("edit", "track:\(army.id)", "--title", "Army of Me")
                == "Nothing to change: track \"Army of Me\" already has those values.\n")
        #expect(try await home.ok("undo").hasPrefix("Undid edit \"Army of Me\"."))
        #expect(try await home.album(0).tracks.map(\.title) == ["Army", "Hyperballad", "Possibly"])
        // A rescan of the unchanged files keeps an edit, even when another file of the album is new.
        _ = try await home.ok("redo")
        _ = try await home.ok("import", music.directory.path)
        #expect(try await home.album(0).tracks.map(\.title) == ["Hyperballad", "Army of Me", "Possibly"])
        try await music.add("Post/4.mp3", track("Isobel", by: "Bjork", on: "Post", number: 4))
        _ = try await home.ok("import", music.directory.path)
        #expect(
            try await home.album(0).tracks.map(\.title) == [
                "Hyperballad", "Army of Me", "Possibly", "Isobel",
            ])
    }

    /// A track moved to another disc: the album then lists its discs under headings, in disc order.
    @Test func aTracksDiscIsEditedByIdOrByQuery() async throws {
        let possibly = try #require(try await home.album(0).tracks.first { $0.title == "Possibly" })
        #expect(
            try await home.ok("edit", "track:\(possibly.id)", "--disc", "2", "--number", "1").hasPrefix(
                "Updated"))
        let after = try await home.album(0)
        #expect(after.tracks.map(\.disc) == [1, 1, 2])
        let shown = try await home.ok("show", "0")
        let headings = shown.split(separator: "\n").filter { $0.contains("Disc ") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(headings == ["Disc 1", "Disc 2"], "\(shown)")
        _ = try await home.ok("modify", "--tracks", "track:army", "disc=3", "-y")
        #expect(try await home.album(0).tracks.map(\.title) == ["Hyperballad", "Possibly", "Army"])
        #expect(try await home.album(0).tracks.map(\.disc) == [1, 2, 3])
        _ = try await home.ok("undo")
        _ = try await home.ok("undo")
        #expect(try await home.album(0).tracks.map(\.disc) == [1, 1, 1])
        let bad = try await home.run(["edit", "track:\(possibly.id)", "--disc", "0"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("invalid disc '0'"), "\(bad.stderr)")
    }

    @Test func badTrackEditsAreOneLineAndChangeNothing() async throws {
        let army = try #require(try await home.album(0).tracks.first { $0.title == "Army" })
        for (arguments, message) in [
            (["--title", ""], "invalid title '': must not be empty"),
            (["--number", "0"], "invalid number '0': must be a whole number from 1 to 9999"),
            (["--year", "1995"], "a track has no --year of its own"),
        ] {
            let result = try await home.run(["edit", "track:\(army.id)"] + arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count <= 2, "\(result.stderr)")
        }
        let missing = try await home.run([
            "edit", "track:00000000-0000-8000-8000-000000000000", "--title", "X",
        ])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no track with id"), "\(missing.stderr)")
        #expect(try await home.album(0).tracks.map(\.title) == ["Army", "Hyperballad", "Possibly"])
    }

    @Test func modifyTracksChangesEveryTrackTheQueryNamesInOneStep() async throws {
        let preview = try await home.run(["modify", "--tracks", "trackartist:bjork", "artist=Björk"])
        #expect(preview.status != 0, "no terminal and no -y: only the preview")
        #expect(
            preview.stdout.contains("Bjork - Army (Post)\n  artist: Bjork -> Björk\n"), "\(preview.stdout)")
        #expect(preview.stderr.contains("would change 3 tracks"), "\(preview.stderr)")
        let done = try await home.ok("modify", "--tracks", "trackartist:bjork", "artist=Björk", "-y")
        #expect(done.hasSuffix("Modified 3 tracks. Run 'bluelibrary undo' to change them back.\n"))
        #expect(try await home.album(0).tracks.map(\.artist) == ["Björk", "Björk", "Björk"])
        #expect(try await home.ok("undo").hasPrefix("Undid edit of 3 tracks."))
        #expect(try await home.album(0).tracks.map(\.artist) == ["Bjork", "Bjork", "Bjork"])
        let none = try await home.ok("modify", "--tracks", "track:nothing", "title=X", "-y")
        #expect(none == "No tracks match.\n")
    }
}

/// `BLUELIBRARY_SEPARATORS` replaces the list credits are cut at: a library scanned and served with
/// `" x |;"` credits "Ann x Bob" as two artists, where the standard list keeps it one name.
struct CLICreditSeparatorTests {
    let home = CLIHome()
    let music = MusicFolder()

    /// The credits of the first track of the album titled `title`, as the page's JSON API gives them.
    private func credits(_ environment: [String: String], _ title: String) async throws -> [String] {
        let server = try await ServerProcess(
            environment: home.environment.merging(environment) { $1 }.merging(["BLUELIBRARY_OFFLINE": "1"]) {
                $1
            })
        let list = try await LoopbackHTTP.request(port: server.port, "GET", "/api/albums?q=album:\(title)")
        var details: LoopbackHTTP.Reply?
        if case .array(let albums)? = try JSONParser.parse(Array((list?.body ?? "").utf8))["albums"],
            case .string(let id)? = albums.first?["id"]
        {
            details = try await LoopbackHTTP.request(port: server.port, "GET", "/api/albums/\(id)")
        }
        await server.stop()
        guard case .array(let tracks)? = try JSONParser.parse(Array((details?.body ?? "{}").utf8))["tracks"],
            case .array(let artists)? = tracks.first?["artists"]
        else { return [] }
        return artists.compactMap { if case .string(let name) = $0 { name } else { nil } }
    }

    @Test func theSeparatorsCanBeReplaced() async throws {
        try await home.removeEveryAlbum()
        try await music.add("One/1.mp3", track("Duet", by: "Ann x Bob", on: "One", number: 1))
        let replaced = ["BLUELIBRARY_SEPARATORS": " x |;"]
        _ = try await home.run(["import", music.directory.path], environment: replaced)
        #expect(try await credits(replaced, "one") == ["Ann", "Bob"])
        let standard = CLIHome()
        try await standard.removeEveryAlbum()
        _ = try await standard.ok("import", music.directory.path)
        let server = try await ServerProcess(
            environment: standard.environment.merging(["BLUELIBRARY_OFFLINE": "1"]) { $1 })
        let list = try #require(
            try await LoopbackHTTP.request(port: server.port, "GET", "/api/tracks?q=duet"))
        await server.stop()
        #expect(list.body.contains(#""artists":["Ann x Bob"]"#), "\(list.body)")
    }
}
