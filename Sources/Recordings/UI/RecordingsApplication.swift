import TerminalKit

/// What every architecture's app offers the runner and the acceptance suite: keys in, frames out, a
/// tick for the clock and for other instances' changes. Each of the five modules has one type that
/// adopts it; nothing else about them is shared.
@MainActor
package protocol RecordingsApplication: AnyObject {
    /// Handles one key.
    func handle(_ key: Key)
    /// Lays the screen out for a new terminal size (the split view collapses below 80 columns).
    func resize(width: Int, height: Int)
    /// Brings the screen up to date with the clock (elapsed time, playback position) and with the
    /// store on disk (another instance's change).
    func tick()
    /// Draws the current screen.
    func render() -> TerminalScreen
    /// Whether the screen follows the clock now (something plays or records): the run loop then ticks
    /// several times a second; otherwise it ticks only when something happens.
    var needsClock: Bool { get }
    /// Set once the user asked to quit.
    var wantsToQuit: Bool { get }
    /// Saves what a cold start restores and releases the sound device.
    func shutdown()
}

/// Makes an architecture's app for an environment and a terminal size, restoring the saved state.
package typealias RecordingsAppFactory =
    @MainActor (RecordingsEnvironment, _ width: Int, _ height: Int) -> any RecordingsApplication
