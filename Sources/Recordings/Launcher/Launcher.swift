import AudioKit
import Diagnostics
import Foundation
import RecordingsAudio
import RecordingsModel
import RecordingsUI
import TerminalKit

/// `recordings`: parses the command line, opens the store, wires the environment and runs the chosen
/// architecture's app on the terminal until the user quits (or a signal arrives).
@MainActor
package enum Launcher {
    /// Runs the program and returns its exit status; errors are one line on standard error, with any
    /// terminal control characters a name in a damaged store could carry taken out.
    package static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        do {
            let options = try LaunchOptions.parse(arguments)
            if options.help {
                print(LaunchOptions.usage + "\n\n" + Keymap.help)
                return ExitStatus.success.code
            }
            let store = try openStore(options, environment: environment)
            guard TerminalSession.isAvailable else {
                throw LaunchError(
                    .usage, "recordings needs a terminal: standard input and output must both be one")
            }
            let clock = SystemClock()
            let recordingsEnvironment = RecordingsEnvironment(
                store: store, audio: ALSAAudio(device: options.device, clock: clock), clock: clock,
                glyphs: Glyphs.forEnvironment(environment))
            await runOnTerminal(
                options.architecture.factory, environment: recordingsEnvironment,
                colors: TerminalColors.strategy(environment: environment))
            return ExitStatus.success.code
        } catch let error as LaunchError {
            report(error.message)
            return error.code.code
        } catch {
            report("internal error: \(error)")
            return ExitStatus.software.code
        }
    }

    private static func report(_ message: String) {
        FileHandle.standardError.write(Data("recordings: \(TerminalText.sanitized(message))\n".utf8))
    }

    private static func openStore(_ options: LaunchOptions, environment: [String: String]) throws(LaunchError)
        -> RecordingsStore
    {
        let directory = StoreLocation.directory(explicit: options.store, environment: environment)
        do {
            return try RecordingsStore(directory: directory)
        } catch {
            throw LaunchError(error.code == .io ? .ioError : .dataError, error.message, cause: error)
        }
    }

    /// Runs the app in the shared terminal loop, on the main actor — the one owner of the app and its
    /// store. The loop wakes for keys, signals, changes in the data directory (another instance's save,
    /// a WAV file deleted) and, while something plays or records, ten times a second for the clock.
    private static func runOnTerminal(
        _ factory: RecordingsAppFactory, environment: RecordingsEnvironment, colors: any ColorStrategy
    ) async {
        let session = TerminalSession()
        let size = session.size
        let app = factory(environment, size.width, size.height)
        let loop = TerminalRunLoop(colors: colors)
        let watcher = StoreWatcher(directory: environment.store.directory)
        if let watcher { loop.watch(watcher.descriptor) { watcher.drain() } }
        session.enter()
        defer {
            app.shutdown()
            session.leave()
        }
        await loop.run(RecordingsScreen(app, watchesStore: watcher != nil))
    }
}

/// A Recordings app as the terminal loop drives it.
@MainActor
private final class RecordingsScreen: TerminalLoopApp {
    private let app: any RecordingsApplication
    private let watchesStore: Bool

    init(_ app: any RecordingsApplication, watchesStore: Bool) {
        self.app = app
        self.watchesStore = watchesStore
    }

    func handle(_ key: Key) async { app.handle(key) }
    func resize(width: Int, height: Int) { app.resize(width: width, height: height) }
    var wantsToQuit: Bool { app.wantsToQuit }

    /// Ten frames a second while a clock shows on screen; otherwise none, or one a second to look for
    /// other instances' changes where the directory cannot be watched.
    var frameInterval: Duration? {
        app.needsClock ? .milliseconds(100) : watchesStore ? nil : .seconds(1)
    }

    func render() -> TerminalScreen {
        app.tick()
        return app.render()
    }
}
