import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices
import TerminalKit

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the terminal UI on a real terminal until the user quits or a signal arrives.
@MainActor
public enum TerminalRunner {
    /// Opens the album screen for `library` and returns the exit status. The screen's loop runs as one
    /// service beside the cover downloads, the watcher of other processes' changes and (in online mode)
    /// the sync to the remote; quitting stops them all.
    /// - Throws: `usage` when standard input or output is not a terminal.
    public static func run(
        library: LibraryAPI, covers: CoverService, sync: SyncService?, environment: [String: String]
    ) async throws -> Int32 {
        guard TerminalSession.isAvailable else {
            throw LibraryError(.usage, "tui needs a terminal: standard input and output must both be one")
        }
        let session = TerminalSession()
        let mode = TerminalColors.strategy(environment: environment)
        let size = session.size
        let controller = LibraryController(library: library)
        let app = TerminalApp(
            controller: controller, coverCenter: covers.center, mode: mode, width: size.width,
            height: size.height)
        try await app.start()
        session.enter()
        defer { session.leave() }
        let screen = ClosureService { try await loop(app, session: session, mode: mode) }
        var services: [any Service] = [screen, covers, ExternalChangeWatcher(library: library)]
        if let sync { services.append(sync) }
        try await ServiceGroup(services).run()
        controller.stop()
        await library.close()
        return 0
    }

    /// Reads keys, applies them and draws changed cells, about 40 times a second, until the user quits,
    /// a signal arrives or the task is cancelled.
    private static func loop(_ app: TerminalApp, session: TerminalSession, mode: any ColorStrategy)
        async throws
    {
        let renderer = FrameRenderer(mode: mode)
        var parser = KeyParser()
        var previous: TerminalScreen?
        let started = ContinuousClock.now
        while !app.wantsToQuit && !TerminalSession.Signals.terminate.load(ordering: .relaxed)
            && !Task.isCancelled
        {
            if TerminalSession.Signals.resized.exchange(false, ordering: .relaxed) {
                let size = session.size
                app.resize(width: size.width, height: size.height)
                previous = nil
            }
            for key in parser.feed(session.readAvailable()) { await app.handle(key) }
            app.tick = Int((ContinuousClock.now - started) / .milliseconds(125))
            let frame = app.render()
            let update = renderer.update(from: previous, to: frame)
            if !update.isEmpty { session.write(update) }
            previous = frame
            try? await Task.sleep(for: .milliseconds(25))
        }
    }
}
