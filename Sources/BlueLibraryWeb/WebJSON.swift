import BlueLibraryCore
import BlueLibraryServices

/// The JSON the web API speaks besides albums (whose form is ``AlbumCoding``): the library's state and
/// the change events.
enum WebJSON {
    /// The committed state: the current album, the count and what the toolbar allows.
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

    /// An event stream's `change` event.
    static func change(_ change: LibraryChange) -> JSONValue {
        .object([("kind", .string(change.kind.rawValue)), ("state", state(change.state))])
    }
}
