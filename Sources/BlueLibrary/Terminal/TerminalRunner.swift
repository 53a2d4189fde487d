import AudioKit
import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices
import TerminalKit

/// Runs the terminal UI on a real terminal until the user quits or a signal arrives.
@MainActor
package enum TerminalRunner {
    /// Opens the album screen for `library` until the user quits. The screen's loop runs as one
    /// service beside the cover downloads, the watcher of other processes' changes and (in online mode)
    /// the sync to the remote; quitting stops them all, and the player. Tracks play on the ALSA `device`.
    /// `alongside` are more services of the face (the watcher of the music folders).
    /// - Throws: `usage` when standard input or output is not a terminal.
    package static func run(
        library: LibraryAPI, covers: CoverService, sync: SyncService?, environment: [String: String],
        device: String = "default", replayGain: ReplayGainMode = .track, lyrics: (any LyricsSource)? = nil,
        alongside: [any Service] = []
    ) async throws {
        guard TerminalSession.isAvailable else {
            throw LibraryError(.usage, "tui needs a terminal: standard input and output must both be one")
        }
        let session = TerminalSession()
        let mode = TerminalColors.strategy(environment: environment)
        let size = session.size
        let controller = LibraryController(library: library)
        let loop = TerminalRunLoop(colors: mode)
        // The player's thread wakes the loop when a file cannot play or the album ends; the clock says
        // the rest (see `AlbumScreen.frameInterval`).
        let waker = loop.waker
        let player = ALSAQueuePlayer(device: device) { waker.wake() }
        // Quitting never waits on the audio thread for more than a moment.
        defer { player.quit() }
        let app = TerminalApp(
            controller: controller, coverCenter: covers.center, mode: mode, width: size.width,
            height: size.height, player: player)
        app.replayGain = replayGain
        app.lyrics = lyrics
        try await app.start()
        session.enter()
        defer { session.leave() }
        let albumScreen = AlbumScreen(app)
        let screen = ClosureService { await run(albumScreen, in: loop, library: library, covers: covers) }
        var services: [any Service] = [screen, covers, ExternalChangeWatcher(library: library)] + alongside
        if let sync { services.append(sync) }
        try await ServiceGroup(services).run()
        controller.stop()
        await library.close()
    }

    /// Runs the screen's loop until the user quits, a signal arrives or the task is cancelled. The loop
    /// sleeps until a key arrives, a change to the library (from this process or another) is on the
    /// screen, a cover has loaded or the player has news; while covers load it draws eight frames a
    /// second for the spinner, and while a track plays one a second for its time.
    private static func run(
        _ screen: AlbumScreen, in loop: TerminalRunLoop, library: LibraryAPI, covers: CoverService
    ) async {
        let waker = loop.waker
        let controller = screen.app.controller
        let coverResults = covers.center.results.observe { _ in waker.wake() }
        let changes = library.changes.stream()
        let following = Task { @MainActor in
            for await change in changes {
                await controller.waitUntilShowing(change)
                waker.wake()
            }
        }
        await loop.run(screen)
        following.cancel()
        withExtendedLifetime(coverResults) {}
    }
}

/// The album screen as the run loop drives it: the spinner's frame follows the time since it opened.
@MainActor
private final class AlbumScreen: TerminalLoopApp {
    let app: TerminalApp
    private let opened = ContinuousClock.now
    private static let spinnerStep = Duration.milliseconds(125)

    init(_ app: TerminalApp) {
        self.app = app
    }

    func handle(_ key: Key) async { await app.handle(key) }
    func resize(width: Int, height: Int) { app.resize(width: width, height: height) }
    var wantsToQuit: Bool { app.wantsToQuit }
    /// Eight frames a second while a cover loads (the spinner), one each second of a track that plays.
    var frameInterval: Duration? {
        [app.isLoadingCovers ? Self.spinnerStep : nil, app.playbackFrameInterval].compactMap { $0 }.min()
    }

    func render() -> TerminalScreen {
        app.tick = Int((ContinuousClock.now - opened) / Self.spinnerStep)
        return app.render()
    }
}
