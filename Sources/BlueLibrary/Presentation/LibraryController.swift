import BlueLibraryCore
import BlueLibraryServices

/// The UI-agnostic controller of the album screen (the tutorial's `ViewController`): the C of
/// MVC. The terminal UI and the web UI are two views of this same controller; each forwards the user's
/// actions here, and the terminal renders ``screen``. It talks only to the ``LibraryAPI`` facade.
///
/// It also plays the scroller's data source and delegate: ``numberOfViews``, ``album(forViewAt:)``,
/// ``isHighlighted(_:)``, ``initialViewIndex`` and ``clickedView(at:)``.
///
/// One owner for screen state: the controller lives on the main actor, and every change to ``screen``
/// — after its own actions, and after every change the facade announces, from any face or process —
/// is applied by one serial queue of refreshes, each reading albums and state in one snapshot. A
/// refresh for a change the screen already reflects is skipped, so the screen never goes back to an
/// older state. Each action returns the committed change, so a face can answer from it.
@MainActor
package final class LibraryController {
    /// The facade every action goes through.
    package nonisolated let library: LibraryAPI
    /// The screen to draw now.
    package private(set) var screen = LibraryScreen.empty
    /// The newest change the shown albums reflect, and the newest the state (current album, toolbar)
    /// reflects: a selection refreshes only the state.
    private var albumsSequence: UInt64 = 0
    private var stateSequence: UInt64 = 0
    /// The last refresh queued: each refresh waits for the one before it.
    private var lastRefresh: Task<Void, Never>?
    private var following: Task<Void, Never>?
    /// Whether a view draws ``screen`` (after ``load()``): only then is it kept up to date. A face that
    /// draws nothing itself, as the web (the page keeps its own), uses the actions alone and so never
    /// holds the whole library in memory.
    package private(set) var isShowingScreen = false
    /// Who waits for the screen to show a change (``waitUntilShowing(_:)``).
    private var waiters: [Waiter] = []

    /// One ``waitUntilShowing(_:)`` in progress.
    private struct Waiter {
        var sequence: UInt64
        /// A selection: only the state must reflect it.
        var stateOnly: Bool
        var continuation: CheckedContinuation<Void, Never>
    }

    /// Creates a controller over a facade. Call ``load()`` to restore the saved state.
    package nonisolated init(library: LibraryAPI) {
        self.library = library
    }

    /// Loads the albums and restores the remembered current album (the memento), then follows every
    /// change to the library — from this controller or any other — until ``stop()``.
    package func load() async throws {
        let changes = library.changes.stream()
        isShowingScreen = true
        try await reload(after: nil)
        following?.cancel()
        following = Task { [weak self] in
            for await change in changes {
                guard let self else { return }
                try? await self.reload(after: change)
            }
        }
    }

    /// Stops following the library's changes.
    package func stop() {
        following?.cancel()
        following = nil
        isShowingScreen = false
        let pending = waiters
        waiters = []
        for waiter in pending { waiter.continuation.resume() }
    }

    /// Returns once the screen reflects `change` (or a newer one): a face, or a test, that learns of a
    /// change elsewhere waits here instead of polling.
    package func waitUntilShowing(_ change: LibraryChange) async {
        let stateOnly = change.kind == .select
        guard change.sequence > (stateOnly ? stateSequence : albumsSequence) else { return }
        await withCheckedContinuation {
            waiters.append(Waiter(sequence: change.sequence, stateOnly: stateOnly, continuation: $0))
        }
    }

    /// Resumes the waiters whose change the screen now reflects.
    private func resumeWaiters() {
        let isReady = { [albumsSequence, stateSequence] (waiter: Waiter) in
            waiter.sequence <= (waiter.stateOnly ? stateSequence : albumsSequence)
        }
        let ready = waiters.filter(isReady)
        waiters.removeAll(where: isReady)
        for waiter in ready { waiter.continuation.resume() }
    }

    // MARK: Scroller data source and delegate

    /// How many views the scroller shows: one per album.
    package var numberOfViews: Int { screen.albums.count }

    /// The album for the scroller's view at `index`, if in range.
    package func album(forViewAt index: Int) -> Album? {
        screen.albums.indices.contains(index) ? screen.albums[index] : nil
    }

    /// Whether the view at `index` is highlighted: it is the current album.
    package func isHighlighted(_ index: Int) -> Bool { screen.currentIndex == index }

    /// The view the scroller shows first: the current album, so a restart opens centred on it.
    package var initialViewIndex: Int { screen.currentIndex ?? 0 }

    /// A click on the view at `index`: it becomes current (saved at once) and its details are shown.
    @discardableResult
    package func clickedView(at index: Int) async throws -> LibraryChange {
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
        return try await select(.id(albums[index].id))
    }

    /// Makes the album an index or id names current (a face that names albums itself, such as the
    /// web page, whose indexes are the library's).
    @discardableResult
    package func select(_ reference: AlbumReference) async throws -> LibraryChange {
        try await perform { library in (try await library.select(reference), nil) }
    }

    // MARK: Actions

    /// "Show album i": the details table shows album `i` when `0 <= i < count`, otherwise it is emptied.
    package func showAlbum(at index: Int) {
        screen.details = screen.albums.indices.contains(index) ? screen.albums[index].tableRepresentation : []
    }

    /// Deletes the current album (Trash). With an empty library it does nothing: the tutorial indexed -1.
    @discardableResult
    package func deleteCurrent() async throws -> LibraryChange? {
        guard let current = screen.currentAlbum else { return nil }
        return try await delete(current.id)
    }

    /// Deletes the album with `id`.
    @discardableResult
    package func delete(_ id: AlbumID) async throws -> LibraryChange {
        try await perform { library in
            let change = try await library.delete(.id(id))
            return (change, change.album.map { "Deleted \"\($0.title)\"" })
        }
    }

    /// Adds an album (at the end of the library, or at `index` when within range) and makes it current.
    @discardableResult
    package func add(_ album: Album, at index: Int? = nil) async throws -> LibraryChange {
        try await perform { library in
            try await library.add(album, at: index)
            return (try await library.select(.id(album.id)), "Added \"\(album.title)\"")
        }
    }

    /// Changes fields of the album with `id` (one undo step); which album is current does not change.
    /// - Throws: `notFound` when the album is gone, `invalidField` naming a bad value (nothing changes).
    @discardableResult
    package func edit(_ id: AlbumID, with patch: AlbumPatch) async throws -> LibraryChange {
        try await perform { library in
            let change = try await library.update(.id(id), with: patch)
            return (change, change.album.map { "Edited \"\($0.title)\"" })
        }
    }

    /// Changes fields of `track` (one undo step); which album is current does not change.
    /// - Throws: `notFound` when the track is gone, `invalidField` naming a bad value (nothing changes).
    @discardableResult
    package func editTrack(_ track: Track, with patch: TrackPatch) async throws -> LibraryChange? {
        try await step { library in
            let change = try await library.updateTracks([(track.id, patch)])
            return (change, "Edited track \"\(patch.title?.trimmed ?? track.title)\"")
        }
    }

    /// Undoes the last change; the album it brings back becomes current.
    @discardableResult
    package func undo() async throws -> LibraryChange? {
        try await step { library in
            guard let change = try await library.undo() else { return (nil, "Nothing to undo") }
            return (change, "Undid " + (change.effect?.inverse.summary ?? "the last change"))
        }
    }

    /// Redoes the last undone change.
    @discardableResult
    package func redo() async throws -> LibraryChange? {
        try await step { library in
            guard let change = try await library.redo() else { return (nil, "Nothing to redo") }
            return (change, "Redid " + (change.effect?.summary ?? "the last change"))
        }
    }

    /// Shows only the albums matching `query` (the query language); an empty query shows them all, and
    /// a lone `artist:` term the artist's albums and then those they appear on as a guest.
    /// When the current album is not among the matches, the first match becomes current.
    /// - Throws: `invalidQuery` naming the bad term (the shown albums stay as they were).
    package func search(_ query: String) async throws {
        let text = query.trimmed
        do {
            _ = try Query(parsing: text)
        } catch let error as LibraryError {
            setMessage(error.message)
            throw error
        }
        screen.search = text
        try await reload(after: nil)
        if screen.currentIndex == nil, let first = screen.albums.first {
            try await select(.id(first.id))
        }
        let count = screen.albums.count
        setMessage(text.isEmpty ? nil : "\(count) album\(count == 1 ? " matches" : "s match") \(text)")
    }

    /// Shows a status message (for example an error from a face's own input handling).
    package func setMessage(_ message: String?) {
        screen.message = message
    }

    // MARK: Internals

    /// Runs a facade action, waits until the screen reflects its change, then shows its message.
    /// Errors become the status message and are rethrown for the face to report.
    private func perform(_ action: (LibraryAPI) async throws -> (LibraryChange, String?)) async throws
        -> LibraryChange
    {
        guard let change = try await step({ library in try await action(library) }) else {
            throw LibraryError(.internal, "the action made no change")
        }
        return change
    }

    private func step(_ action: (LibraryAPI) async throws -> (LibraryChange?, String?)) async throws
        -> LibraryChange?
    {
        do {
            let (change, message) = try await action(library)
            if let change, isShowingScreen { try await reload(after: change) }
            setMessage(message)
            return change
        } catch let error as LibraryError {
            setMessage(error.message)
            throw error
        }
    }

    /// Queues a refresh behind the ones already queued and waits for it: reads the shown albums and the
    /// state in one snapshot (only the state after a selection, which moves no album), unless the
    /// screen already reflects `change`.
    private func reload(after change: LibraryChange?) async throws {
        let previous = lastRefresh
        let refresh = Task { @MainActor [weak self] in
            await previous?.value
            try await self?.refresh(after: change)
        }
        lastRefresh = Task { _ = await refresh.result }
        try await refresh.value
    }

    private func refresh(after change: LibraryChange?) async throws {
        let sequence = change?.sequence ?? 0
        if change?.kind == .select {
            guard sequence > stateSequence else { return }
            let state = try await library.state()
            let tracks = try await tracks(of: state, among: screen.albums, reloading: false)
            apply(state)
            screen.tracks = tracks
        } else {
            if change != nil && sequence <= albumsSequence { return }
            let search = screen.search
            let query = search.isEmpty ? Query.all : try Query(parsing: search)
            let page = try await library.page(matching: query)
            var (albums, state) = (page.albums.map(\.album), page.state)
            // An artist searched alone: the albums they appear on as a guest follow their own.
            if let artist = query.artistText {
                let own = Set(albums.map(\.id))
                albums += try await library.appearances(of: artist, limit: 500).filter {
                    !own.contains($0.id)
                }
            }
            let tracks = try await tracks(of: state, among: albums, reloading: true)
            screen.albums = albums
            apply(state)
            screen.tracks = tracks
            albumsSequence = max(albumsSequence, sequence)
        }
        stateSequence = max(stateSequence, sequence)
        resumeWaiters()
    }

    /// The tracks of the album `state` makes current: read when another album became current, and
    /// after any change to the albums (a rescan changes tracks). Albums typed by hand have none and cost
    /// no read. Read before the screen changes, so it never shows one album's details with another's
    /// tracks.
    private func tracks(of state: LibraryState, among albums: [Album], reloading: Bool) async throws
        -> [Track]
    {
        let album = state.current.flatMap { current in albums.first { $0.id == current.id } }
        guard reloading || album?.id != screen.currentAlbum?.id else { return screen.tracks }
        guard let album, album.trackCount > 0 else { return [] }
        return try await library.album(.id(album.id)).tracks
    }

    private func apply(_ libraryState: LibraryState) {
        // The current album is found by id: with a search in force, indexes are positions in the
        // shown list, not in the library.
        let id = libraryState.current?.id
        screen.currentIndex = id.flatMap { id in screen.albums.firstIndex { $0.id == id } }
        screen.details = screen.currentAlbum?.tableRepresentation ?? []
        screen.isUndoEnabled = libraryState.canUndo
        screen.isRedoEnabled = libraryState.canRedo
        screen.isTrashEnabled = !screen.albums.isEmpty
    }
}
