import BlueLibraryCore
import BlueLibraryServices
import Foundation
import Synchronization

/// The UI-agnostic controller of the album screen (the tutorial's `ViewController`, spec §5): the C of
/// MVC. The terminal UI and the web UI are two views of this same controller; each renders
/// ``screen`` and forwards the user's actions here. It talks only to the ``LibraryAPI`` facade.
///
/// It also plays the scroller's data source and delegate: ``numberOfViews``, ``album(forViewAt:)``,
/// ``isHighlighted(_:)``, ``initialViewIndex`` and ``clickedView(at:)``.
/// Thread-safe: the state sits behind a mutex and facade calls happen outside it.
public final class LibraryController: Sendable {
    /// The facade every action goes through.
    public let library: LibraryAPI
    private let state = Mutex(LibraryScreen.empty)
    private let subscription = Mutex<Subscription?>(nil)

    /// Creates a controller over a facade. Call ``load()`` to restore the saved state.
    public init(library: LibraryAPI) {
        self.library = library
    }

    /// The screen to draw now.
    public var screen: LibraryScreen { state.withLock { $0 } }

    /// Loads the albums and restores the remembered current album (the memento), then follows every
    /// change to the library — from this controller or any other — until released.
    public func load() throws {
        try reloadScroller()
        let observation = library.changes.observe { [weak self] change in
            try? self?.refresh(after: change)
        }
        subscription.withLock { $0 = observation }
    }

    // MARK: Scroller data source and delegate

    /// How many views the scroller shows: one per album.
    public var numberOfViews: Int { screen.albums.count }

    /// The album for the scroller's view at `index`, if in range.
    public func album(forViewAt index: Int) -> Album? {
        let albums = screen.albums
        return albums.indices.contains(index) ? albums[index] : nil
    }

    /// Whether the view at `index` is highlighted: it is the current album.
    public func isHighlighted(_ index: Int) -> Bool { screen.currentIndex == index }

    /// The view the scroller shows first: the current album, so a restart opens centred on it.
    public var initialViewIndex: Int { screen.currentIndex ?? 0 }

    /// A click on the view at `index`: it becomes current (saved at once) and its details are shown.
    public func clickedView(at index: Int) throws {
        let (albums, search) = (screen.albums, screen.search)
        guard albums.indices.contains(index) else {
            let size =
                !search.isEmpty
                ? "\(albums.count) match the search"
                : albums.isEmpty ? "the library is empty" : "the library has \(albums.count)"
            let error = LibraryError(.notFound, "no album at index \(index) (\(size))")
            setMessage(error.message)
            throw error
        }
        try perform { library in
            try library.select(.id(albums[index].id))
            return nil
        }
    }

    /// Makes the album with `id` current (a face that names albums by id, such as the web page).
    public func select(id: AlbumID) throws {
        try perform { library in
            try library.select(.id(id))
            return nil
        }
    }

    // MARK: Actions

    /// "Show album i": the details table shows album `i` when `0 <= i < count`, otherwise it is emptied.
    public func showAlbum(at index: Int) {
        update { screen in
            screen.details =
                screen.albums.indices.contains(index) ? screen.albums[index].tableRepresentation : []
        }
    }

    /// Reloads the albums from the facade, clamps the current index into range and shows the current album.
    public func reloadScroller() throws {
        let search = screen.search
        let albums = try library.albums(matching: search.isEmpty ? .all : try Query(parsing: search))
        let libraryState = try library.state()
        update { screen in
            screen.albums = albums
            Self.apply(libraryState, to: &screen)
        }
    }

    /// Deletes the current album (Trash). With an empty library it does nothing: the tutorial indexed -1.
    public func deleteCurrent() throws {
        guard let current = screen.currentAlbum else { return }
        try perform { library in
            let (album, _) = try library.delete(.id(current.id))
            return "Deleted \"\(album.title)\""
        }
    }

    /// Adds an album at the end of the library and makes it current.
    public func add(_ album: Album) throws {
        try perform { library in
            try library.add(album)
            try library.select(.id(album.id))
            return "Added \"\(album.title)\""
        }
    }

    /// Shows only the albums matching `query` (the query language); an empty query shows them all.
    /// When the current album is not among the matches, the first match becomes current.
    /// - Throws: `invalidQuery` naming the bad term (the shown albums stay as they were).
    public func search(_ query: String) throws {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        do {
            _ = try Query(parsing: trimmed)
        } catch let error as LibraryError {
            setMessage(error.message)
            throw error
        }
        update { $0.search = trimmed }
        try reloadScroller()
        let screen = screen
        if screen.currentIndex == nil, let first = screen.albums.first {
            try library.select(.id(first.id))
            if subscription.withLock({ $0 == nil }) { try reloadScroller() }
        }
        let count = self.screen.albums.count
        setMessage(trimmed.isEmpty ? nil : "\(count) album\(count == 1 ? "" : "s") match \(trimmed)")
    }

    /// Undoes the last change; the album it brings back becomes current.
    public func undo() throws {
        try perform { library in
            guard let change = try library.undo() else { return "Nothing to undo" }
            return "Undid " + (change.effect?.inverse.summary ?? "the last change")
        }
    }

    /// Redoes the last undone change.
    public func redo() throws {
        try perform { library in
            guard let change = try library.redo() else { return "Nothing to redo" }
            return "Redid " + (change.effect?.summary ?? "the last change")
        }
    }

    /// Shows a status message (for example an error from a face's own input handling).
    public func setMessage(_ message: String?) {
        update { $0.message = message }
    }

    // MARK: Internals

    /// Runs a facade action; its change arrives through the subscription. Errors become the status
    /// message and are rethrown for the face to report.
    private func perform(_ action: (LibraryAPI) throws -> String?) throws {
        do {
            let message = try action(library)
            if subscription.withLock({ $0 == nil }) { try reloadScroller() }
            setMessage(message)
        } catch let error as LibraryError {
            setMessage(error.message)
            throw error
        }
    }

    private func refresh(after change: LibraryChange) throws {
        // A selection changes no album: skip reloading them (a library may hold 100,000).
        guard change.kind == .select else { return try reloadScroller() }
        update { Self.apply(change.state, to: &$0) }
    }

    private static func apply(_ libraryState: LibraryState, to screen: inout LibraryScreen) {
        // The current album is found by id: with a search in force, indexes are positions in the
        // shown list, not in the library.
        let id = libraryState.current?.id
        screen.currentIndex = id.flatMap { id in screen.albums.firstIndex { $0.id == id } }
        screen.details = screen.currentAlbum?.tableRepresentation ?? []
        screen.isUndoEnabled = libraryState.canUndo
        screen.isRedoEnabled = libraryState.canRedo
        screen.isTrashEnabled = !screen.albums.isEmpty
    }

    private func update(_ change: (inout LibraryScreen) -> Void) {
        state.withLock { change(&$0) }
    }
}
