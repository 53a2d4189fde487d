/// An album named on the command line or in a URL: by index, by id, or by a query that matches it
/// alone (`show Kid A`).
package enum AlbumReference: Sendable, Hashable, CustomStringConvertible {
    /// The album at a library index.
    case index(Int)
    /// The album with an id.
    case id(AlbumID)
    /// The one album a query matches (its text as typed, for messages).
    case query(Query, text: String)

    /// Parses a text (a URL's, a prompt's): its words as ``Query/init(parsing:)`` splits them, read as
    /// ``init(arguments:)`` reads arguments.
    /// - Throws: ``LibraryError`` `invalidQuery` naming the text when it is not a valid query.
    package init(parsing text: String) throws {
        try self.init(words: try Query.split(text), text: text)
    }

    /// Parses command-line arguments that name an album: one whole number is an index, one UUID an id,
    /// and anything else a query whose words are the arguments (``Query/init(terms:)``, as `list` reads
    /// them).
    /// - Throws: ``LibraryError`` `invalidQuery` naming the bad term.
    package init(arguments: [String]) throws {
        try self.init(words: arguments, text: arguments.joined(separator: " "))
    }

    private init(words: [String], text: String) throws {
        if words.count == 1, let word = words.first {
            if let index = Int(word), word.first != "+" {
                self = .index(index)
                return
            }
            if let id = AlbumID(word) {
                self = .id(id)
                return
            }
        }
        let query = try Query(terms: words)
        guard !query.matchesEverything else {
            throw LibraryError(.usage, "'\(text)' names no album (give an index, an id or a query)")
        }
        self = .query(query, text: text)
    }

    package var description: String {
        switch self {
        case .index(let index): "index \(index)"
        case .id(let id): "id \(id)"
        case .query(_, let text): "'\(text)'"
        }
    }
}
