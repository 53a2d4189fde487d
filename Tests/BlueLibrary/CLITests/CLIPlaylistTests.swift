import BlueLibraryCore
import BlueLibraryServices
import Foundation
import TestSupport
import Testing

/// `bluelibrary playlist`: a user's playlists to and from `.m3u8` files — paths absolute, relative to the
/// file, relative to a music folder, or `file://` URLs; lines that name no track reported, the rest kept;
/// an export that a player (and an import) reads back to the same tracks.
struct CLIPlaylistTests {
    let home = CLIHome()
    let music = MusicFolder()
    let files = TemporaryDirectory("playlists")

    init() async throws {
        try await music.add("Ada/Alpha/01.ogg", track("Alpha One", by: "Ada", on: "Alpha", number: 1))
        try await music.add("Ada/Alpha/02.ogg", track("Alpha Two", by: "Ada", on: "Alpha", number: 2))
        try await music.add("Bea/Beta/01 Süß.ogg", track("Beta One", by: "Bea", on: "Beta", number: 1))
    }

    func prepare() async throws {
        #expect(try await home.run(["import", music.root]).status == 0)
        _ = try await home.ok("user", "add", "joe", stdin: "one\n")
        _ = try await home.ok("user", "add", "ann", stdin: "two\n")
    }

    @Test func aPlaylistFileIsImportedWithEveryKindOfLocationAndWhatMatchesNothingIsListed() async throws {
        try await prepare()
        let list = files.write(
            "Road Trip.m3u8",
            """
            \u{FEFF}#EXTM3U
            #EXTINF:3,Bea - Beta One
            \(music.path("Bea/Beta/01 Süß.ogg"))
            file://\(music.path("Ada/Alpha/02.ogg").replacing(" ", with: "%20"))
            Ada/Alpha/01.ogg
            Ada\\Alpha\\02.ogg
            /nowhere/else.mp3
            http://radio.example/stream

            """)
        let imported = try await home.ok("playlist", "import", list)
        #expect(
            imported == """
                Imported 'Road Trip' for joe: 4 tracks.
                2 lines named no track of the library:
                  line 7: /nowhere/else.mp3
                  line 8: http://radio.example/stream

                """)
        #expect(try await home.ok("playlist", "list") == "Road Trip  4 tracks\n")
        #expect(try await home.ok("playlist", "list", "--user", "ann").hasPrefix("ann has no playlists yet"))
        // The playlist is joe's for his music apps too, in the file's order.
        let library = LibraryAPI(path: home.libraryPath)
        let playlists = try await library.listening { try $0.playlists() }
        let tracks = try await library.listening { reader in
            try reader.catalogTracks(TrackSelection(ids: playlists[0].trackIDs), offset: 0, limit: .max)
        }
        let titles = Dictionary(tracks.map { ($0.stored.track.id, $0.stored.track.title) }) { first, _ in
            first
        }
        #expect(
            playlists[0].trackIDs.map { titles[$0] } == ["Beta One", "Alpha Two", "Alpha One", "Alpha Two"])
        await library.close()
        // A name taken is refused, and nothing is added; another name is fine.
        let again = try await home.run(["playlist", "import", list])
        #expect(again.status == 65)
        #expect(
            again.stderr
                == "bluelibrary: joe has a playlist named 'Road Trip' already; give another with --name\n")
        #expect(
            try await home.ok("playlist", "import", list, "--name", "Again", "--user", "ann").hasPrefix(
                "Imported 'Again' for ann: 4 tracks."))
    }

    @Test func anExportReadsBackToTheSameTracks() async throws {
        try await prepare()
        let list = files.write(
            "mix.m3u8", "\(music.path("Ada/Alpha/02.ogg"))\n\(music.path("Bea/Beta/01 Süß.ogg"))\n")
        _ = try await home.ok("playlist", "import", list)
        // Beside the music: relative to the file; elsewhere: absolute.
        let beside = music.path("mix.m3u8")
        #expect(try await home.ok("playlist", "export", "MIX", "-o", beside) == "")
        let text = try String(contentsOfFile: beside, encoding: .utf8)
        #expect(
            text == """
                #EXTM3U
                #EXTINF:2,Ada - Alpha Two
                Ada/Alpha/02.ogg
                #EXTINF:2,Bea - Beta One
                Bea/Beta/01 Süß.ogg

                """)
        let printed = try await home.ok("playlist", "export", "mix")
        #expect(printed.contains("\n\(music.path("Ada/Alpha/02.ogg"))\n"))
        _ = try await home.ok("playlist", "import", beside, "--name", "Back")
        #expect(try await home.ok("playlist", "list") == "mix   2 tracks\nBack  2 tracks\n")
    }

    @Test func aSmartPlaylistIsMadeListedExportedAndGivenANewRule() async throws {
        try await prepare()
        #expect(
            try await home.ok("playlist", "smart", "Ada's", "artist:ada", "--order", "title", "--limit", "5")
                == "Smart playlist 'Ada's' for joe: 2 tracks now.\n")
        #expect(
            try await home.ok("playlist", "list") == "Ada's  smart: artist:ada (title order, at most 5)\n")
        // It follows the library: Alpha Two retitled "Aardvark" comes first.
        let library = LibraryAPI(path: home.libraryPath)
        let two = try #require(
            try await library.storedTracks(under: music.root).first { $0.track.title == "Alpha Two" })
        #expect(try await home.run(["edit", "track:\(two.track.id)", "--title", "Aardvark"]).status == 0)
        let exported = try await home.ok("playlist", "export", "Ada's")
        #expect(
            exported.split(separator: "\n").filter { !$0.hasPrefix("#") } == [
                Substring(music.path("Ada/Alpha/02.ogg")), Substring(music.path("Ada/Alpha/01.ogg")),
            ])
        // Smart again under its name: a new rule, the same playlist; for joe's phone, what he has played.
        #expect(
            try await home.ok("playlist", "smart", "Ada's", "artist:ada plays:0", "--limit", "1")
                == "Smart playlist 'Ada's' for joe: 1 track now.\n")
        let playlists = try await library.listening { try $0.playlists() }
        #expect(playlists.count == 1 && playlists[0].rule?.query == "artist:ada plays:0")
        // A playlist of chosen tracks is not made smart by the same name.
        let list = files.write("mix.m3u8", "\(music.path("Ada/Alpha/02.ogg"))\n")
        _ = try await home.ok("playlist", "import", list)
        let taken = try await home.run(["playlist", "smart", "mix", "tone"])
        #expect(taken.status == 65 && taken.stderr.contains("joe's playlist 'mix' is one of chosen tracks"))
    }

    @Test func aTrackOfADeletedAlbumIsNamedAsMatchingNothing() async throws {
        try await prepare()
        // Beta deleted: its tracks are kept for undo, but are not in the library.
        let beta = try await home.run(["delete", "album:Beta"])
        #expect(beta.status == 0, "\(beta.stderr)")
        let list = files.write(
            "two.m3u8", "\(music.path("Ada/Alpha/01.ogg"))\n\(music.path("Bea/Beta/01 Süß.ogg"))\n")
        #expect(
            try await home.ok("playlist", "import", list) == """
                Imported 'two' for joe: 1 track.
                1 line named no track of the library:
                  line 2: \(music.path("Bea/Beta/01 Süß.ogg"))

                """)
    }

    @Test(arguments: [
        (["playlist"], 64, "usage: bluelibrary playlist"),
        (["playlist", "play"], 64, "unknown action 'play'"),
        (["playlist", "import"], 64, "import needs a FILE.m3u8"),
        (["playlist", "export"], 64, "export needs a playlist NAME"),
        (["playlist", "list", "--name", "x"], 64, "--name goes with import"),
        (["playlist", "import", "/nowhere/x.m3u8"], 66, "cannot read /nowhere/x.m3u8: no such file"),
        (["playlist", "export", "Nothing"], 65, "joe has no playlist named 'Nothing'"),
        (["playlist", "list", "--user", "zed"], 65, "no user named zed"),
        (["playlist", "smart", "X"], 64, "smart needs a NAME and a QUERY"),
        (["playlist", "smart", "X", "plays:many"], 65, "invalid query term 'plays:many'"),
        (["playlist", "smart", "X", "tone", "--order", "loud"], 64, "unknown --order 'loud'"),
        (["playlist", "smart", "X", "tone", "--limit", "0"], 65, "limit must be from 1 to 5000, not 0"),
        (["playlist", "smart", "X", "tone", "--limit", "lots"], 64, "--limit 'lots' is not a whole number"),
        (["playlist", "list", "--order", "plays"], 64, "--order goes with smart"),
        (["list", "plays:0"], 65, "'plays:' is a person's own, so it works only in a smart playlist"),
    ])
    func mistakesAreOneLineAndChangeNothing(arguments: [String], status: Int32, message: String) async throws
    {
        try await prepare()
        let result = try await home.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aFileThatIsNotUTF8OrAListWithoutUsersIsOneLine() async throws {
        let latin = files.file("latin.m3u8")
        try Data([0x53, 0xFC, 0xDF, 0x0A]).write(to: URL(fileURLWithPath: latin))
        let noUsers = try await home.run(["playlist", "list"])
        #expect(noUsers.status == 65 && noUsers.stderr.contains("no users yet"))
        try await prepare()
        let result = try await home.run(["playlist", "import", latin])
        #expect(result.status == 65)
        #expect(result.stderr == "bluelibrary: \(latin) is not UTF-8 text (an .m3u8 playlist is)\n")
    }
}
