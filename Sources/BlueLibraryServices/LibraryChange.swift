import BlueLibraryCore

/// What the facade announces after every change, to every observer: what happened and the new state.
public struct LibraryChange: Sendable, Equatable {
    /// The operation that caused the change.
    public enum Kind: String, Sendable {
        case add, delete, update, undo, redo, select
        case importAlbums = "import"
        /// Another process changed the library (found by ``LibraryAPI/checkForExternalChanges()``).
        case external
    }

    /// The operation that caused the change.
    public var kind: Kind
    /// The effect on the albums, as a command (for an undo, the inverse that was applied); `nil` for a
    /// selection or an import.
    public var effect: HistoryCommand?
    /// The library's state after the change.
    public var state: LibraryState

    /// Creates a change.
    public init(kind: Kind, effect: HistoryCommand?, state: LibraryState) {
        self.kind = kind
        self.effect = effect
        self.state = state
    }
}

/// An album named on the command line or in a URL: by index or by id.
public enum AlbumReference: Sendable, Hashable, CustomStringConvertible {
    /// The album at a library index.
    case index(Int)
    /// The album with an id.
    case id(AlbumID)

    /// Parses a whole number as an index and a UUID as an id.
    /// - Throws: ``LibraryError`` `usage` naming the text.
    public init(parsing text: String) throws {
        if let index = Int(text), text.first != "+" {
            self = .index(index)
        } else if let id = AlbumID(text) {
            self = .id(id)
        } else {
            throw LibraryError(.usage, "'\(text)' is neither an album index nor an album id")
        }
    }

    public var description: String {
        switch self {
        case .index(let index): "index \(index)"
        case .id(let id): "id \(id)"
        }
    }
}
