import Foundation
import TestSupport
import Testing

/// File names hold anything, terminal commands included: messages that name one show it escaped, so
/// the terminal displays the name instead of obeying it.
struct CLITerminalSafetyTests {
    let home = CLIHome()
    let music = MusicFolder()

    /// Sets the window's title (OSC 0), then returns to the start of the line to hide what came before.
    static let hostile = "\u{1B}]0;pwned\u{7}\rtrack.mp3"
    static let shown = #"\u{1B}]0;pwned\u{07}\rtrack.mp3"#

    private func expectNoControlBytes(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let controls = text.utf8.filter { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }
        #expect(
            controls.isEmpty, "control bytes \(controls) in \(text.debugDescription)",
            sourceLocation: sourceLocation)
    }

    @Test func importShowsAnUnreadableFilesNameEscaped() async throws {
        try await music.add("Band/Album/01.mp3", FixtureTags(title: "One", artist: "Band", album: "Album"))
        try music.write("Band/Album/" + Self.hostile, "not audio")
        let result = try await home.run(["import", music.root])
        #expect(result.status == 0, "\(result.stderr)")
        expectNoControlBytes(result.stdout)
        #expect(
            result.stdout.contains(
                "1 file could not be read:\n  cannot read '\(music.path("Band/Album/"))\(Self.shown)'"))
    }

    @Test func anErrorNamingAPathShowsItEscaped() async throws {
        let folder = home.directory.file("gone-" + Self.hostile)
        let result = try await home.run(["import", folder])
        #expect(result.status != 0)
        expectNoControlBytes(result.stderr)
        #expect(result.stderr.contains(#"gone-\u{1B}]0;pwned\u{07}\rtrack.mp3"#), "\(result.stderr)")
    }
}
