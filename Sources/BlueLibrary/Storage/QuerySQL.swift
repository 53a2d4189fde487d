import BlueLibraryCore

/// Compiles a ``Query`` to an SQL `WHERE` / `ORDER BY` with bound parameters: user text never becomes
/// SQL text. Text is compared through the stored folded keys (``SearchKey``); a track condition becomes
/// one pass over the tracks (`id IN (SELECT album_id FROM tracks …)`), evaluated once per query.
///
/// In the ``Scope/tracks`` scope the same query picks tracks rather than albums: a bare word and the
/// `track:` / `trackartist:` terms match the track's own title and artist, and album fields its album's.
struct QuerySQL {
    /// What the rows are.
    enum Scope {
        /// Albums: `FROM albums`.
        case albums
        /// Tracks with their album: `FROM tracks t JOIN albums a`.
        case tracks
    }

    /// The condition, `1` when the query matches everything.
    var whereClause: String
    /// The ordering, always ending in the library position (and for tracks, their order on the album).
    var orderBy: String
    /// The values for the `?` placeholders, in order.
    var bindings: [SQLValue]

    init(_ query: Query, scope: Scope = .albums) {
        var bindings: [SQLValue] = []
        // Album columns are named alone over `albums`, and through their table's alias over a join.
        let album = scope == .tracks ? "a." : ""
        func condition(_ term: Query.Term) -> String {
            let sql: String
            switch term.predicate {
            case .anyText(let needle) where scope == .tracks:
                bindings += [.text(needle), .text(needle)]
                sql = "(instr(t.title_key, ?) > 0 OR instr(t.artist_key, ?) > 0)"
            case .track(let field, let text, let exact) where scope == .tracks:
                bindings.append(.text(text))
                let column = field == .title ? "t.title" : "t.artist"
                sql = exact ? "\(column) = ?" : "instr(\(column)_key, ?) > 0"
            case .anyText(let needle):
                bindings += Array(repeating: .text(needle), count: 5)
                sql = """
                    (instr(title_key, ?) > 0 OR instr(artist_key, ?) > 0 OR instr(genre_key, ?) > 0 OR id IN \
                    (SELECT album_id FROM tracks WHERE instr(title_key, ?) > 0 OR instr(artist_key, ?) > 0))
                    """
            case .track(let field, let text, let exact):
                bindings.append(.text(text))
                let column = field == .title ? "title" : "artist"
                let condition = exact ? "\(column) = ?" : "instr(\(column)_key, ?) > 0"
                sql = "id IN (SELECT album_id FROM tracks WHERE \(condition))"
            case .contains(let field, let needle):
                bindings.append(.text(needle))
                sql = "instr(\(album)\(QuerySQL.searchColumn(field)), ?) > 0"
            case .equals(let field, let value):
                bindings.append(.text(value))
                sql = "\(album)\(QuerySQL.column(field)) = ?"
            case .yearRange(let low, let high):
                var parts: [String] = []
                if let low {
                    parts.append("\(album)year >= ?")
                    bindings.append(.integer(Int64(low)))
                }
                if let high {
                    parts.append("\(album)year <= ?")
                    bindings.append(.integer(Int64(high)))
                }
                // An album without a year is outside every range, and so inside every negated one.
                sql = "coalesce(\(parts.joined(separator: " AND ")), 0)"
            }
            return term.negated ? "NOT \(sql)" : sql
        }
        let groups = query.groups.map { group in "(" + group.map(condition).joined(separator: " AND ") + ")" }
        whereClause = groups.isEmpty ? "1" : groups.joined(separator: " OR ")
        let sortKeys = query.sort.map {
            "\(album)\(QuerySQL.searchColumn($0.field)) \($0.ascending ? "ASC" : "DESC")"
        }
        orderBy = (sortKeys + (scope == .tracks ? ["a.position", "t.ordinal"] : ["position"]))
            .joined(separator: ", ")
        self.bindings = bindings
    }

    /// The column holding a field as stored.
    static func column(_ field: AlbumField) -> String {
        field == .coverURL ? "cover_url" : field.rawValue
    }

    /// The column that substring matching and sorting compare (the folded copy for text fields).
    static func searchColumn(_ field: AlbumField) -> String {
        field.isCaseFolded ? "\(field.rawValue)_key" : column(field)
    }
}
