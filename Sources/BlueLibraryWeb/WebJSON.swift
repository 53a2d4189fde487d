import BlueLibraryCore
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

    static func change(_ change: LibraryChange) -> JSONValue {
        .object([("kind", .string(change.kind.rawValue)), ("state", state(change.state))])
    }
}
