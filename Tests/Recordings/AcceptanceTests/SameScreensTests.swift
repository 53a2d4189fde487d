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
}
