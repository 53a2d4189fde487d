import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices
import TerminalKit

/// The terminal face: the tutorial's one screen — a scroller of covers, the details table, an
/// Undo / Trash toolbar — drawn into a ``TerminalScreen`` from the shared ``LibraryController``, and the
/// keys and clicks that drive it. It owns no library state: the controller does.
///
/// It is the scroller's delegate, adapting albums to tiles (Adapter by delegation).
@MainActor
public final class TerminalApp: HorizontalScrollerDelegate {
    /// The controller every face drives.
    public let controller: LibraryController
    let coverCenter: CoverCenter
    let mode: any ColorStrategy
    let scroller: HorizontalScroller
    var tiles: [AlbumID: AlbumTile] = [:]
    private(set) var input = InputMode.browse
    var centeredOn: AlbumID?
    /// The terminal's size.
    public private(set) var size: (width: Int, height: Int)
    /// Animation frame for spinners.
    public var tick = 0
    /// Set when the user asked to quit.
    public private(set) var wantsToQuit = false
    /// The view the scroller reported clicked while handling the current key (delegate callbacks are
    /// synchronous; the controller's actions are not).
    private var clickedIndex: Int?

    static let tileWidth = 18
    static let tileHeight = 9
    static let padding = 1
    /// The smallest terminal the screen fits in.
    public static let minimumSize = (width: 40, height: 22)

    /// What the keyboard is doing.
    enum InputMode: Equatable {
        case browse
        case search(String)
        case add(AddForm)
    }

    /// Creates the face for a controller, a cover centre, a colour mode and a terminal size.
    public init(
        controller: LibraryController, coverCenter: CoverCenter, mode: some ColorStrategy, width: Int,
        height: Int
    ) {
        self.controller = controller
        self.coverCenter = coverCenter
        self.mode = mode
        size = (width, height)
        scroller = HorizontalScroller(
            viewWidth: Self.tileWidth, viewHeight: Self.tileHeight, padding: Self.padding, visibleWidth: width
        )
    }

    /// Loads the library, restores the remembered album and opens the scroller centred on it.
    public func start() async throws {
        try await controller.load()
        scroller.delegate = self
        scroller.reload()
        centeredOn = controller.screen.currentAlbum?.id
    }

    /// Lays the screen out again for a new terminal size.
    public func resize(width: Int, height: Int) {
        size = (width, height)
        scroller.resize(visibleWidth: width)
        if let index = controller.screen.currentIndex { scroller.center(on: index) }
    }

    // MARK: Scroller delegate

    public func numberOfViews(in scroller: HorizontalScroller) -> Int {
        controller.numberOfViews
    }

    public func horizontalScroller(_ scroller: HorizontalScroller, viewAt index: Int) -> any ScrollerTile {
        guard let album = controller.album(forViewAt: index) else { return EmptyTile() }
        let tile: AlbumTile
        if let existing = tiles[album.id], existing.view.album == album {
            tile = existing
        } else {
            tile = AlbumTile(view: AlbumView(album: album, coverCenter: coverCenter), mode: mode)
            tiles[album.id] = tile
        }
        tile.view.isHighlighted = controller.isHighlighted(index)
        return tile
    }

    public func horizontalScroller(_ scroller: HorizontalScroller, clickedViewAt index: Int) {
        clickedIndex = index
    }

    public func initialViewIndex(for scroller: HorizontalScroller) -> Int {
        controller.initialViewIndex
    }

    // MARK: Keys

    /// Handles one key or click; returns once the screen shows its effect. Errors are already on the
    /// screen as the status message (the controller puts them there).
    public func handle(_ key: Key) async {
        switch input {
        case .browse: await handleBrowsing(key)
        case .search(let text): await handleSearch(key, text: text)
        case .add(let form): await handleAdd(key, form: form)
        }
    }

    private func handleBrowsing(_ key: Key) async {
        let screen = controller.screen
        let current = screen.currentIndex ?? 0
        switch key {
        case .left, .character("h"): await select(current - 1)
        case .right, .character("l"): await select(current + 1)
        case .home: await select(0)
        case .end: await select(screen.albums.count - 1)
        case .character("d"), .delete: _ = try? await controller.deleteCurrent()
        case .character("u"), .control("z"): _ = try? await controller.undo()
        case .character("r"), .control("r"): _ = try? await controller.redo()
        case .character("/"): input = .search(screen.search)
        case .character("a"): input = .add(AddForm())
        case .character("q"), .control("c"), .control("d"): wantsToQuit = true
        case .click(let column, let row): await click(column: column, row: row)
        default: break
        }
    }

    private func select(_ index: Int) async {
        guard controller.screen.albums.indices.contains(index) else { return }
        _ = try? await controller.clickedView(at: index)
    }

    private func click(column: Int, row: Int) async {
        let band = scrollerTop..<(scrollerTop + Self.tileHeight + 2 * Self.padding)
        if band.contains(row) {
            clickedIndex = nil
            scroller.click(atColumn: column)
            if let index = clickedIndex { _ = try? await controller.clickedView(at: index) }
        } else if row == size.height - 2 {
            let layout = toolbarLayout
            if layout.undo.contains(column), controller.screen.isUndoEnabled {
                _ = try? await controller.undo()
            }
            if layout.trash.contains(column), controller.screen.isTrashEnabled {
                _ = try? await controller.deleteCurrent()
            }
        }
    }

    private func handleSearch(_ key: Key, text: String) async {
        switch key {
        case .escape:
            input = .browse
            try? await controller.search("")
        case .enter:
            input = .browse
            try? await controller.search(text)
        case .backspace: input = .search(String(text.dropLast()))
        case .character(let character): input = .search(text + String(character))
        default: break
        }
    }

    private func handleAdd(_ key: Key, form: AddForm) async {
        var form = form
        switch key {
        case .escape:
            input = .browse
            controller.setMessage(nil)
            return
        case .enter:
            do {
                try await controller.add(try form.album())
                input = .browse
            } catch let error as LibraryError {
                controller.setMessage(error.message)
            } catch {
                controller.setMessage("\(error)")
            }
            return
        case .tab, .down: form.focus = (form.focus + 1) % AddForm.labels.count
        case .backTab, .up: form.focus = (form.focus + AddForm.labels.count - 1) % AddForm.labels.count
        case .backspace: form.values[form.focus] = String(form.values[form.focus].dropLast())
        case .character(let character): form.values[form.focus].append(character)
        default: break
        }
        input = .add(form)
    }
}

/// What the scroller draws for an index the controller no longer has (between a change and the
/// scroller's next reload): nothing.
@MainActor
final class EmptyTile: ScrollerTile {
    func draw(into screen: inout TerminalScreen, x: Int, y: Int, width: Int, height: Int, tick: Int) {}
}

/// The add-album form's fields.
struct AddForm: Equatable {
    static let labels = ["Title", "Artist", "Genre", "Year"]
    var values = ["", "", "", ""]
    var focus = 0

    /// The album the form describes, validated.
    func album() throws -> Album {
        try Album(title: values[0], artist: values[1], genre: values[2], year: try Album.parseYear(values[3]))
    }
}
