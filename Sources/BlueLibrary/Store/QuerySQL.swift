import BlueLibraryCore

#if canImport(Glibc)
    import Glibc
#endif

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
    ///
    /// A person's terms (`plays:`, `rating:`, `starred:`, `played:`) read `person`'s data of each track (none
    /// when `nil`); they are parsed only for smart playlists, which pick tracks, and match no album in the
    /// albums scope. Relative times count back from `now` (milliseconds since 1970; the clock's when
    /// `nil`). In the tracks scope `order` leads the ordering.
    package init(
        _ query: Query, scope: Scope = .albums, dialect: SQLDialect = .sqlite, person: String? = nil,
        now: Int64? = nil, order: TrackOrder = .album
    ) {
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
        let now = now ?? StoreClock.milliseconds()
        // Whose data: bound anew where it is used (a placeholder's number is its place in the bindings).
        func user() -> String { bind(.text(person ?? "")) }
        // The items whose value is in a range: those of `pairs` (rows of id and value) in it; when the range
        // holds what an item without a row has (no plays, no rating), also every item without a row.
        func inRange(_ id: String, _ pairs: (_ condition: String) -> String, _ range: String, holdsNone: Bool)
            -> String
        {
            holdsNone ? "NOT \(id) IN (\(pairs("NOT (\(range))")))" : "\(id) IN (\(pairs(range)))"
        }
        func between(_ value: String, _ low: Int64?, _ high: Int64?) -> String {
            var parts: [String] = []
            if let low { parts.append("\(value) >= \(bind(.integer(low)))") }
            if let high { parts.append("\(value) <= \(bind(.integer(high)))") }
            return parts.joined(separator: " AND ")
        }
        // A person's data is a track's: a query naming it is a smart playlist's, which picks tracks.
        func personal(_ field: Query.PersonalCount, _ low: Int?, _ high: Int?) -> String {
            let range = between(
                field == .plays ? "count" : "rating", low.map(Int64.init), high.map(Int64.init))
            let rows: (String) -> String = { condition in
                field == .plays
                    ? "SELECT track_id FROM plays WHERE user_id = \(user()) AND \(condition)"
                    : "SELECT item_id FROM ratings WHERE user_id = \(user()) AND kind = \(bind(.text("song"))) AND \(condition)"
            }
            return inRange("t.id", rows, range, holdsNone: (low ?? 0) <= 0)
        }
        func time(_ moment: Query.Moment, _ low: Query.Instant?, _ high: Query.Instant?) -> String {
            let range = between(
                moment == .added ? album + "added" : "last_played", low?.milliseconds(now: now),
                high?.milliseconds(now: now))
            guard moment == .played else { return "(\(range))" }
            return "t.id IN (SELECT track_id FROM plays WHERE user_id = \(user()) AND \(range))"
        }
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
            case _ where scope == .albums && term.predicate.isPersonal:
                // Parsed only for a smart playlist (``Query/isPersonal``), which picks tracks.
                sql = "false"
            case .count(let field, let low, let high):
                sql = personal(field, low, high)
            case .starred(let starred):
                sql = """
                    \(starred ? "" : "NOT ")t.id IN \
                    (SELECT item_id FROM stars WHERE user_id = \(user()) AND kind = \(bind(.text("song"))))
                    """
            case .time(let moment, let low, let high):
                sql = time(moment, low, high)
            }
            return term.negated ? "NOT \(sql)" : sql
        }
        let groups = query.groups.map { group in "(" + group.map(condition).joined(separator: " AND ") + ")" }
        whereClause = groups.isEmpty ? "true" : groups.joined(separator: " OR ")
        let sortKeys = query.sort.map {
            let column = album + QuerySQL.searchColumn($0.field)
            return "\(column) \($0.ascending ? "ASC" : "DESC")\(dialect.nullsOrder(ascending: $0.ascending))"
        }
        var leading: [String] = []
        if scope == .tracks {
            // The person's numbers of a track, 0 when they have none (so the order is the same in both
            // engines, which sort NULL differently).
            func mine(_ column: String, _ table: String, _ condition: String) -> String {
                "coalesce((SELECT \(column) FROM \(table) WHERE user_id = \(user()) AND \(condition)), 0) DESC"
            }
            switch order {
            case .album, .random: break
            case .title: leading = ["t.title_key"]
            case .artist: leading = ["t.artist_key", "a.year"]
            case .year: leading = ["coalesce(a.year, 0) DESC"]
            case .added: leading = ["a.added DESC"]
            case .plays: leading = [mine("count", "plays", "track_id = t.id")]
            case .played: leading = [mine("last_played", "plays", "track_id = t.id")]
            case .rating:
                leading = [mine("rating", "ratings", "kind = \(bind(.text("song"))) AND item_id = t.id")]
            }
        }
        orderBy = (leading + sortKeys + (scope == .tracks ? ["a.position", "t.ordinal"] : ["position"]))
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

/// The wall clock a store reads: what a relative time of a query counts back from, and when an album
/// joined the library.
package enum StoreClock {
    /// The time now, in milliseconds since 1970.
    package static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
