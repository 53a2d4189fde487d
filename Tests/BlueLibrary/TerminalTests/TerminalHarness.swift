import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices
import BlueLibraryStorage
import BlueLibraryTerminal
import TerminalKit
import TestSupport
import Testing

/// A terminal face over an in-memory library, driven by scripted keys and read back from its screen.
/// Frames are drawn without colour so golden files are plain text; covers are generated artwork.
@MainActor
struct TerminalHarness {
    let library: LibraryAPI
    let app: TerminalApp

    /// A face `width × height` over the seed albums, or over `albums` (and their `tracks`, as a scan
    /// would have stored them).
    init(width: Int = 80, height: Int = 24, albums: [Album]? = nil, tracks: [AlbumID: [Track]] = [:])
        async throws
    {
        let store: SQLiteLibraryStore
        if let albums {
            store = try await TestLibrary.store(albums: albums)
        } else {
            store = TestLibrary.store()
        }
        try await store.write { writer in
            for (album, list) in tracks {
                try writer.replaceTracks(
                    of: album,
                    with: list.map { StoredTrack(track: $0, albumID: album, size: 0, modified: 0, tags: "") })
            }
        }
        library = LibraryAPI(store: store)
        let covers = CoverService(httpClient: nil, cache: nil)
        Task { await covers.run() }
        app = TerminalApp(
            controller: LibraryController(library: library), coverCenter: covers.center, mode: .noColor,
            width: width, height: height)
        try await app.start()
    }

    /// Draws until every visible cover has arrived, then returns the frame.
    func settledFrame() async throws -> TerminalScreen {
        _ = app.render()
        for _ in 0..<1000 where app.isLoadingCovers {
            try await Task.sleep(for: .milliseconds(10))
            _ = app.render()
        }
        return app.render()
    }

    /// Types text as a terminal sends it (escape sequences included).
    func type(_ text: String) async {
        var parser = KeyParser()
        for key in parser.feed(Array(text.utf8)) { await app.handle(key) }
    }

    /// Presses keys.
    func press(_ keys: Key...) async {
        for key in keys { await app.handle(key) }
    }

    /// The titles of the library's albums, read through the facade.
    func titles() async throws -> [String] {
        try await library.albums().map(\.title)
    }

    /// Checks a frame against its golden file.
    func snapshot(_ screen: TerminalScreen, _ name: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        #expect(Snapshot.check(screen.text + "\n", named: name) == nil, sourceLocation: sourceLocation)
    }

    /// Whether each row of the frame fits the terminal's width, wide characters counted twice.
    func fitsItsWidth(_ screen: TerminalScreen) -> Bool {
        screen.text.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy {
            String($0).terminalColumns <= screen.width
        }
    }
}
