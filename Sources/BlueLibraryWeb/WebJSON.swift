import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices

/// The JSON the web API speaks: albums with the CLI's keys, and the screen state.
enum WebJSON {
    static func album(_ album: Album, index: Int? = nil) -> JSONValue {
        guard let index, case .object(var members) = AlbumCoding.json(album) else {
            return AlbumCoding.json(album)
        }
        members.append(("index", .number(String(index))))
        return .object(members)
    }

    static func state(_ state: LibraryState) -> JSONValue {
        .object([
            (
                "current",
                state.current.map {
                    .object([("id", .string($0.id.rawValue)), ("index", .number(String($0.index)))])
                }
                    ?? .null
            ),
            ("count", .number(String(state.count))), ("can_undo", .bool(state.canUndo)),
            ("can_redo", .bool(state.canRedo)), ("can_delete", .bool(state.canDelete)),
        ])
    }

    /// The toolbar and selection the page shows, from the shared controller's screen.
    static func state(_ screen: LibraryScreen) -> JSONValue {
        .object([
            (
                "current",
                screen.currentAlbum.map { album in
                    .object([
                        ("id", .string(album.id.rawValue)),
                        ("index", .number(String(screen.currentIndex ?? 0))),
                    ])
                } ?? .null
            ),
            ("count", .number(String(screen.albums.count))), ("can_undo", .bool(screen.isUndoEnabled)),
            ("can_redo", .bool(screen.isRedoEnabled)), ("can_delete", .bool(screen.isTrashEnabled)),
        ])
    }

    static func change(_ change: LibraryChange) -> JSONValue {
        .object([("kind", .string(change.kind.rawValue)), ("state", state(change.state))])
    }
}
