import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices
import Foundation
import TerminalKit

/// Runs the terminal UI on a real terminal until the user quits or a signal arrives.
@MainActor
public enum TerminalRunner {
    /// Opens the album screen for `library` and returns the exit status.
    /// - Throws: `usage` when standard input or output is not a terminal.
    public static func run(library: LibraryAPI, environment: [String: String]) async throws -> Int32 {
        guard TerminalSession.isAvailable else {
            throw LibraryError(.usage, "tui needs a terminal: standard input and output must both be one")
        }
        let session = TerminalSession()
        let mode = TerminalColors.strategy(environment: environment)
        let size = session.size
        let app = TerminalApp(
            controller: LibraryController(library: library), coverCenter: library.coverCenter, mode: mode,
            width: size.width, height: size.height)
        try app.start()
        session.enter()
        defer {
            session.leave()
            library.close()
        }
        let renderer = FrameRenderer(mode: mode)
        var parser = KeyParser()
        var previous: TerminalScreen?
        var lastCheck = Date.distantPast
        let started = Date()
        _ = try? library.checkForExternalChanges()
        // In online mode, changes waiting for the remote server are sent in the background.
        let mirror = Task.detached {
            while library.isOnline && !Task.isCancelled {
                _ = await library.syncNow()
                try? await Task.sleep(for: .seconds(1))
            }
        }
        defer { mirror.cancel() }
        while !app.wantsToQuit && !TerminalSession.Signals.terminate.load(ordering: .relaxed) {
            if TerminalSession.Signals.resized.exchange(false, ordering: .relaxed) {
                let size = session.size
                app.resize(width: size.width, height: size.height)
                previous = nil
            }
            for key in parser.feed(session.readAvailable()) { app.handle(key) }
            // Changes made by other processes (the command line, a web server) show within a second.
            if Date().timeIntervalSince(lastCheck) > 0.4 {
                _ = try? library.checkForExternalChanges()
                lastCheck = Date()
            }
            app.tick = Int(Date().timeIntervalSince(started) * 8)
            let frame = app.render()
            let update = renderer.update(from: previous, to: frame)
            if !update.isEmpty { session.write(update) }
            previous = frame
            try? await Task.sleep(for: .milliseconds(25))
        }
        return 0
    }
}
