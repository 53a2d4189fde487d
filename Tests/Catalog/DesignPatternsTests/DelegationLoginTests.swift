import Testing

@testable import DesignPatterns

struct DelegationLoginTests {
    /// A test twin delegate that writes the calls it gets to a log the test keeps.
    final class RecordingDelegate: LoginProtocol {
        let log: RecordingConsole

        init(log: RecordingConsole) {
            self.log = log
        }

        func userLogin(username: String, password: String) { log.print("\(username):\(password)") }
    }

    @Test func clickingTheButtonCallsTheDelegateWithTheFields() {
        let log = RecordingConsole()
        let login = Login()
        let delegate = RecordingDelegate(log: log)
        login.delegate = delegate
        login.username = "paul"
        login.password = "blackbird"
        login.buttonDidClicked()
        #expect(log.lines == ["paul:blackbird"])
        withExtendedLifetime(delegate) {}
    }

    @Test func theDelegateIsNotRetained() {
        let log = RecordingConsole()
        let login = Login()
        var delegate: RecordingDelegate? = RecordingDelegate(log: log)
        login.delegate = delegate
        weak let probe = delegate
        #expect(login.delegate != nil)
        delegate = nil
        #expect(probe == nil, "only the test held the delegate")
        #expect(login.delegate == nil)
        login.buttonDidClicked()
        #expect(log.lines.isEmpty, "a click after the delegate is gone reaches no one")
    }

    @Test func theNotesDelegatePrintsTheCredentials() {
        let console = RecordingConsole()
        LoginDelegate(console: console).userLogin(username: "ltp", password: "123456")
        #expect(console.lines == ["userName: ltp, password: 123456"])
    }

    @Test func demoPrintsTheNotesOutputThenShowsTheDelegateGone() {
        #expect(
            lines(of: runDelegationDemo) == [
                "userName: ltp, password: 123456",
                "Once its owner lets the delegate go, the login's delegate is nil: true",
            ])
    }
}
