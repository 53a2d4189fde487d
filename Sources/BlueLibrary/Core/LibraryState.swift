/// The remembered current album (the memento of the tutorial's `currentAlbumIndex`): its id, and the
/// index it had, used as a fall-back when the album is gone.
package struct CurrentAlbum: Sendable, Hashable {
    /// The current album's id.
    package var id: AlbumID
    /// The index the current album had when it was saved.
    package var index: Int

    /// Creates a saved current album.
    package init(id: AlbumID, index: Int) {
        self.id = id
        self.index = index
    }
}

/// What every face shows besides the albums: where the user is and which toolbar buttons work.
package struct LibraryState: Sendable, Hashable {
    /// The current album, `nil` when the library is empty.
    package var current: CurrentAlbum?
    /// How many albums the library holds.
    package var count: Int
    /// Whether there is something to undo (the Undo button is enabled).
    package var canUndo: Bool
    /// Whether there is something to redo.
    package var canRedo: Bool

    /// Creates a state value.
    package init(current: CurrentAlbum?, count: Int, canUndo: Bool, canRedo: Bool) {
        self.current = current
        self.count = count
        self.canUndo = canUndo
        self.canRedo = canRedo
    }

    /// Whether the Trash button is enabled: there is an album to delete.
    package var canDelete: Bool { count > 0 }
}

extension LibraryState {
    /// The state's external form, the same in the web API and `stats --json`: `current` (`{"id",
    /// "index"}` or `null`), `count`, `can_undo`, `can_redo`, `can_delete`.
    package var jsonMembers: [(key: String, value: JSONValue)] {
        var currentValue = JSONValue.null
        if let current {
            let index = JSONValue.number(String(current.index))
            currentValue = .object([("id", .string(current.id.rawValue)), ("index", index)])
        }
        return [
            ("current", currentValue), ("count", .number(String(count))), ("can_undo", .bool(canUndo)),
            ("can_redo", .bool(canRedo)), ("can_delete", .bool(canDelete)),
        ]
    }
}
