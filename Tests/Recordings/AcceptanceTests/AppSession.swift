import AudioKit
import Foundation
import RecordingsAudio
import RecordingsLauncher
import RecordingsModel
import RecordingsUI
import TerminalKit
import TestSupport
import Testing

/// One architecture's app in a temporary data directory, with the audio twin and a manual clock: the
/// acceptance suite types keys into it and reads its frames and its `store.json`.
@MainActor
final class AppSession {
    let architecture: Architecture
    let directory: TemporaryDirectory
    let clock = ManualClock()
    let audio: AudioTwin
    private(set) var store: RecordingsStore
    private(set) var app: any RecordingsApplication
    private(set) var size: (width: Int, height: Int)

    init(
        _ architecture: Architecture, width: Int = 100, height: Int = 30, directory: TemporaryDirectory? = nil
    )
        throws
    {
        self.architecture = architecture
        self.directory = directory ?? TemporaryDirectory("recordings-\(architecture.rawValue)")
        audio = AudioTwin(clock: clock)
        size = (width, height)
        store = try RecordingsStore(directory: self.directory.path)
        app = architecture.factory(
            RecordingsEnvironment(store: store, audio: audio, clock: clock), width, height)
    }

    /// Types text (and escape sequences) as a terminal would send it.
    func type(_ text: String) {
        var parser = KeyParser()
        for key in parser.feed(Array(text.utf8)) { press(key) }
    }

    /// Presses one key, then lets the app tick as the run loop does.
    func press(_ key: Key) {
        app.handle(key)
        app.tick()
    }

    /// Moves the clock on and ticks.
    func advance(_ seconds: Double) {
        clock.advance(by: seconds)
        app.tick()
    }

    /// The current frame as text.
    var frame: String {
        app.tick()
        return app.render().text
    }

    /// The rendered screen (for styles).
    var screen: TerminalScreen { app.render() }

    /// A new terminal size.
    func resize(width: Int, height: Int) {
        size = (width, height)
        app.resize(width: width, height: height)
    }

    /// Quits as `q` does — or, `crashing`, is killed without a word — and starts the app again on the
    /// same directory.
    func restart(crashing: Bool = false) throws {
        if !crashing { app.shutdown() }
        store = try RecordingsStore(directory: directory.path)
        app = architecture.factory(
            RecordingsEnvironment(store: store, audio: audio, clock: clock), size.width, size.height)
    }

    /// `store.json` as JSON.
    func storeDocument() throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: directory.file("store.json")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The names in a folder of `store.json` given by a path of names from the root.
    func namesInStore(_ path: String...) throws -> [String] {
        var folder = try storeDocument()
        for name in path {
            let contents = try #require(folder["contents"] as? [[String: Any]])
            folder = try #require(contents.first { $0["name"] as? String == name })
        }
        return (folder["contents"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    /// The WAV files in the data directory.
    var audioFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
            $0.hasSuffix(".wav")
        }
    }

    /// Creates a folder through the dialog.
    func createFolder(_ name: String) {
        type("n")
        type(name + "\r")
    }

    /// Records for `seconds` through the modal and names the recording.
    func record(_ name: String, seconds: Double) {
        type("r")
        advance(seconds)
        type("\r")
        type(name + "\r")
    }

    /// Selects the row whose text contains `name` in the focused list (from the top).
    func select(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        press(.home)
        for _ in 0..<50 {
            if selectedLine?.contains(name) == true { return }
            press(.down)
        }
        Issue.record("no row \(name) in:\n\(frame)", sourceLocation: sourceLocation)
    }

    /// The text of the selected list row (drawn bold).
    var selectedLine: String? {
        let screen = self.screen
        let width =
            SplitView.isCollapsed(width: screen.width)
            ? screen.width : SplitView.masterWidth(total: screen.width)
        for row in 1..<(screen.height - 2) where screen.cells[row][1].style.bold {
            return String(screen.cells[row][0..<width].map(\.character)).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
