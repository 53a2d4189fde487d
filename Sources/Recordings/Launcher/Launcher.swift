import Foundation
import RecordingsAudio
import RecordingsModel
import RecordingsUI
import TerminalKit

/// `recordings`: parses the command line, opens the store, wires the environment and runs the chosen
/// architecture's app on the terminal until the user quits (or a signal arrives).
@MainActor
public enum Launcher {
    /// Runs the program and returns its exit status; errors are one line on standard error.
    public static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        do {
            let options = try LaunchOptions.parse(arguments)
            if options.help {
                print(LaunchOptions.usage + "\n\n" + Keymap.help)
                return 0
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
            try await TerminalLoop.run(
                options.architecture.factory, environment: recordingsEnvironment,
                colors: TerminalColors.strategy(environment: environment))
            return 0
        } catch let error as LaunchError {
            FileHandle.standardError.write(Data("recordings: \(error.message)\n".utf8))
            return error.code.exitStatus
        } catch {
            FileHandle.standardError.write(Data("recordings: internal error: \(error)\n".utf8))
            return 70
        }
    }

    private static func openStore(_ options: LaunchOptions, environment: [String: String]) throws(LaunchError)
        -> RecordingsStore
    {
        let directory = StoreLocation.directory(explicit: options.store, environment: environment)
        do {
            return try RecordingsStore(directory: directory)
        } catch {
            throw LaunchError(error.code == .io ? .io : .dataError, error.message)
        }
    }
}
