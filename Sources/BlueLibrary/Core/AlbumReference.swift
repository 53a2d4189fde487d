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
