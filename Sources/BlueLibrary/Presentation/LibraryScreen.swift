import BlueLibraryCore

/// Everything a face draws, derived by ``LibraryController``: the scroller's albums and highlight, the
/// details table and the toolbar. Views render it and know nothing of storage.
package struct LibraryScreen: Sendable, Equatable {
    /// The albums the scroller shows, in library order (the tutorial's `allAlbums`).
    package var albums: [Album]
    /// The current (highlighted) album's index; `nil` when the library is empty.
    package var currentIndex: Int?
    /// The details table: the current album's rows, empty when none is shown.
    package var details: [TableRow]
    /// Whether the Undo button is enabled: there is something to undo.
    package var isUndoEnabled: Bool
    /// Whether there is something to redo.
    package var isRedoEnabled: Bool
    /// Whether the Trash button is enabled: the library is not empty.
    package var isTrashEnabled: Bool
    /// A one-line status message for the user (the result of the last action, or an error).
    package var message: String?
    /// The search in force (query language); empty shows the whole library.
    package var search = ""
    /// The current album's tracks in album order (none for an album typed by hand).
    package var tracks: [Track] = []

    /// An empty screen, before the first load.
    package static let empty = LibraryScreen(
        albums: [], currentIndex: nil, details: [], isUndoEnabled: false, isRedoEnabled: false,
        isTrashEnabled: false, message: nil, search: "")

    /// The current album, if any.
    package var currentAlbum: Album? {
        currentIndex.flatMap { albums.indices.contains($0) ? albums[$0] : nil }
    }
}
