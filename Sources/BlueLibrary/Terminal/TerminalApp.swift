import AudioKit
import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices
import TerminalKit

/// The terminal face: the tutorial's one screen — a scroller of covers, the details table, an
/// Undo / Trash toolbar — drawn into a ``TerminalScreen`` from the shared ``LibraryController``, and the
/// keys and clicks that drive it. It owns no library state: the controller does. It also plays the
/// albums' tracks through a `QueuePlayer`, which owns where playback is.
///
/// It is the scroller's delegate, adapting albums to tiles (Adapter by delegation).
@MainActor
package final class TerminalApp: HorizontalScrollerDelegate {
    /// The controller every face drives.
    package let controller: LibraryController
    let coverCenter: CoverCenter
    let mode: any ColorStrategy
    let scroller: HorizontalScroller
    var tiles: [AlbumID: AlbumTile] = [:]
    var input = InputMode.browse
    /// The player of the albums' tracks.
    let player: any QueuePlayer
    /// Where the lyrics panel finds a track's lyrics (none: every track has none).
    package var lyrics: (any LyricsSource)?
    /// Which ReplayGain values the player applies (`tui --replaygain`).
    package var replayGain = ReplayGainMode.track
    /// The album and tracks handed to the player last (what plays while other albums are browsed).
    var playing: (album: Album, tracks: [Track])?
    /// The track list's cursor and focus.
    var trackList = TrackListState()
    var centeredOn: AlbumID?
    /// Its index then.
    var centeredIndex: Int?
    /// The terminal's size.
    package private(set) var size: (width: Int, height: Int)
    /// Animation frame for spinners.
    package var tick = 0
    /// Set when the user asked to quit.
    package private(set) var wantsToQuit = false
    /// The view the scroller reported clicked while handling the current key (delegate callbacks are
    /// synchronous; the controller's actions are not).
    var clickedIndex: Int?

    /// The smallest terminal the screen fits in.
    package static let minimumSize = ScreenLayout.minimumSize

    /// What the keyboard is doing.
    enum InputMode: Equatable {
        /// Browsing the covers.
        case browse
        /// Typing a search.
        case search(SearchPrompt)
        /// Filling in the add or the edit form.
        case form(AlbumForm)
        /// The list of keys is shown, from entry `top`; ↑/↓ scroll a list taller than the screen, any
        /// other key closes it.
        case help(top: Int)
        /// The lyrics of a track are shown (`y`).
        case lyrics(LyricsPanel)
    }

    /// Where the screen's bands sit at the terminal's size.
    var layout: ScreenLayout {
        let tracks = controller.screen.tracks
        // The list's heading, its tracks and, on an album of several discs, a heading per disc.
        let discs = Set(tracks.map(\.disc)).count
        let rows = tracks.count + (discs > 1 ? discs : 0)
        return ScreenLayout(
            width: size.width, height: size.height, trackLines: tracks.isEmpty ? 0 : rows + 1,
            playing: nowPlaying != nil)
    }

    /// Creates the face for a controller, a cover centre, a colour mode, a terminal size and the player
    /// of the albums' tracks.
    package init(
        controller: LibraryController, coverCenter: CoverCenter, mode: some ColorStrategy, width: Int,
        height: Int, player: any QueuePlayer
    ) {
        self.controller = controller
        self.coverCenter = coverCenter
        self.mode = mode
        self.player = player
        size = (width, height)
        let layout = ScreenLayout(width: width, height: height, trackLines: 0)
        scroller = HorizontalScroller(
            viewWidth: layout.tileWidth, viewHeight: layout.tileHeight, padding: layout.padding,
            visibleWidth: width)
    }

    /// Loads the library, restores the remembered album and opens the scroller centred on it.
    package func start() async throws {
        try await controller.load()
        scroller.delegate = self
        scroller.reload()
        centeredOn = controller.screen.currentAlbum?.id
        centeredIndex = controller.screen.currentIndex
    }

    /// Lays the screen out again for a new terminal size.
    package func resize(width: Int, height: Int) {
        size = (width, height)
        let layout = layout
        scroller.resize(visibleWidth: width, viewWidth: layout.tileWidth, viewHeight: layout.tileHeight)
        if let index = controller.screen.currentIndex { scroller.center(on: index) }
    }

    // MARK: Scroller delegate

    package func numberOfViews(in scroller: HorizontalScroller) -> Int {
        controller.numberOfViews
    }

    package func horizontalScroller(_ scroller: HorizontalScroller, viewAt index: Int) -> any ScrollerTile {
        guard let album = controller.album(forViewAt: index) else { return EmptyTile() }
        let tile: AlbumTile
        if let existing = tiles[album.id], existing.view.album == album {
            tile = existing
        } else {
            tile = AlbumTile(view: AlbumViewModel(album: album, coverCenter: coverCenter), mode: mode)
            tiles[album.id] = tile
        }
        tile.view.isHighlighted = controller.isHighlighted(index)
        return tile
    }

    package func horizontalScroller(_ scroller: HorizontalScroller, clickedViewAt index: Int) {
        clickedIndex = index
    }

    package func initialViewIndex(for scroller: HorizontalScroller) -> Int {
        controller.initialViewIndex
    }

    // MARK: Keys

    /// Handles one key or click; returns once the screen shows its effect. Errors are already on the
    /// screen: in the form that caused them, or as the status message (the controller puts them there).
    package func handle(_ key: Key) async {
        switch input {
        case .browse: await handleBrowsing(key)
        case .search(let prompt): await handleSearch(key, prompt: prompt)
        case .form(let form): await handleForm(key, form: form)
        case .help(let top): scrollKeys(key, from: top)
        case .lyrics(let panel): scrollLyrics(key, panel)
        }
    }

    /// Asks the app to stop.
    func quit() {
        wantsToQuit = true
    }
}

/// What the scroller draws for an index the controller no longer has (between a change and the
/// scroller's next reload): nothing.
@MainActor
final class EmptyTile: ScrollerTile {
    func draw(into screen: inout TerminalScreen, x: Int, y: Int, width: Int, height: Int, tick: Int) {}
}
