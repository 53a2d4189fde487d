/// What a full-screen app offers the ``TerminalRunLoop``: keys in, a size, frames out, and how soon it
/// needs a frame of its own accord.
@MainActor
package protocol TerminalLoopApp: AnyObject {
    /// Handles one key or click; returns once the app's state shows its effect.
    func handle(_ key: Key) async
    /// Lays the app out for a new terminal size.
    func resize(width: Int, height: Int)
    /// Brings the app up to date (clocks, other processes' changes) and draws the screen. The loop calls
    /// it after every key, wake-up and timer, and writes only the cells that changed.
    func render() -> TerminalScreen
    /// Set once the app wants to stop.
    var wantsToQuit: Bool { get }
    /// How long the screen may stay as it is without input: `nil` while nothing moves on its own (the
    /// loop then sleeps until a key, a signal or a wake-up), a duration while something does (a clock,
    /// a spinner).
    var frameInterval: Duration? { get }
}
