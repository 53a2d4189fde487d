import AudioKit
import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibrarySQLite
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryTerminal
import TerminalKit
import TestSupport
import Testing

/// A terminal face over an in-memory library, driven by scripted keys and read back from its screen.
/// Frames are drawn without colour so golden files are plain text; covers are generated artwork. Tracks
/// play on the audio twin, by a clock the test moves.
@MainActor
struct TerminalHarness {
    let library: LibraryAPI
    let app: TerminalApp
    let clock = ManualClock()
    let player: QueuePlayerTwin

    /// A face `width × height` over the seed albums, or over `albums` (and their `tracks`, as a scan
    /// would have stored them). The player plays each track for its length, except the files named in
    /// `undecodable`, which no decoder reads.
    init(
        width: Int = 80, height: Int = 24, albums: [Album]? = nil, tracks: [AlbumID: [Track]] = [:],
        undecodable: Set<String> = [], embeddedPicture: [UInt8]? = nil
    ) async throws {
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
                    with: list.map { track in
                        // A track's ReplayGain lives in the tags a scan stored with it.
                        let gain = track.details.replayGain
                        let tags =
                            gain.isEmpty ? "" : TrackTags(artist: track.artist, replayGain: gain).stored
                        return StoredTrack(track: track, albumID: album, size: 0, modified: 0, tags: tags)
                    })
            }
        }
        library = LibraryAPI(store: store)
        let covers = CoverService(
            httpClient: nil, cache: nil, embedded: embeddedPicture.map { PictureTwin(picture: $0) })
        Task { await covers.run() }
        let lengths = Dictionary(tracks.values.joined().map { ($0.path, $0.duration) }) { first, _ in first }
        player = QueuePlayerTwin(clock: clock) { path throws(AudioError) in
            guard !undecodable.contains(path), let length = lengths[path] else {
                throw AudioError(
                    .file, "cannot play \(path.split(separator: "/").last ?? ""): no decoder reads it")
            }
            return length
        }
        app = TerminalApp(
            controller: LibraryController(library: library), coverCenter: covers.center, mode: .noColor,
            width: width, height: height, player: player)
        try await app.start()
    }

    /// Draws until every visible cover has arrived, then returns the frame. Covers are made on a shared
    /// pool that a busy machine may run late, so it waits up to a minute (a frame still loading then fails
    /// the test's check of it).
    func settledFrame() async throws -> TerminalScreen {
        _ = app.render()
        let deadline = ContinuousClock.now + .seconds(60)
        while app.isLoadingCovers && ContinuousClock.now < deadline {
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

    /// The frame's rows.
    func rows() -> [String] {
        app.render().text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The player's line (the row above the toolbar), or `nil` when nothing plays.
    func playerLine() -> String? {
        let rows = rows()
        let line = rows[rows.count - 3]
        return line.hasPrefix(" ▶ Playing") || line.hasPrefix(" ‖ Paused") ? line : nil
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

/// Finds the same picture in every audio file.
private struct PictureTwin: EmbeddedPictureReader {
    let picture: [UInt8]

    func picture(embeddedIn path: String) async throws -> [UInt8]? { picture }
}

extension QueuePlayerTwin {
    /// A twin for faces whose tests play nothing: every file is unknown to it.
    static func playingNothing() -> QueuePlayerTwin {
        QueuePlayerTwin(clock: ManualClock()) { path throws(AudioError) in
            throw AudioError(.file, "cannot play \(path): this test plays nothing")
        }
    }
}
