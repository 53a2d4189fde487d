import BlueLibraryCore

/// What the web page browses, as both stores read it: albums in an order other than the library's, the
/// albums of one artist or genre, the groups themselves with their sizes, where each initial or decade
/// starts, and tracks found by a search. Every order has an index of its own (SQLite schema 7 and 8,
/// PostgreSQL 2 and 3), so a window deep in a sorted list is read without sorting the whole library;
/// albums without a year sort where SQLite puts them, before every year; every list is read a window at
/// a time.
extension SQLLibrary {
    /// The ORDER BY of each order, matching its index column for column; ties are broken by the album's id,
    /// which never changes.
    package static func orderBy(_ order: AlbumOrder, dialect: SQLDialect) -> String {
        switch order {
        case .artist: "artist_key, year\(dialect.nullsOrder(ascending: true)), title_key, id"
        case .title: "title_key, id"
        case .year: "year DESC\(dialect.nullsOrder(ascending: false)), artist_key, title_key, id"
        case .added: "position DESC"
        }
    }

    /// The folded column albums are grouped by.
    package static func keyColumn(_ field: AlbumGroup.Field) -> String {
        switch field {
        case .artist: "artist_key"
        case .genre: "genre_key"
        }
    }

    /// The `WHERE` of the albums matching `query` in `group`, with its bindings; `keys` are the folded
    /// texts of the group's albums (a genre's: every genre text that names it), its own key by default.
    private static func condition(
        _ query: Query, _ group: AlbumGroup?, keys: [String]? = nil, dialect: SQLDialect
    ) -> (sql: String, bindings: [SQLValue]) {
        let sql = QuerySQL(query, dialect: dialect)
        guard let group else { return (sql.whereClause, sql.bindings) }
        let filter = query.matchesEverything ? "" : "(\(sql.whereClause)) AND "
        let keys = keys ?? [group.key]
        let marks = keys.indices.map { dialect.placeholder(sql.bindings.count + 1 + $0) }
        // One text is an equality, which reads the group's range of its index in order.
        let test = marks.count == 1 ? "= \(marks[0])" : "IN (\(marks.joined(separator: ", ")))"
        return (filter + "\(keyColumn(group.field)) \(test)", sql.bindings + keys.map { .text($0) })
    }

    /// The folded texts of the albums in `group`: a genre's are every genre text that names it.
    private func keys(of group: AlbumGroup?) throws -> [String]? {
        guard let group, group.field == .genre else { return nil }
        return try genreKeys(naming: group.key)
    }

    /// The folded genre texts that name the genre `key` (folded): read from the genres' index alone (the
    /// names and counts of ``genreParts()`` read every album).
    package func genreKeys(naming key: String) throws -> [String] {
        let wholes = try select("SELECT DISTINCT genre_key FROM albums", []) { $0.string(0) ?? "" }
        return GenreParts(wholes.map { ($0, 0, 0) }).wholeKeys(naming: key)
    }

    /// The library's genres as people name them (``GenreParts``), from the albums' genre texts.
    package func genreParts() throws -> GenreParts {
        GenreParts(
            try select(
                """
                SELECT min(\(dialect.bytewise("genre"))), count(*), coalesce(sum(track_count), 0) FROM albums
                GROUP BY genre_key
                """, []
            ) { (name: $0.string(0) ?? "", albums: try $0.integer(1) ?? 0, songs: try $0.integer(2) ?? 0) })
    }

    /// The statement of a window of albums, its `LIMIT` and `OFFSET` the last two parameters (to bind
    /// after `bindings`); `keys` as ``condition(_:_:keys:dialect:)`` takes them.
    package static func window(
        matching query: Query, in group: AlbumGroup?, keys: [String]? = nil, order: AlbumOrder,
        dialect: SQLDialect
    )
        -> (sql: String, bindings: [SQLValue])
    {
        let (condition, bindings) = condition(query, group, keys: keys, dialect: dialect)
        let (limit, offset) = (
            dialect.placeholder(bindings.count + 1), dialect.placeholder(bindings.count + 2)
        )
        return (
            """
            SELECT \(albumColumns) FROM albums WHERE \(condition) ORDER BY \(orderBy(order, dialect: dialect))
            LIMIT \(limit) OFFSET \(offset)
            """, bindings
        )
    }

    package func forEachAlbum(
        matching query: Query, in group: AlbumGroup?, order: AlbumOrder, offset: Int, limit: Int,
        _ body: (Album, Int) throws -> Void
    ) throws {
        guard limit > 0 else { return }
        let map = try bucketMap()
        let (sql, bindings) = Self.window(
            matching: query, in: group, keys: try keys(of: group), order: order, dialect: dialect)
        let rows = try select(sql, bindings + [.integer(Int64(limit)), .integer(Int64(max(offset, 0)))]) {
            (try album($0), Int64(try $0.integer(6) ?? 0))
        }
        for (album, position) in rows { try body(album, map.index(of: position)) }
    }

    package func count(matching query: Query, in group: AlbumGroup?) throws -> Int {
        guard group != nil else { return try count(matching: query) }
        let (condition, bindings) = Self.condition(query, group, keys: try keys(of: group), dialect: dialect)
        return try integer("SELECT count(*) FROM albums WHERE \(condition)", bindings) ?? 0
    }

    package func initialCounts(of field: AlbumField, matching query: Query, in group: AlbumGroup?) throws
        -> [(initial: String, count: Int)]
    {
        let (condition, bindings) = Self.condition(query, group, keys: try keys(of: group), dialect: dialect)
        let column = QuerySQL.searchColumn(field)
        return try select(
            """
            SELECT substr(\(column), 1, 1) AS initial, count(*) FROM albums WHERE \(condition)
            GROUP BY initial ORDER BY initial
            """, bindings
        ) { (initial: $0.string(0) ?? "", count: try $0.integer(1) ?? 0) }
    }

    package func decadeCounts(matching query: Query, in group: AlbumGroup?) throws -> [(
        decade: Int?, count: Int
    )] {
        let (condition, bindings) = Self.condition(query, group, keys: try keys(of: group), dialect: dialect)
        // Newest first, the albums without a year last.
        return try select(
            """
            SELECT year / 10 * 10 AS decade, count(*) FROM albums WHERE \(condition)
            GROUP BY decade ORDER BY decade DESC\(dialect.nullsOrder(ascending: false))
            """, bindings
        ) { (decade: try $0.integer(0), count: try $0.integer(1) ?? 0) }
    }

    package func groups(by field: AlbumGroup.Field, offset: Int, limit: Int) throws -> [(
        name: String, count: Int
    )] {
        guard limit > 0 else { return [] }
        if field == .genre {
            return try genreParts().parts.dropFirst(max(offset, 0)).prefix(limit).map { ($0.name, $0.albums) }
        }
        return try select(
            Self.groupWindow(by: field, dialect: dialect),
            [.integer(Int64(limit)), .integer(Int64(max(offset, 0)))]
        ) {
            (name: $0.string(0) ?? "", count: try $0.integer(1) ?? 0)
        }
    }

    /// The statement of a window of groups, its `LIMIT` and `OFFSET` the two parameters. The window comes
    /// from the index alone; only its groups' names are read from the albums: of the spellings of one
    /// folded text, the first in byte order, which puts capitals first ("Björk" before "bjork").
    package static func groupWindow(by field: AlbumGroup.Field, dialect: SQLDialect) -> String {
        let key = keyColumn(field)
        return """
            SELECT (SELECT min(\(dialect.bytewise(field.rawValue))) FROM albums WHERE \(key) = grouped.key), albums
            FROM (SELECT \(key) AS key, count(*) AS albums FROM albums GROUP BY \(key) ORDER BY \(key) LIMIT ?1 OFFSET ?2)
                AS grouped
            """
    }

    package func groupCount(by field: AlbumGroup.Field) throws -> Int {
        if field == .genre { return try genreParts().parts.count }
        return try integer("SELECT count(DISTINCT \(Self.keyColumn(field))) FROM albums") ?? 0
    }

    package func groupInitialCounts(by field: AlbumGroup.Field) throws -> [(initial: String, count: Int)] {
        if field == .genre {
            var counts: [(initial: String, count: Int)] = []
            for part in try genreParts().parts {
                let initial = part.key.unicodeScalars.first.map { String($0) } ?? ""
                if counts.last?.initial == initial {
                    counts[counts.count - 1].count += 1
                } else {
                    counts.append((initial, 1))
                }
            }
            return counts
        }
        let key = Self.keyColumn(field)
        return try select(
            """
            SELECT substr(key, 1, 1) AS initial, count(*)
            FROM (SELECT \(key) AS key FROM albums GROUP BY \(key)) AS grouped GROUP BY initial ORDER BY initial
            """, []
        ) { (initial: $0.string(0) ?? "", count: try $0.integer(1) ?? 0) }
    }

    package func forEachTrack(
        matching query: Query, offset: Int, limit: Int, _ body: (Track, Album) throws -> Void
    ) throws {
        guard limit > 0 else { return }
        let sql = QuerySQL(query, scope: .tracks, dialect: dialect)
        let (limitAt, offsetAt) = (
            dialect.placeholder(sql.bindings.count + 1), dialect.placeholder(sql.bindings.count + 2)
        )
        // The album's columns in the order of ``albumColumns`` (so ``album(_:from:)`` reads them), then the
        // track's.
        let albumColumns = Self.albumColumns.split(separator: ", ").map { "a.\($0)" }.joined(separator: ", ")
        let found = try select(
            """
            SELECT \(albumColumns), t.disc, t.number, t.title, t.artist, t.duration, t.path, t.tags, t.id, t.genres
            FROM tracks t JOIN albums a ON a.id = t.album_id
            WHERE \(sql.whereClause) ORDER BY \(sql.orderBy) LIMIT \(limitAt) OFFSET \(offsetAt)
            """, sql.bindings + [.integer(Int64(limit)), .integer(Int64(max(offset, 0)))]
        ) { row in
            var details = TrackDetails(storedTags: row.string(16) ?? "", artist: row.string(13) ?? "")
            details.setGenres(stored: row.string(18))
            return (
                Track(
                    disc: try row.integer(10) ?? 1, number: try row.integer(11), title: row.string(12) ?? "",
                    artist: row.string(13) ?? "", duration: try row.real(14) ?? 0, path: row.string(15) ?? "",
                    details: details, id: row.string(17)),
                try album(row)
            )
        }
        for (track, album) in found { try body(track, album) }
    }
}
