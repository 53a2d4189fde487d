import BlueLibraryCore
import BlueLibraryServices
import BlueLibraryStore
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySQLite

/// Every bad input gets one line on stderr, a sysexits status, and changes nothing.
struct CLIBadInputTests {
    let home = CLIHome()

    @Test(
        arguments: [
            (["frobnicate"], "unknown verb 'frobnicate' (run 'bluelibrary --help' for the list)", 64),
            (
                ["list", "--colour"], "unknown option '--colour' for 'list' (run 'bluelibrary list --help')",
                64
            ),
            (["delete", "7"], "no album at index 7 (the library has 4)", 65),
            (["delete", "-1"], "no album at index -1 (the library has 4)", 65),
            (["delete"], "'delete' needs more arguments (usage: bluelibrary delete INDEX|ID|QUERY)", 64),
            (
                ["delete", "1", "2"],
                "unexpected argument '2' for 'delete' (usage: bluelibrary delete INDEX|ID|QUERY)", 64
            ),
            (
                ["delete", "6b1e7c9e-0000-4000-8000-00000000000f"],
                "no album with id 6b1e7c9e-0000-4000-8000-00000000000f", 65
            ),
            (["show", "abc"], "no album matches 'abc'", 65),
            (
                ["show", "sun"],
                "'sun' matches 2 albums (2 Sting - Nothing Like The Sun; 3 U2 - Staring at the Sun); name one by its index or id",
                65
            ),
            (["list", "genre:jazz", ","], "invalid query: a ',' needs a term after it (genre:jazz ,)", 65),
            (["select", "9"], "no album at index 9 (the library has 4)", 65),
            (
                ["add", "--title", "X"],
                "'add' needs --title and --artist (usage: bluelibrary add --title T --artist A [--genre G] [--year Y] [--cover URL] [--at INDEX])",
                64
            ),
            (["add", "--title"], "option '--title' needs a value (T)", 64),
            (
                ["add", "--title", "X", "--artist", "Y", "--year", "12"],
                "invalid year '12': must be between 1000 and 9999", 65
            ),
            (
                ["add", "--title", "X", "--artist", "Y", "--year", "next"],
                "invalid year 'next': not a whole number", 65
            ),
            (["add", "--title", "", "--artist", "Y"], "invalid title '': must not be empty", 65),
            (
                ["add", "--title", "X", "--artist", "Y", "--cover", "ftp://h/c.png"],
                "invalid cover_url 'ftp://h/c.png': unsupported scheme 'ftp' (use http, https or file)", 65
            ),
            (
                ["add", "--title", "X", "--artist", "Y", "--at", "two"],
                "invalid --at 'two': not a whole number", 64
            ),
            (
                ["edit", "0"],
                "'edit' needs at least one field to change (usage: bluelibrary edit INDEX|ID|QUERY [--title T] [--artist A] [--genre G] [--year Y|''] [--cover URL] | track:ID [--title T] [--artist A] [--number N|''] [--disc D] [--genre 'G; H'|''] [--write-tags])",
                64
            ),
            (["edit", "0", "--artist", ""], "invalid artist '': must not be empty", 65),
            (
                ["list", "colour:red"],
                "invalid query term 'colour:red': unknown field 'colour' (fields: id, title, artist, genre, year, cover_url, mbid, track, trackartist, added; in a smart playlist also plays, rating (stars), starred, played)",
                65
            ),
            (
                ["list", "--format", "$nope"],
                "invalid template '$nope': unknown field '$nope' (fields: index, id, title, artist, genre, year, cover_url, mbid, tracks, length)",
                65
            ),
            (["export", "--format", "xml"], "invalid --format 'xml': use json or csv", 64),
            (["import", "/nonexistent/albums.json"], "import /nonexistent/albums.json: no such file", 66),
            (["undo", "--json"], "unknown option '--json' for 'undo' (run 'bluelibrary undo --help')", 64),
        ] as [([String], String, Int32)])
    func badInputIsRefusedWithOneLineAndChangesNothing(arguments: [String], message: String, status: Int32)
        async throws
    {
        _ = try await home.ok("select", "2")
        _ = try await home.ok("delete", "4")
        let before = try await home.fingerprint()
        let result = try await home.run(arguments)
        #expect(result.stderr == "bluelibrary: \(message)\n")
        #expect(result.status == status)
        #expect(result.stdout.isEmpty)
        #expect(try await home.fingerprint() == before)
    }

    @Test(
        arguments: [
            (
                "bad.json",
                "[\n  {\"title\": \"A\", \"artist\": \"B\"},\n  {\"title\": \"C\" \"artist\": \"D\"}\n]\n",
                "line 3, column 17: expected ',' or '}' in object", 65
            ),
            (
                "bad2.json",
                "[{\"title\": \"A\", \"artist\": \"B\"}, {\"title\": \"C\", \"artist\": \"D\", \"year\": 20000}]",
                "line 1, column 33: album 2: invalid year '20000': must be between 1000 and 9999", 65
            ),
            ("bad.csv", "title,artist\nGood,One\n\"Broken,Two\n", "line 3: unclosed quote", 65),
            (
                "dup.json",
                "[{\"title\": \"A\", \"artist\": \"B\"}, {\"id\": \"6b1e7c9e-0000-4000-8000-000000000001\", \"title\": \"C\", \"artist\": \"D\"}]",
                "album 6b1e7c9e-0000-4000-8000-000000000001 (\"C\") is already in the library with other fields",
                65
            ),
        ] as [(String, String, String, Int32)])
    func aMalformedImportNamesItsLineAndImportsNothing(
        name: String, content: String, message: String, status: Int32
    ) async throws {
        _ = try await home.ok("list")
        let before = try await home.fingerprint()
        let file = home.directory.write(name, content)
        let result = try await home.run(["import", file])
        #expect(result.stderr == "bluelibrary: import \(file): \(message); nothing was imported\n")
        #expect(result.status == status)
        #expect(try await home.fingerprint() == before)
    }

    @Test func aFileThatIsNotALibraryIsRefusedAndNeverOverwritten() async throws {
        let notes = home.directory.write("notes.txt", "dear diary\n")
        for arguments in [["list"], ["add", "--title", "X", "--artist", "Y"]] {
            let result = try await home.run(["--library", notes] + arguments)
            #expect(result.status == 65)
            #expect(result.stderr.hasPrefix("bluelibrary: \(notes) is not a BlueLibrary database"))
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        }
        #expect(home.directory.read(notes) == Array("dear diary\n".utf8))
    }

    @Test func aLibraryFromANewerBlueLibraryIsRefused() async throws {
        _ = try await home.ok("list")
        let library = home.libraryPath
        // A committed write (an fsync): on a test thread, not the cooperative pool.
        try await TestThreads.run {
            try SQLiteConnection(path: library, busyTimeout: 100).execute("PRAGMA user_version = 42")
        }
        let result = try await home.run(["list"])
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "bluelibrary: library \(home.libraryPath) has schema version 42, newer than this bluelibrary understands (\(Schema.latestVersion)); upgrade bluelibrary\n"
        )
    }

    @Test func aLockedLibraryWaitsForTheBusyTimeoutThenFailsClearly() async throws {
        _ = try await home.ok("list")
        let holder = try SQLiteConnection(path: home.libraryPath, busyTimeout: 100)
        try holder.execute("BEGIN IMMEDIATE")
        let result = try await home.run(["delete", "0"], environment: ["BLUELIBRARY_BUSY_TIMEOUT_MS": "300"])
        try holder.execute("ROLLBACK")
        #expect(result.status == 69)
        #expect(
            result.stderr
                == "bluelibrary: library \(home.libraryPath) is locked by another process (gave up waiting)\n"
        )
        #expect(try await LibraryAPI(path: home.libraryPath).count() == 5)
    }
}
