import Foundation
import RecordingsLauncher
import TerminalKit
import TestSupport
import Testing

/// "When correctly implemented, all the solutions present the same result to the user": one scripted
/// session, and every architecture's frames must equal the same golden files.
@MainActor
struct SameScreensTests {
    private func check(
        _ session: AppSession, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let text = session.frame + "\n"
        #expect(
            Snapshot.check(text, named: name) == nil, "\(session.architecture.rawValue)",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: Architecture.allCases)
    func everyArchitectureDrawsTheSameFrames(architecture: Architecture) throws {
        let session = try AppSession(architecture, width: 90, height: 20)
        check(session, "recordings-empty")
        session.createFolder("Work")
        session.createFolder("Home")
        session.press(.down)
        session.press(.enter)
        session.type("r")
        session.advance(4)
        check(session, "recordings-record-modal")
        session.type("\r")
        session.type("Idea")
        check(session, "recordings-name-dialog")
        session.type("\r")
        session.press(.enter)
        session.type(" ")
        session.advance(1)
        check(session, "recordings-playing")
        session.resize(width: 60, height: 20)
        check(session, "recordings-narrow-play")
        session.press(.escape)
        check(session, "recordings-narrow-list")
        session.press(.left)
        session.select("Work")
        session.type("d")
        check(session, "recordings-delete-question")
    }

    /// One long session, frame after frame: every step of the script below is a key, a tick of the
    /// clock, a resize, or something another program does to the data directory.
    private func frames(of architecture: Architecture) throws -> [(step: String, frame: String)] {
        // Data directories whose paths are as long in every architecture, so messages naming them wrap alike.
        let session = try AppSession(
            architecture, width: 100, height: 24, directory: TemporaryDirectory("recordings-frames"))
        var frames: [(String, String)] = []
        func step(_ name: String, _ action: () throws -> Void) rethrows {
            try action()
            // Each architecture has a data directory of its own; messages naming it must not differ.
            frames.append((name, Self.naming(session.directory.path, in: session.frame)))
        }
        func keys(_ text: String) {
            for character in text { step("type \(character)") { session.type(String(character)) } }
        }
        // Re-opening a folder starts at its first row.
        keys("nA\rnB\r")
        step("Home") { session.press(.home) }
        step("Enter") { session.press(.enter) }
        keys("nx\rny\rnz\r")
        step("End") { session.press(.end) }
        step("Left") { session.press(.left) }
        step("Enter") { session.press(.enter) }
        step("Left") { session.press(.left) }
        // Record, name (a long name), play, jump with digits and a click, seek.
        keys("r")
        step("advance 30") { session.advance(30) }
        keys("\rA rather long name for a memo that will not fit in the list pane at all\r")
        step("select") { session.select("A rather") }
        step("Enter") { session.press(.enter) }
        keys(" ")
        step("advance 2") { session.advance(2) }
        for digit in "0123456789" { keys(String(digit)) }
        step("click the bar") { session.press(.click(column: 70, row: 6)) }
        step("click elsewhere") { session.press(.click(column: 70, row: 9)) }
        step("Right") { session.press(.right) }
        step("advance 40") { session.advance(40) }
        keys("e")
        step("Ctrl-U") { session.press(.control("u")) }
        keys("Short\r")
        // Narrow and wide again.
        step("narrow") { session.resize(width: 60, height: 24) }
        step("Esc") { session.press(.escape) }
        step("wide") { session.resize(width: 100, height: 24) }
        step("Tab") { session.press(.tab) }
        step("Tab") { session.press(.tab) }
        // The WAV file disappears while running.
        try step("delete the WAV") {
            for file in session.audioFiles {
                try FileManager.default.removeItem(atPath: session.directory.file(file))
            }
        }
        step("Down") { session.press(.down) }
        // A killed app comes back as it was.
        try step("kill and restart") { try session.restart(crashing: true) }
        // The store is damaged under a dialog: the dialog stays, with the whole reason.
        keys("n")
        step("damage store.json") { _ = session.directory.write("store.json", "{ not json") }
        keys("Fail\r")
        keys("\u{1B}")
        step("Esc flushed") { session.press(.escape) }
        return frames
    }

    /// `frame` with `path` named `DIR` wherever it is shown: on one line, or wrapped over the lines of a
    /// dialog, as the path of a long temporary folder is (the rest of a wrapped line, and the next line's
    /// margin and border, may come between two of its characters).
    static func naming(_ path: String, in frame: String) -> String {
        let wrap = #"(?:[ ]*│[^\n]*\n[ ]*│ )?"#
        let pattern = path.map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: wrap)
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return frame }
        return expression.stringByReplacingMatches(
            in: frame, range: NSRange(frame.startIndex..., in: frame), withTemplate: "DIR")
    }

    /// The frame's text without white space and borders, so that words a dialog wrapped over its lines
    /// read on.
    static func unwrapped(_ frame: String) -> String {
        frame.filter { !$0.isWhitespace && $0 != "│" }
    }

    @Test(arguments: Architecture.allCases.filter { $0 != .mvc })
    func everyFrameOfALongSessionIsTheSameAsMVCs(architecture: Architecture) throws {
        let reference = try frames(of: .mvc)
        let frames = try frames(of: architecture)
        #expect(frames.count == reference.count)
        for (index, (mine, expected)) in zip(frames, reference).enumerated()
        where mine.frame != expected.frame {
            Issue.record(
                "step \(index) (\(mine.step)) differs from mvc:\n--- mvc\n\(expected.frame)\n--- \(architecture.rawValue)\n\(mine.frame)"
            )
            return
        }
    }

    @Test func theLongSessionShowsWhatItShould() throws {
        let frames = try frames(of: .mvc)
        let reopened = try #require(
            frames.lastIndex { $0.step == "Enter" && $0.frame.hasPrefix(" Recordings › A") })
        #expect(frames[reopened].frame.contains("> ▸ x") || frames[reopened].frame.contains("▸ x"))
        let all = frames.map(\.frame)
        #expect(all.contains { $0.contains("0:00:27") }, "9 jumps to 90 % of 30 s")
        #expect(all.contains { $0.contains("0:00:15") }, "a click in the middle of the bar")
        #expect(all.contains { $0.contains("Name: A rather long name for a memo that will not fit…") })
        #expect(all.contains { $0.contains("(unavailable)") }, "a vanished WAV is marked at the next tick")
        let restarted = try #require(frames.first { $0.step == "kill and restart" }).frame
        #expect(restarted.contains("Name: Short"), "restored after a kill")
        let damaged = try #require(all.last { $0.contains("Create Folder") })
        #expect(Self.unwrapped(damaged).contains("store.json:notvalidJSON"), "the whole reason: \(damaged)")
    }
}
