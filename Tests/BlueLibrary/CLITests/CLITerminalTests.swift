import BlueLibraryCore
import BlueLibraryServices
import Foundation
import TestSupport
import Testing

/// The real `bluelibrary tui` in a real terminal: tmux runs it on a private server socket, the test
/// types with send-keys and reads the screen with capture-pane.
struct CLITerminalTests {
    let home = CLIHome()

    private func start(_ tmux: TmuxSession, width: Int = 100, height: Int = 30) async throws {
        try await home.startTUI(in: tmux, width: width, height: height)
    }

    @Test(.timeLimit(.minutes(2))) func browseDeleteUndoQuitAndComeBack() async throws {
        let tmux = TmuxSession(name: "bl", scratch: home.directory)
        _ = try await home.ok("list")
        try await start(tmux)
        try await tmux.waitFor("album 1 of 5")
        try await tmux.waitFor("[Trash]")
        try await tmux.keys("Right")
        try await tmux.waitFor("album 2 of 5")
        try await tmux.waitFor("It's My Life")
        try await tmux.keys("d")
        try await tmux.waitFor("Deleted \"It's My Life\"")
        try await tmux.waitFor("album 2 of 4")
        #expect(try await home.ok("stats", "--json").contains("\"albums\":4"))
        try await tmux.keys("u")
        try await tmux.waitFor("Undid delete \"It's My Life\"")
        try await tmux.keys("Right")
        try await tmux.waitFor("album 3 of 5")
        try await tmux.keys("q")
        try await tmux.waitFor("EXITED 0")
        // The terminal is as it was: main screen, cursor shown, none of the UI left behind.
        #expect(await tmux.isRestored)
        #expect(await !tmux.screen.contains("[Trash]"))
        #expect(
            try await home.ok("list", "--format", "$title") == Fixtures.seedTitles.joined(separator: "\n")
                + "\n")
        #expect(try await home.ok("current", "--json").contains(#""title":"Nothing Like The Sun""#))

        // The next start opens on the same album.
        try await tmux("kill-session", "-t", "bl")
        try await start(tmux)
        try await tmux.waitFor("album 3 of 5")
        try await tmux.waitFor("Nothing Like The Sun")
        // A change from another process shows up while it runs.
        _ = try await home.ok("delete", "4")
        try await tmux.waitFor("album 3 of 4")
        // A smaller window: the screen is laid out again at the new size.
        try await tmux("resize-window", "-t", "bl", "-x", "60", "-y", "26")
        let laidOutAgain = await tmux.waitUntil(seconds: 30) { screen in
            screen.split(separator: "\n").contains { $0.hasSuffix("[Trash]") && $0.count <= 60 }
        }
        #expect(laidOutAgain)
        // SIGTERM also leaves the terminal as it was.
        let shell = try await tmux("display-message", "-p", "-t", "bl", "#{pane_pid}").trimmed
        #expect(await TestThreads.run { system("pkill -TERM -P \(shell) -f bluelibrary") } == 0)
        try await tmux.waitFor("EXITED 0")
        #expect(await tmux.isRestored)
        await tmux.kill()
    }

    @Test(.timeLimit(.minutes(2))) func editInTheFormInASmallWindowThenUndo() async throws {
        let tmux = TmuxSession(name: "ble", scratch: home.directory)
        _ = try await home.ok("add", "--title", "教育 — 東京事変のデビュー・アルバム", "--artist", "東京事変")
        try await start(tmux, width: 40, height: 12)
        try await tmux.waitFor("album 1 of 6")
        try await tmux.waitFor("? keys")
        // Every row fits the small window.
        #expect(await tmux.screen.split(separator: "\n").allSatisfy { $0.count <= 40 })
        try await tmux.keys("?")
        try await tmux.waitFor("any key closes")
        try await tmux.keys("x")
        #expect(await tmux.waitUntil(seconds: 30) { !$0.contains("any key closes") })
        try await tmux.keys("e")
        try await tmux.waitFor("Edit — Enter saves, Esc cancels")
        try await tmux.keys("C-u", "Heroes", "Up", "C-u", "12", "Enter")
        // The mistake is shown in the form, which stays open.
        try await tmux.waitFor("invalid year '12'")
        try await tmux.waitFor("› Year    12")
        try await tmux.keys("C-u", "1977", "Enter")
        try await tmux.waitFor("Edited \"Heroes\"")
        #expect(try await home.ok("list", "--format", "$title $year").hasPrefix("Heroes 1977\n"))
        try await tmux.keys("u")
        try await tmux.waitFor("Undid edit \"Heroes\"")
        #expect(try await home.ok("list", "--format", "$title $year").hasPrefix("Best of Bowie 1992\n"))
        // PgDn moves a screenful: three covers in 40 columns.
        try await tmux.keys("NPage")
        try await tmux.waitFor("album 4 of 6")
        // A long title of wide characters ends with "…" inside the window, the table's column in line.
        try await tmux.keys("End")
        try await tmux.waitFor("album 6 of 6")
        // Waited for, not read once: tmux may show the new frame before all of it has arrived.
        let fitted = await tmux.waitUntil { screen in
            let rows = screen.split(separator: "\n")
            return rows.contains("  Artist  │ 東京事変") && rows.contains("  Album   │ 教育 — 東京事変のデビュー…")
        }
        let screen = await tmux.screen
        #expect(fitted, "\(screen)")
        // A tall window shows larger covers and more details.
        try await tmux.keys("PPage")
        try await tmux.waitFor("album 3 of 6")
        try await tmux("resize-window", "-t", "ble", "-x", "80", "-y", "40")
        try await tmux.waitFor("Id      │ 6b1e7c9e-0000-4000-8000-000000000002")
        try await tmux.keys("q")
        try await tmux.waitFor("EXITED 0")
        #expect(await tmux.isRestored)
        await tmux.kill()
    }

    @Test func helpListsTheKeys() async throws {
        let help = try await home.ok("tui", "--help")
        for line in [
            "  e          edit the album", "  PgUp PgDn  a screenful of covers",
            "  / Esc      search, clear the search",
            "  ?          show the keys", "Ctrl+U clears it", "from 40×12",
        ] {
            #expect(help.contains(line))
        }
    }

    @Test func withoutATerminalItSaysSo() async throws {
        let result = try await home.run(["tui"])
        #expect(result.status == 64)
        #expect(
            result.stderr == "bluelibrary: tui needs a terminal: standard input and output must both be one\n"
        )
    }
}
