// Delegation — an object hands some of its decisions or reactions to a delegate that conforms to a
// protocol, instead of being subclassed.
//
// The delegation notes' system: a `Login` knows when its button is clicked but not what logging in
// means; `buttonDidClicked()` calls `userLogin(username:password:)` on its delegate, a
// `LoginDelegate` conforming to `LoginProtocol`, which prints `userName: ltp, password: 123456`. The
// login holds its delegate weakly: usually the delegate owns the delegator, and a strong reference
// back would leak both. Use it for one known recipient that may customise behaviour; use
// notifications for many, closures for one-off callbacks.
//
// Departs from the notes: they assign a freshly made delegate straight to the weak property, where
// nobody owns it and it is gone at once, so the click reaches no one; here the demo owns its delegate.
//
// BlueLibrary: the terminal's `HorizontalScroller` holds its `HorizontalScrollerDelegate` weakly, as
// the login here holds its delegate.

/// The notes' protocol: what a `Login` needs from whoever handles logging in.
protocol LoginProtocol: AnyObject {
    func userLogin(username: String, password: String)
}

/// The notes' delegate: implements `LoginProtocol` by printing what it was given.
final class LoginDelegate: LoginProtocol {
    private let console: any Console

    init(console: any Console) {
        self.console = console
    }

    func userLogin(username: String, password: String) {
        console.print("userName: \(username), password: \(password)")
    }
}

/// The delegator: holds its delegate weakly and calls it when the button is clicked.
final class Login {
    /// Weak, so a delegate that owns this login does not keep itself alive through it.
    weak var delegate: (any LoginProtocol)?
    var username = ""
    var password = ""

    /// The button's action (the notes' name): hands the fields to the delegate, if there still is one.
    func buttonDidClicked() {
        delegate?.userLogin(username: username, password: password)
    }
}

/// Clicks the login button with a delegate the demo owns, then lets the delegate go.
func runDelegationDemo(on console: any Console) {
    let login = Login()
    login.username = "ltp"
    login.password = "123456"
    do {
        // Someone must own the delegate: `login.delegate = LoginDelegate(...)` alone, as in the
        // notes, would leave a weak reference to an object already released.
        let delegate = LoginDelegate(console: console)
        login.delegate = delegate
        withExtendedLifetime(delegate) { login.buttonDidClicked() }
    }
    console.print(
        "Once its owner lets the delegate go, the login's delegate is nil: \(login.delegate == nil)")
}
