import BlueLibraryCore
import BlueLibraryServices
import BlueLibraryTestSupport
import Foundation
import Testing

/// The real `bluelibrary tui` in a real terminal: tmux runs it on a private server socket, the test
/// types with send-keys and reads the screen with capture-pane.
struct CLITerminalTests {
    let home = CLIHome()
    let socket = "bluelibrary-test-\(UUID().uuidString.prefix(8))"

    /// Runs a tmux command on the test's own server, through the shell into a file: Foundation's
    /// `Process` never sees the tmux client exit once it has forked the server.
    @discardableResult
    private func tmux(_ arguments: String...) throws -> String {
        let file = home.directory.file("tmux-\(UUID().uuidString.prefix(6)).out")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let quoted = (["/usr/bin/tmux", "-L", socket] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        let status = system(quoted.joined(separator: " ") + " >" + file + " 2>/dev/null </dev/null")
        if status != 0 && arguments.first != "kill-server" {
            Issue.record("tmux \(arguments.first ?? "") failed with status \(status)")
        }
        return String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
    }

    private func screen() throws -> String { try tmux("capture-pane", "-t", "bl", "-p") }

    /// Waits (up to 15 s) until the screen shows `text`.
    private func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for _ in 0..<150 {
            if try screen().contains(text) { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("the screen never showed \(text):\n\(try screen())", sourceLocation: sourceLocation)
    }

    private func start() throws {
        let binary = BinaryRunner.productsDirectory + "/bluelibrary"
        let environment = home.environment.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let command =
            "env \(environment) BLUELIBRARY_OFFLINE=1 TERM=xterm-256color \(binary) tui; echo EXITED $?; sleep 60"
        try tmux("new-session", "-d", "-s", "bl", "-x", "100", "-y", "30", command)
    }

    @Test(.timeLimit(.minutes(2))) func browseDeleteUndoQuitAndComeBack() throws {
        defer { _ = try? tmux("kill-server") }
        _ = try home.ok("list")
        try start()
        try waitFor("album 1 of 5")
        try waitFor("[Trash]")
        try tmux("send-keys", "-t", "bl", "Right")
        try waitFor("album 2 of 5")
        try waitFor("It's My Life")
        try tmux("send-keys", "-t", "bl", "d")
        try waitFor("Deleted \"It's My Life\"")
        try waitFor("album 2 of 4")
        #expect(try home.ok("stats", "--json").contains("\"albums\":4"))
        try tmux("send-keys", "-t", "bl", "u")
        try waitFor("Undid delete \"It's My Life\"")
        try tmux("send-keys", "-t", "bl", "Right")
        try waitFor("album 3 of 5")
        try tmux("send-keys", "-t", "bl", "q")
        try waitFor("EXITED 0")
        // The terminal is as it was: main screen, cursor shown, none of the UI left behind.
        #expect(try tmux("display-message", "-p", "-t", "bl", "#{alternate_on} #{cursor_flag}") == "0 1\n")
        #expect(try !screen().contains("[Trash]"))
        #expect(
            try home.ok("list", "--format", "$title") == Fixtures.seedTitles.joined(separator: "\n") + "\n")
        #expect(try home.ok("current", "--json").contains(#""title":"Nothing Like The Sun""#))

        // The next start opens on the same album.
        try tmux("kill-session", "-t", "bl")
        try start()
        try waitFor("album 3 of 5")
        try waitFor("Nothing Like The Sun")
        // A change from another process shows up while it runs.
        _ = try home.ok("delete", "4")
        try waitFor("album 3 of 4")
        // A smaller window: the screen is laid out again at the new size.
        try tmux("resize-window", "-t", "bl", "-x", "60", "-y", "26")
        try waitFor("[Trash]")
        for _ in 0..<50
        where try !screen().split(separator: "\n").contains(where: {
            $0.hasSuffix("[Trash]") && $0.count <= 60
        }) {
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(try screen().split(separator: "\n").contains { $0.hasSuffix("[Trash]") && $0.count <= 60 })
        // SIGTERM also leaves the terminal as it was.
        let shell = try tmux("display-message", "-p", "-t", "bl", "#{pane_pid}").trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(system("pkill -TERM -P \(shell) -f bluelibrary") == 0)
        try waitFor("EXITED 0")
        #expect(try tmux("display-message", "-p", "-t", "bl", "#{alternate_on} #{cursor_flag}") == "0 1\n")
    }

    @Test func withoutATerminalItSaysSo() throws {
        let result = try home.run(["tui"])
        #expect(result.status == 64)
        #expect(
            result.stderr == "bluelibrary: tui needs a terminal: standard input and output must both be one\n"
        )
    }
}
