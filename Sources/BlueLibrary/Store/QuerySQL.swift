import BlueLibraryCore

/// Compiles a ``Query`` to an SQL `WHERE` / `ORDER BY` with bound parameters: user text never becomes
/// SQL text. Text is compared through the stored folded keys (``SearchKey``); a track condition becomes
/// one pass over the tracks (`id IN (SELECT album_id FROM tracks …)`), evaluated once per query.
///
/// In the ``Scope/tracks`` scope the same query picks tracks rather than albums: a bare word and the
/// `track:` / `trackartist:` terms match the track's own title and artist, and album fields its album's.
///
/// The SQL is SQLite's or PostgreSQL's (``SQLDialect``): the two differ in their placeholders, their
/// substring function and where they sort an album without a year, and a query must mean the same in
/// both (`LibraryStoreContractTests`).
package struct QuerySQL {
    /// What the rows are.
    package enum Scope {
        /// Albums: `FROM albums`.
        case albums
        /// Tracks with their album: `FROM tracks t JOIN albums a`.
        case tracks
    }

    /// The condition, `true` when the query matches everything.
    package var whereClause: String
    /// The ordering, always ending in the library position (and for tracks, their order on the album).
    package var orderBy: String
    /// The values for the placeholders, in order.
    package var bindings: [SQLValue]

    /// Compiles `query` for `scope` in `dialect`; PostgreSQL's placeholders are numbered from `$1`.
    package init(_ query: Query, scope: Scope = .albums, dialect: SQLDialect = .sqlite) {
        var bindings: [SQLValue] = []
        func bind(_ value: SQLValue) -> String {
            bindings.append(value)
            return dialect.placeholder(bindings.count)
        }
        func contains(_ column: String, _ needle: String) -> String {
            dialect.contains(column, bind(.text(needle)))
        }
        // Album columns are named alone over `albums`, and through their table's alias over a join.
        let album = scope == .tracks ? "a." : ""
        func condition(_ term: Query.Term) -> String {
            let sql: String
            switch term.predicate {
            case .anyText(let needle) where scope == .tracks:
                sql = "(\(contains("t.title_key", needle)) OR \(contains("t.artist_key", needle)))"
            case .track(let field, let text, let exact) where scope == .tracks:
                let column = field == .title ? "t.title" : "t.artist"
                sql = exact ? "\(column) = \(bind(.text(text)))" : contains("\(column)_key", text)
            case .anyText(let needle):
                let albumSide = ["title_key", "artist_key", "genre_key"].map { contains($0, needle) }
                let trackSide = ["title_key", "artist_key"].map { contains($0, needle) }
                sql = """
                    (\(albumSide.joined(separator: " OR ")) OR id IN \
                    (SELECT album_id FROM tracks WHERE \(trackSide.joined(separator: " OR "))))
                    """
            case .track(let field, let text, let exact):
                let column = field == .title ? "title" : "artist"
                let condition =
                    exact ? "\(column) = \(bind(.text(text)))" : contains("\(column)_key", text)
                sql = "id IN (SELECT album_id FROM tracks WHERE \(condition))"
            case .contains(let field, let needle):
                sql = contains(album + QuerySQL.searchColumn(field), needle)
            case .equals(let field, let value):
                sql = "\(album)\(QuerySQL.column(field)) = \(bind(.text(value)))"
            case .yearRange(let low, let high):
                var parts: [String] = []
                if let low { parts.append("\(album)year >= \(bind(.integer(Int64(low))))") }
                if let high { parts.append("\(album)year <= \(bind(.integer(Int64(high))))") }
                // An album without a year is outside every range, and so inside every negated one.
                sql = "coalesce(\(parts.joined(separator: " AND ")), false)"
            }
            return term.negated ? "NOT \(sql)" : sql
        }
        let groups = query.groups.map { group in "(" + group.map(condition).joined(separator: " AND ") + ")" }
        whereClause = groups.isEmpty ? "true" : groups.joined(separator: " OR ")
        let sortKeys = query.sort.map {
            let column = album + QuerySQL.searchColumn($0.field)
            return "\(column) \($0.ascending ? "ASC" : "DESC")\(dialect.nullsOrder(ascending: $0.ascending))"
        }
        orderBy = (sortKeys + (scope == .tracks ? ["a.position", "t.ordinal"] : ["position"]))
            .joined(separator: ", ")
        self.bindings = bindings
    }

    /// The column holding a field as stored.
    package static func column(_ field: AlbumField) -> String {
        field == .coverURL ? "cover_url" : field.rawValue
    }

    /// The column that substring matching and sorting compare (the folded copy for text fields).
    package static func searchColumn(_ field: AlbumField) -> String {
        field.isCaseFolded ? "\(field.rawValue)_key" : column(field)
    }
}

/// The SQL a store speaks, where SQLite's and PostgreSQL's differ.
package enum SQLDialect: Sendable {
    case sqlite, postgres

    /// The placeholder of the `number`-th parameter (from 1): `?1`, or `$1`.
    package func placeholder(_ number: Int) -> String {
        self == .sqlite ? "?\(number)" : "$\(number)"
    }

    /// `column` compared by its bytes: SQLite's text compares so already, PostgreSQL's is told to.
    package func bytewise(_ column: String) -> String {
        self == .sqlite ? column : "\(column) COLLATE \"C\""
    }

    /// Whether `column` contains the text of `placeholder` (literally: `%` and `_` are no wildcards).
    func contains(_ column: String, _ placeholder: String) -> String {
        self == .sqlite ? "instr(\(column), \(placeholder)) > 0" : "strpos(\(column), \(placeholder)) > 0"
    }

    /// Where NULL sorts: SQLite puts it before every value, so an album without a year comes first in
    /// ascending order and last in descending; PostgreSQL puts it after, and is told to do the same.
    package func nullsOrder(ascending: Bool) -> String {
        self == .sqlite ? "" : ascending ? " NULLS FIRST" : " NULLS LAST"
    }
}
