import BlueLibraryCore
import Foundation
import TestSupport
import Testing

/// The command line in everyday use: many albums at once, duplicates, suggestions, help, aliases, colour, and
/// the rough edges a new user trips over.
struct CLIEverydayTests {
    let home = CLIHome()

    /// Runs a command under script(1), which gives it a pseudo-terminal as a person's shell would,
    /// with `input` typed at it.
    private func onTerminal(_ command: String, input: String = "") async throws -> String {
        let binary = BinaryRunner.productsDirectory + "/bluelibrary"
        let script = "printf '\(input)' | script -qec '\(binary) \(command)' /dev/null"
        return try await BinaryRunner.shell(
            script, environment: home.environment.merging(["TERM": "xterm"]) { $1 }
        )
        .stdout
    }

    @Test func modifyChangesEveryMatchAndOneUndoTakesItBack() async throws {
        let modified = try await home.ok("modify", "sun", "genre=Rock", "year!", "-y")
        #expect(
            modified.contains("Sting - Nothing Like The Sun\n  genre: Pop -> Rock\n  year: 1999 -> (none)\n"))
        #expect(modified.hasSuffix("Modified 2 albums. Run 'bluelibrary undo' to change them back.\n"))
        #expect(
            try await home.ok("list", "genre:rock", "--format", "$title|$year")
                == "Nothing Like The Sun|\nStaring at the Sun|\n")
        #expect(try await home.ok("undo").hasPrefix("Undid change of 2 albums."))
        #expect(try await home.ok("list", "genre:rock") == "")
    }

    @Test func removeTakesEveryMatchAndOneUndoPutsEachBackInItsPlace() async throws {
        let before = try await home.ok("list")
        #expect(
            try await home.ok("rm", "sun", "-y").hasSuffix(
                "Removed 2 albums. Run 'bluelibrary undo' to bring them back.\n"))
        #expect(
            try await home.ok("ls")
                == "0  David Bowie - Best of Bowie (1992)\n1  No Doubt - It's My Life (2003)\n2  Madonna - American Pie (2000)\n"
        )
        _ = try await home.ok("undo")
        #expect(try await home.ok("list") == before)
    }

    @Test func withoutATerminalABulkChangeShowsItsPreviewAndNeedsMinusY() async throws {
        for arguments in [["modify", "sun", "genre=Rock"], ["remove", "sun"]] {
            let result = try await home.run(arguments)
            #expect(result.status == 64)
            #expect(
                result.stdout.contains("Nothing Like The Sun") && result.stdout.contains("Staring at the Sun")
            )
            #expect(
                result.stderr.hasSuffix("would change 2 albums; add -y to confirm (no terminal to ask)\n"))
        }
        let everything = try await home.run(["remove"])
        #expect(everything.stderr == "bluelibrary: 'remove' needs a query, or --all to remove every album\n")
        let allFields = try await home.run(["modify", "genre=Rock", "-y"])
        #expect(allFields.stderr == "bluelibrary: 'modify' needs a query, or --all to change every album\n")
        #expect(allFields.status == 64)
        #expect(
            try await home.ok("modify", "--all", "genre=Rock", "-y").hasPrefix("David Bowie - Best of Bowie"))
        #expect(try await home.ok("stats", "--json").contains("\"albums\":5"))
    }

    @Test func onATerminalABulkChangeAsksFirst() async throws {
        let declined = try await onTerminal("remove sun", input: "n\\n")
        #expect(declined.contains("Remove 2 albums? [y/N]"))
        #expect(declined.contains("Nothing was removed."))
        #expect(try await home.ok("stats", "--json").contains("\"albums\":5"))
        let accepted = try await onTerminal("remove sun", input: "y\\n")
        #expect(accepted.contains("Removed 2 albums."))
        #expect(try await home.ok("stats", "--json").contains("\"albums\":3"))
    }

    @Test func importingTheSameFileTwiceAddsNothingAndAnImportIsOneUndoStep() async throws {
        let file = home.directory.write(
            "more.csv", "title,artist\nHeroes,David Bowie\nLow,David Bowie\n  heroes ,DAVID  bowie\n")
        #expect(
            try await home.ok("import", file)
                == "Imported 2 albums from \(file) (1 duplicate skipped; --duplicates keep adds them).\n"
                + "The tutorial's five albums made way for your music ('bluelibrary undo' brings them back).\n"
        )
        #expect(
            try await home.ok("import", file)
                == "Imported 0 albums from \(file) (3 duplicates skipped; --duplicates keep adds them).\n")
        #expect(
            try await home.ok("import", "--duplicates", "keep", file) == "Imported 3 albums from \(file).\n")
        #expect(try await home.ok("undo").hasPrefix("Undid import of 3 albums."))
        #expect(
            try await home.ok("undo").hasPrefix("Undid import of 2 albums, in place of the tutorial's five."))
        #expect(try await home.ok("stats", "--json").contains("\"albums\":5"))
        let asked = try await home.run(["import", "--duplicates", "ask", file])
        #expect(asked.status == 64)
        #expect(try await home.run(["import", "--duplicates", "maybe", file]).status == 64)
    }

    @Test func typosGetSuggestionsAndHelpHasAVerb() async throws {
        #expect(
            try await home.run(["lst"]).stderr == "bluelibrary: unknown verb 'lst' (did you mean 'list'?)\n")
        #expect(
            try await home.run(["add", "--titel", "X"]).stderr
                == "bluelibrary: unknown option '--titel' for 'add' (did you mean '--title'?)\n")
        #expect(try await home.ok("help", "list") == (try await home.ok("list", "--help")))
        #expect(try await home.ok("help").contains("VERBS:"))
        #expect(
            try await home.run(["help", "lsit"]).stderr
                == "bluelibrary: unknown verb 'lsit' (did you mean 'list'?)\n")
    }

    @Test(arguments: [
        ("yr-", "cannot sort by unknown field 'yr'"), ("title::x", "'title::' is not supported"),
        ("^", "'^' negates nothing"), ("year:2000..1990", "the range is reversed (use 1990..2000)"),
    ])
    func queriesThatMeanNothingAreErrors(term: String, message: String) async throws {
        let result = try await home.run(["list", term])
        #expect(result.status == 65)
        #expect(result.stderr.contains(message))
    }

    @Test func aCommaAttachedToAWordSeparatesAlternatives() async throws {
        #expect(
            try await home.ok("list", "bowie,", "madonna", "--format", "$artist") == "David Bowie\nMadonna\n")
    }

    @Test func smallThingsANewUserTripsOver() async throws {
        _ = try await home.ok("add", "--title", "Undated", "--artist", "Someone")
        let shown = try await home.ok("show", "5")
        #expect(!shown.contains("Year"), "no empty Year row")
        #expect(!shown.contains("Genre"), "no empty Genre row")
        let both = try await home.run(["list", "--json", "--format", "$title"])
        #expect(both.status == 64)
        let missing = try await home.run(["edit", "5", "--cover", "/nonexistent/cover.png"])
        #expect(missing.status == 0)
        #expect(
            missing.stderr.hasPrefix(
                "bluelibrary: warning: the cover /nonexistent/cover.png does not exist (yet)"))
        let offline = try await home.run(["covers", "fetch"], environment: ["BLUELIBRARY_OFFLINE": "1"])
        #expect(offline.stdout.contains("; offline: 5 albums use generated artwork\n"), "\(offline.stdout)")
        #expect(offline.stdout.hasPrefix("offline   Best of Bowie\n"), "an offline run is not a failure")
    }

    @Test func listIsInColourOnATerminalAndPlainInAPipe() async throws {
        let terminal = try await onTerminal("list")
        #expect(terminal.contains("\u{1B}[1m0  David Bowie - Best of Bowie (1992)  \u{1B}[2m◀ current"))
        #expect(terminal.contains("\u{1B}[2m1  No Doubt"))
        let noColor = try await BinaryRunner.shell(
            "script -qec '$BIN/bluelibrary list' /dev/null",
            environment: home.environment.merging(["NO_COLOR": "1"]) { $1 })
        #expect(!noColor.stdout.contains("\u{1B}["))
        #expect(!(try await home.ok("list")).contains("\u{1B}["))
    }

    @Test(.timeLimit(.minutes(1))) func serveOnLocalhostAndABusyPort() async throws {
        _ = try await home.ok("list")
        let server = try await ServerProcess(
            arguments: ["--host", "localhost", "--port", "0"], environment: home.environment)
        #expect(server.url.hasPrefix("http://127.0.0.1:"))
        let busy = try await home.run(["serve", "--port", String(server.port)])
        #expect(busy.status == 69)
        #expect(
            busy.stderr
                == "bluelibrary: port \(server.port) on 127.0.0.1 is in use by another program; try --port 0 for any free port\n"
        )
        await server.stop()
    }
}
