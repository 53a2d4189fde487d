import BlueLibraryCore

/// What the web page browses: albums in an order other than the library's, the albums of one artist or
/// genre, the groups themselves with their sizes, where each initial or decade starts, and tracks found
/// by a search. Every order has an index of its own (schema 7, 8), so a window deep in a sorted list is
/// read without sorting the whole library; every list is read a window at a time.
extension SQLiteAlbums {
    /// The ORDER BY of each order, matching its index column for column; ties are broken by the album's id,
    /// which never changes (schema 8).
    static func orderBy(_ order: AlbumOrder) -> String {
        switch order {
        case .artist: "artist_key, year, title_key, id"
        case .title: "title_key, id"
        case .year: "year DESC, artist_key, title_key, id"
        case .added: "position DESC"
        }
    }

    /// The folded column albums are grouped by.
    static func keyColumn(_ field: AlbumGroup.Field) -> String {
        switch field {
        case .artist: "artist_key"
        case .genre: "genre_key"
        }
    }

    /// The `WHERE` of the albums matching `query` in `group`, with its bindings.
    static func condition(_ query: Query, _ group: AlbumGroup?) -> (sql: String, bindings: [SQLValue]) {
        let sql = QuerySQL(query)
        guard let group else { return (sql.whereClause, sql.bindings) }
        let filter = query.matchesEverything ? "" : "(\(sql.whereClause)) AND "
        return (filter + "\(keyColumn(group.field)) = ?", sql.bindings + [.text(group.key)])
    }

    func forEachAlbum(
        matching query: Query, in group: AlbumGroup?, order: AlbumOrder, offset: Int, limit: Int,
        _ body: (Album, Int) throws -> Void
    ) throws {
        guard limit > 0 else { return }
        let map = try bucketMap()
        let (sql, bindings) = Self.window(matching: query, in: group, order: order)
        let rows = try connection.prepare(sql)
        try rows.bind(bindings + [.integer(Int64(limit)), .integer(Int64(max(offset, 0)))])
        defer { rows.reset() }
        while try rows.step() { try body(album(rows), map.index(of: Int64(rows.int(6)))) }
    }

    /// The statement of a window of albums, its `LIMIT` and `OFFSET` left to bind.
    static func window(matching query: Query, in group: AlbumGroup?, order: AlbumOrder) -> (
        sql: String, bindings: [SQLValue]
    ) {
        let (condition, bindings) = Self.condition(query, group)
        return (
            "SELECT \(columns) FROM albums WHERE \(condition) ORDER BY \(orderBy(order)) LIMIT ? OFFSET ?",
            bindings
        )
    }

    func count(matching query: Query, in group: AlbumGroup?) throws -> Int {
        guard group != nil else { return try count(matching: query) }
        let (condition, bindings) = Self.condition(query, group)
        return try connection.integer("SELECT count(*) FROM albums WHERE \(condition)", bindings) ?? 0
    }

    func initialCounts(of field: AlbumField, matching query: Query, in group: AlbumGroup?) throws
        -> [(initial: String, count: Int)]
    {
        let (condition, bindings) = Self.condition(query, group)
        let column = QuerySQL.searchColumn(field)
        return try pairs(
            "SELECT substr(\(column), 1, 1) AS initial, count(*) FROM albums WHERE \(condition) GROUP BY initial ORDER BY initial",
            bindings
        ) { ($0.text(0), $0.int(1)) }
    }

    func decadeCounts(matching query: Query, in group: AlbumGroup?) throws -> [(decade: Int?, count: Int)] {
        let (condition, bindings) = Self.condition(query, group)
        // SQLite sorts NULL before every number, so descending puts the albums without a year last.
        return try pairs(
            "SELECT year / 10 * 10 AS decade, count(*) FROM albums WHERE \(condition) GROUP BY decade ORDER BY decade DESC",
            bindings
        ) { ($0.optionalInt(0), $0.int(1)) }
    }

    func groups(by field: AlbumGroup.Field, offset: Int, limit: Int) throws -> [(name: String, count: Int)] {
        guard limit > 0 else { return [] }
        return try pairs(
            Self.groupWindow(by: field), [.integer(Int64(limit)), .integer(Int64(max(offset, 0)))]
        ) {
            ($0.text(0), $0.int(1))
        }
    }

    /// The statement of a window of groups, its `LIMIT` and `OFFSET` left to bind. The window comes from
    /// the index alone; only its groups' names are read from the albums: of the spellings of one folded
    /// text, the first in byte order, which puts capitals first ("Björk" before "bjork").
    static func groupWindow(by field: AlbumGroup.Field) -> String {
        let key = keyColumn(field)
        return """
            SELECT (SELECT min(\(field.rawValue)) FROM albums WHERE \(key) = grouped.key), albums
            FROM (SELECT \(key) AS key, count(*) AS albums FROM albums GROUP BY \(key) ORDER BY \(key) LIMIT ? OFFSET ?)
                AS grouped
            """
    }

    func groupCount(by field: AlbumGroup.Field) throws -> Int {
        try connection.integer("SELECT count(DISTINCT \(Self.keyColumn(field))) FROM albums") ?? 0
    }

    func groupInitialCounts(by field: AlbumGroup.Field) throws -> [(initial: String, count: Int)] {
        let key = Self.keyColumn(field)
        return try pairs(
            """
            SELECT substr(key, 1, 1) AS initial, count(*)
            FROM (SELECT \(key) AS key FROM albums GROUP BY \(key)) GROUP BY initial ORDER BY initial
            """, []
        ) { ($0.text(0), $0.int(1)) }
    }

    func forEachTrack(
        matching query: Query, offset: Int, limit: Int, _ body: (Track, Album) throws -> Void
    ) throws {
        guard limit > 0 else { return }
        let sql = QuerySQL(query, scope: .tracks)
        // The album's columns in the order of ``columns`` (so ``album(_:)`` reads them), then the track's.
        let albumColumns = Self.columns.split(separator: ", ").map { "a.\($0)" }.joined(separator: ", ")
        let rows = try connection.prepare(
            """
            SELECT \(albumColumns), t.disc, t.number, t.title, t.artist, t.duration, t.path
            FROM tracks t JOIN albums a ON a.id = t.album_id
            WHERE \(sql.whereClause) ORDER BY \(sql.orderBy) LIMIT ? OFFSET ?
            """)
        try rows.bind(sql.bindings + [.integer(Int64(limit)), .integer(Int64(max(offset, 0)))])
        defer { rows.reset() }
        while try rows.step() {
            let track = Track(
                disc: rows.int(10), number: rows.optionalInt(11), title: rows.text(12), artist: rows.text(13),
                duration: rows.double(14), path: rows.text(15))
            try body(track, album(rows))
        }
    }

    /// How many albums one append adds before the browsing indexes are built afresh rather than kept up
    /// row by row (keeping five indexes up to date made a 100,000-album import three times slower).
    static let bulkAppend = 5000

    /// Runs `body` — with `rebuild`, without the browsing indexes (schema 7's `albums_by_*`), which are
    /// dropped first and made again from their own definitions after, in the same transaction: SQLite
    /// sorts each once instead of inserting row by row.
    func withBrowseIndexesRebuilt<T>(if rebuild: Bool, _ body: () throws -> T) throws -> T {
        guard rebuild else { return try body() }
        let indexes = try pairs(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'albums' AND name LIKE 'albums\\_by\\_%' ESCAPE '\\'",
            []
        ) { ($0.text(0), $0.text(1)) }
        for (name, _) in indexes { try connection.execute("DROP INDEX \(name)") }
        let result = try body()
        for (_, sql) in indexes { try connection.execute(sql) }
        return result
    }

    /// The rows of `sql`, each made into a value by `row`.
    private func pairs<T>(_ sql: String, _ bindings: [SQLValue], _ row: (Statement) -> T) throws -> [T] {
        let rows = try connection.prepare(sql)
        try rows.bind(bindings)
        defer { rows.reset() }
        var values: [T] = []
        while try rows.step() { values.append(row(rows)) }
        return values
    }
}
