import Testing

@testable import DesignPatterns

struct DelegationLoginTests {
    /// A test twin delegate that records the calls it gets.
    final class RecordingDelegate: LoginDelegate {
        var calls: [String] = []
        func userLogin(username: String, password: String) { calls.append("\(username):\(password)") }
    }

    @Test func clickingTheButtonCallsTheDelegateWithTheFields() {
        let view = LoginView()
        let delegate = RecordingDelegate()
        view.delegate = delegate
        view.username = "paul"
        view.password = "blackbird"
        #expect(view.loginButtonClicked())
        #expect(delegate.calls == ["paul:blackbird"])
    }

    @Test func theDelegateIsNotRetained() {
        let view = LoginView()
        var delegate: RecordingDelegate? = RecordingDelegate()
        view.delegate = delegate
        weak let probe = delegate
        #expect(view.delegate != nil)
        delegate = nil
        #expect(probe == nil, "only the test held the delegate")
        #expect(view.delegate == nil)
        #expect(!view.loginButtonClicked())
    }

    @Test func demoShowsTheDelegateGone() {
        #expect(
            lines(of: runDelegationDemo) == [
                "LoginController: ringo tries to log in: welcome",
                "LoginView: delegate set: true",
                "After the controller goes away, the view's delegate is nil: true",
                "Clicking again reaches a delegate: false",
            ])
    }
}
