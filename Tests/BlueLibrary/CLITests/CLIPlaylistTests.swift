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
