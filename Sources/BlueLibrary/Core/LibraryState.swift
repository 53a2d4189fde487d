/// The remembered current album (the memento of the tutorial's `currentAlbumIndex`): its id, and the
/// index it had, used as a fall-back when the album is gone.
public struct CurrentAlbum: Sendable, Hashable {
    /// The current album's id.
    public var id: AlbumID
    /// The index the current album had when it was saved.
    public var index: Int

    /// Creates a saved current album.
    public init(id: AlbumID, index: Int) {
        self.id = id
        self.index = index
    }
}

/// What every face shows besides the albums: where the user is and which toolbar buttons work.
public struct LibraryState: Sendable, Hashable {
    /// The current album, `nil` when the library is empty.
    public var current: CurrentAlbum?
    /// How many albums the library holds.
    public var count: Int
    /// Whether there is something to undo (the Undo button is enabled).
    public var canUndo: Bool
    /// Whether there is something to redo.
    public var canRedo: Bool

    /// Creates a state value.
    public init(current: CurrentAlbum?, count: Int, canUndo: Bool, canRedo: Bool) {
        self.current = current
        self.count = count
        self.canUndo = canUndo
        self.canRedo = canRedo
    }

    /// Whether the Trash button is enabled: there is an album to delete.
    public var canDelete: Bool { count > 0 }
}

extension LibraryState {
    /// The state's external form, the same in the web API and `stats --json`: `current` (`{"id",
    /// "index"}` or `null`), `count`, `can_undo`, `can_redo`, `can_delete`.
    public var jsonMembers: [(key: String, value: JSONValue)] {
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
