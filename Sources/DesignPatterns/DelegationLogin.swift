// Delegation — an object hands some of its decisions or reactions to a delegate that conforms to a
// protocol, instead of being subclassed.
//
// From the delegation notes: a login view knows when its button is clicked but not how to log in;
// it calls its delegate's `userLogin(username:password:)`. The view holds the delegate weakly: the
// delegate usually owns the view, and a strong reference back would leak both. Use it for one
// known recipient that may customise behaviour; use notifications for many, closures for one-off
// callbacks.
//
// BlueLibrary: the terminal's `HorizontalScroller` holds its `HorizontalScrollerDelegate` weakly, as
// the login view here holds its delegate.

/// What a login view needs from whoever handles logging in.
protocol LoginDelegate: AnyObject {
    func userLogin(username: String, password: String)
}

/// The delegator: holds its delegate weakly and calls it when the button is clicked.
final class LoginView {
    weak var delegate: (any LoginDelegate)?
    var username = ""
    var password = ""

    /// Tells the delegate; returns whether there was one to tell.
    @discardableResult
    func loginButtonClicked() -> Bool {
        guard let delegate else { return false }
        delegate.userLogin(username: username, password: password)
        return true
    }
}

/// The delegate: decides what a login means.
final class LoginController: LoginDelegate {
    private let console: any Console
    private(set) var attempts: [String] = []

    init(console: any Console) {
        self.console = console
    }

    func userLogin(username: String, password: String) {
        attempts.append(username)
        let verdict = password.count >= 8 ? "welcome" : "password too short"
        console.print("LoginController: \(username) tries to log in: \(verdict)")
    }
}

/// Logs in through the delegate, then lets the delegate go and shows the view did not keep it.
func runDelegationDemo(on console: any Console) {
    let view = LoginView()
    view.username = "ringo"
    do {
        let controller = LoginController(console: console)
        view.delegate = controller
        view.password = "yellow-submarine"
        view.loginButtonClicked()
        console.print("LoginView: delegate set: \(view.delegate != nil)")
    }
    console.print("After the controller goes away, the view's delegate is nil: \(view.delegate == nil)")
    console.print("Clicking again reaches a delegate: \(view.loginButtonClicked())")
}
