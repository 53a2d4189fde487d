import BlueLibraryCore

/// Compiles a ``Query`` to an SQL `WHERE` / `ORDER BY` with bound parameters: user text never becomes
/// SQL text. Text is compared through the stored folded keys (``SearchKey``); a track condition becomes
/// one pass over the tracks (`id IN (SELECT album_id FROM tracks …)`), evaluated once per query.
struct QuerySQL {
    /// The condition, `1` when the query matches everything.
    var whereClause: String
    /// The ordering, always ending in the library position.
    var orderBy: String
    /// The values for the `?` placeholders, in order.
    var bindings: [SQLValue]

    init(_ query: Query) {
        var bindings: [SQLValue] = []
        func condition(_ term: Query.Term) -> String {
            let sql: String
            switch term.predicate {
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
                sql = "instr(\(QuerySQL.searchColumn(field)), ?) > 0"
            case .equals(let field, let value):
                bindings.append(.text(value))
                sql = "\(QuerySQL.column(field)) = ?"
            case .yearRange(let low, let high):
                var parts: [String] = []
                if let low {
                    parts.append("year >= ?")
                    bindings.append(.integer(Int64(low)))
                }
                if let high {
                    parts.append("year <= ?")
                    bindings.append(.integer(Int64(high)))
                }
                // An album without a year is outside every range, and so inside every negated one.
                sql = "coalesce(\(parts.joined(separator: " AND ")), 0)"
            }
            return term.negated ? "NOT \(sql)" : sql
        }
        let groups = query.groups.map { group in "(" + group.map(condition).joined(separator: " AND ") + ")" }
        whereClause = groups.isEmpty ? "1" : groups.joined(separator: " OR ")
        orderBy =
            (query.sort.map { "\(QuerySQL.searchColumn($0.field)) \($0.ascending ? "ASC" : "DESC")" } + [
                "position"
            ])
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
