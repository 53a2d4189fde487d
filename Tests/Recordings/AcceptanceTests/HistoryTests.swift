import RecordingsLauncher
import TerminalKit
import Testing

/// What only `mvc-vs` offers: the book's history view, a slider through every view state.
@MainActor
struct HistoryTests {
    @Test func theSliderTravelsBackAndForthThroughViewStates() throws {
        let session = try AppSession(.mvcVS)
        session.createFolder("Work")
        session.press(.enter)
        session.createFolder("Ideas")
        session.press(.enter)
        #expect(session.frame.hasPrefix(" Recordings › Work › Ideas\n"))
        session.type("H")
        #expect(session.frame.contains("History"))
        var steps = 0
        while !session.frame.hasPrefix(" Recordings › Work\n") && steps < 20 {
            session.press(.left)
            steps += 1
        }
        #expect(session.frame.hasPrefix(" Recordings › Work\n"), "an earlier view state: one folder up")
        while !session.frame.hasPrefix(" Recordings\n") && steps < 40 {
            session.press(.left)
            steps += 1
        }
        #expect(session.frame.hasPrefix(" Recordings\n"))
        for _ in 0..<40 { session.press(.right) }
        #expect(session.frame.hasPrefix(" Recordings › Work › Ideas\n"), "and forward to the present")
        session.press(.escape)
        #expect(!session.frame.contains("History"))
        #expect(try session.namesInStore("Work") == ["Ideas"], "travelling moves the view, not the data")
    }

    @Test(arguments: Architecture.allCases.filter { $0 != .mvcVS })
    func theOtherArchitecturesHaveNoHistoryView(architecture: Architecture) throws {
        let session = try AppSession(architecture)
        session.type("H")
        #expect(!session.frame.contains("History"))
    }
}
