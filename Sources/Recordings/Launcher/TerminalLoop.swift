import RecordingsUI
import TerminalKit

/// The loop every architecture runs in: keys in, a tick, a frame out (only the changed cells), about
/// forty times a second, on the main actor — the one owner of the app and its store.
@MainActor
enum TerminalLoop {
    static func run(
        _ factory: RecordingsAppFactory, environment: RecordingsEnvironment, colors: any ColorStrategy
    ) async throws {
        let session = TerminalSession()
        let size = session.size
        let app = factory(environment, size.width, size.height)
        session.enter()
        defer {
            app.shutdown()
            session.leave()
        }
        let renderer = FrameRenderer(mode: colors)
        var parser = KeyParser()
        var previous: TerminalScreen?
        while !app.wantsToQuit && !TerminalSession.Signals.terminate.load(ordering: .relaxed) {
            if TerminalSession.Signals.resized.exchange(false, ordering: .relaxed) {
                let size = session.size
                app.resize(width: size.width, height: size.height)
                previous = nil
            }
            let bytes = session.readAvailable()
            for key in parser.feed(bytes, flushEscape: true) {
                app.handle(key)
                if app.wantsToQuit { break }
            }
            app.tick()
            let frame = app.render()
            let update = renderer.update(from: previous, to: frame)
            if !update.isEmpty { session.write(update) }
            previous = frame
            try await Task.sleep(for: .milliseconds(25))
        }
    }
}
