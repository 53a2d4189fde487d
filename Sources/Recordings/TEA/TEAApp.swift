import RecordingsModel
import RecordingsUI
import TerminalKit

/// Recordings in The Elm Architecture: one ``AppState``, ``Message``s, a pure ``update(_:_:)``, a
/// ``view(_:glyphs:)`` function returning virtual views, and a ``Driver`` that performs commands,
/// keeps subscriptions and diffs the virtual views into the widgets.
@MainActor
package final class TEAApp: RecordingsApplication {
    private let driver: Driver

    /// Builds the app, restoring the state of the last run.
    package init(environment: RecordingsEnvironment, width: Int, height: Int) {
        driver = Driver(environment: environment, width: width, height: height)
    }

    package var wantsToQuit: Bool { driver.state.wantsToQuit }
    /// The clock subscriptions are the ones that need ticks.
    package var needsClock: Bool { !subscriptions(driver.state).subtracting([.storeChanges]).isEmpty }

    package func handle(_ key: Key) { driver.handle(key) }

    package func resize(width: Int, height: Int) { driver.send(.resized(width: width, height: height)) }

    package func tick() {
        driver.tick()
        driver.environment.restoration.save(restorableState)
    }

    /// The path, selections, focus and play pane, as a restart restores them.
    private var restorableState: Restoration {
        let state = driver.state
        return Restoration(
            folderPath: state.path, selections: state.selections.filter { state.path.contains($0.key) },
            playHasFocus: state.playHasFocus, recording: state.play?.recording,
            position: driver.player?.position ?? 0)
    }

    package func render() -> TerminalScreen {
        driver.window.render(width: driver.state.size.width, height: driver.state.size.height)
    }

    package func shutdown() {
        driver.environment.restoration.save(restorableState, force: true)
        driver.player?.stop()
        driver.recorder?.recorder.cancel()
    }
}
