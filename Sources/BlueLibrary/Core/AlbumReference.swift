/// An album named on the command line or in a URL: by index, by id, or by a query that matches it
/// alone (`show "Kid A"`).
package enum AlbumReference: Sendable, Hashable, CustomStringConvertible {
    /// The album at a library index.
    case index(Int)
    /// The album with an id.
    case id(AlbumID)
    /// The one album a query matches (its text as typed, for messages).
    case query(Query, text: String)

    /// Parses a whole number as an index, a UUID as an id, and anything else as a query.
    /// - Throws: ``LibraryError`` `invalidQuery` naming the text when it is not a valid query.
    package init(parsing text: String) throws {
        if let index = Int(text), text.first != "+" {
            self = .index(index)
        } else if let id = AlbumID(text) {
            self = .id(id)
        } else {
            let query = try Query(parsing: text)
            guard !query.matchesEverything else {
                throw LibraryError(.usage, "'\(text)' names no album (give an index, an id or a query)")
            }
            self = .query(query, text: text)
        }
    }

    package var description: String {
        switch self {
        case .index(let index): "index \(index)"
        case .id(let id): "id \(id)"
        case .query(_, let text): "'\(text)'"
        }
    }
}
