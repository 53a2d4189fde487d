import BlueLibraryCore
import BlueLibraryServices
import Foundation
import TestSupport
import Testing

struct CLIWorkflowTests {
    let home = CLIHome()

    @Test func firstUseListsTheFiveSeedAlbums() async throws {
        let output = try await home.ok("list")
        #expect(Snapshot.check(output, named: "list-first-use") == nil)
        #expect(FileManager.default.fileExists(atPath: home.libraryPath))
    }

    @Test func theDefaultLocationFollowsXDGDataHome() async throws {
        let result = try await BinaryRunner.run(
            "bluelibrary", ["list"],
            environment: ["XDG_DATA_HOME": home.directory.file("xdg"), "HOME": home.directory.path])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: home.directory.file("xdg/bluelibrary/library.db")))
    }

    @Test func deleteThenUndoInSeparateRunsRestoresTheAlbum() async throws {
        #expect(
            try await home.ok("delete", "2")
                == "Deleted \"Nothing Like The Sun\" from index 2. Run 'bluelibrary undo' to bring it back.\n"
        )
        #expect(try await !home.ok("list").contains("Sting"))
        #expect(
            try await home.ok("undo") == "Undid delete \"Nothing Like The Sun\". Current album: index 2.\n")
        #expect(try await home.ok("list") == (try await home.ok("list", "--library", home.libraryPath)))
        #expect(Snapshot.check(try await home.ok("list"), named: "list-first-use") == nil)
        #expect(try await home.ok("current").contains("Album  Nothing Like The Sun"))
        #expect(
            try await home.ok("redo") == "Redid delete \"Nothing Like The Sun\". Current album: index 2.\n")
        #expect(try await home.ok("redo") == "Nothing to redo.\n")
    }

    @Test func selectIsRememberedAcrossRuns() async throws {
        #expect(try await home.ok("select", "3") == "Current album: 3  U2 - Staring at the Sun\n")
        #expect(Snapshot.check(try await home.ok("current"), named: "current-after-select-3") == nil)
        #expect(try await home.ok("current", "--json").contains(#""title":"Staring at the Sun""#))
    }

    @Test func addAtAnIndexAndListAsJSON() async throws {
        let added = try await home.ok(
            "add", "--title", "Heroes", "--artist", "David Bowie", "--genre", "Rock", "--year", "1977",
            "--at", "1")
        #expect(added.hasPrefix("Added \"Heroes\" at index 1 (id "))
        let json = try JSONParser.parse(Array(try await home.ok("list", "--json").utf8))
        guard case .array(let albums) = json else {
            Issue.record("list --json is not an array")
            return
        }
        #expect(albums.count == 6)
        #expect(albums[1]["title"] == .string("Heroes"))
        #expect(albums[1]["year"] == .number("1977"))
        guard case .object(let members) = albums[0] else {
            Issue.record("each album is a JSON object")
            return
        }
        #expect(members.map(\.key) == ["id", "title", "artist", "genre", "year", "cover_url", "mbid"])
    }

    @Test func queriesAndTemplates() async throws {
        #expect(
            try await home.ok("list", "year:1999..2000", "--format", "$index $title")
                == "2 Nothing Like The Sun\n3 Staring at the Sun\n4 American Pie\n")
        #expect(try await home.ok("list", "sun", "^u2") == "2  Sting - Nothing Like The Sun (1999)\n")
        #expect(
            try await home.ok("list", "sting", ",", "madonna", "--format", "${artist}") == "Sting\nMadonna\n")
        #expect(try await home.ok("list", "year-", "--format", "$year") == "2003\n2000\n2000\n1999\n1992\n")
        #expect(try await home.ok("list", "nothing-matches-this") == "")
    }

    @Test func editChangesFieldsAndUndoRevertsIt() async throws {
        #expect(
            try await home.ok("edit", "0", "--year", "1993", "--genre", "Rock")
                == "Updated \"Best of Bowie\" at index 0.\n")
        #expect(try await home.ok("show", "0", "--json").contains(#""genre":"Rock","year":1993"#))
        _ = try await home.ok("undo")
        #expect(try await home.ok("show", "0", "--json").contains(#""genre":"Pop","year":1992"#))
    }

    @Test func exportThenImportIntoAnotherLibraryRoundTrips() async throws {
        let added = try await home.run([
            "add", "--title", "Quote \"and\", comma", "--artist", "Ünïcode Band", "--cover",
            "file:///nonexistent/c.png",
        ])
        #expect(added.status == 0)
        #expect(
            added.stderr.hasPrefix("bluelibrary: warning: the cover /nonexistent/c.png does not exist (yet)"))
        let jsonFile = home.directory.file("albums.json")
        let csvFile = home.directory.file("albums.csv")
        #expect(try await home.ok("export", "-o", jsonFile) == "")
        #expect(try await home.ok("export", "--format", "csv", "--output", csvFile) == "")
        let original = try await home.ok("export")
        for file in [jsonFile, csvFile] {
            let other = home.directory.file("other-\(UUID().uuidString.prefix(4)).db")
            let result = try await home.run(["--library", other, "import", file])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "Imported 1 album from \(file) (5 already in the library).\n")
            #expect(try await home.ok("--library", other, "export") == original, "\(file)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.directory.path).filter {
            $0.contains(".tmp-")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func importFromStandardInputAndCSV() async throws {
        let csv = "title,artist,year\nTen Summoner's Tales,Sting,1993\nThe Joshua Tree,U2,1987\n"
        // A library holding only the tutorial's albums takes the imported ones in their place.
        #expect(
            try await home.ok("import", "-", "--format", "csv", stdin: csv)
                == "Imported 2 albums from standard input.\n"
                + "The tutorial's five albums made way for your music ('bluelibrary undo' brings them back).\n"
        )
        #expect(try await home.ok("list", "artist:u2", "--format", "$title") == "The Joshua Tree\n")
        #expect(
            try await home.ok("undo").hasPrefix("Undid import of 2 albums, in place of the tutorial's five."))
        #expect(try await home.ok("list", "artist:u2", "--format", "$title") == "Staring at the Sun\n")
    }

    @Test func statsSummarisesTheLibrary() async throws {
        #expect(Snapshot.check(try await home.ok("stats"), named: "stats-seeds") == nil)
        // The state's members are the web API's (`GET /api/state`).
        #expect(
            try await home.ok("stats", "--json")
                == #"{"albums":5,"artists":5,"genres":1,"tracks":0,"length":0,"years":[1992,2003],"#
                + #""current":{"id":"6b1e7c9e-0000-4000-8000-000000000000","index":0},"count":5,"#
                + #""can_undo":false,"can_redo":false,"can_delete":true}"# + "\n")
    }

    @Test func helpAndVersion() async throws {
        #expect(Snapshot.check(try await home.ok("--help"), named: "help") == nil)
        #expect(try await home.ok("list", "--help").hasPrefix("USAGE: bluelibrary list [QUERY...]"))
        #expect(try await home.ok("--version") == "bluelibrary 0.1.0\n")
        #expect(try await home.ok().contains("VERBS:"))
    }

    /// Every verb's help, as `VERB --help` and as `help VERB`, word for word.
    @Test(
        arguments: [
            "help", "list", "show", "add", "edit", "delete", "modify", "remove", "undo", "redo", "select",
            "current", "import", "export", "stats", "backup", "sync", "serve", "tui", "covers", "user",
            "player", "playlist", "write", "config",
        ])
    func everyVerbHasItsHelp(verb: String) async throws {
        let help = try await home.ok(verb, "--help")
        #expect(Snapshot.check(help, named: "help-\(verb)") == nil)
        #expect(try await home.ok("help", verb) == help)
    }
}
