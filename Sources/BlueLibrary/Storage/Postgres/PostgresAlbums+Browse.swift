import BlueLibraryCore
import BlueLibraryStorage

/// What the web page browses, as the SQLite store reads it (`SQLiteAlbums+Browse.swift`): albums in an
/// order other than the library's, the albums of one artist or genre, the groups themselves with their
/// sizes, where each initial or decade starts, and tracks found by a search. Each order has an index of
/// its own (schema 2, 3), with albums without a year where SQLite sorts them: before every year.
extension PostgresAlbums {
    /// The ORDER BY of each order, matching its index column for column.
    static func orderBy(_ order: AlbumOrder) -> String {
        switch order {
        case .artist: "artist_key, year NULLS FIRST, title_key, id"
        case .title: "title_key, id"
        case .year: "year DESC NULLS LAST, artist_key, title_key, id"
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

    /// The `WHERE` of the albums matching `query` in `group`, with its parameters.
    static func condition(_ query: Query, _ group: AlbumGroup?) -> (sql: String, parameters: Parameters) {
        let sql = QuerySQL(query, dialect: .postgres)
        var parameters = Parameters(Self.parameters(sql.bindings))
        guard let group else { return (sql.whereClause, parameters) }
        let filter = query.matchesEverything ? "" : "(\(sql.whereClause)) AND "
        return (filter + "\(keyColumn(group.field)) = \(parameters.bind(.text(group.key)))", parameters)
    }

    func forEachAlbum(
        matching query: Query, in group: AlbumGroup?, order: AlbumOrder, offset: Int, limit: Int,
        _ body: (Album, Int) throws -> Void
    ) throws {
        guard limit > 0 else { return }
        let map = try bucketMap()
        var (condition, parameters) = Self.condition(query, group)
        for row in try rows(
            """
            SELECT \(Self.columns) FROM albums WHERE \(condition) ORDER BY \(Self.orderBy(order))
            LIMIT \(parameters.bind(.integer(limit))) OFFSET \(parameters.bind(.integer(max(offset, 0))))
            """, parameters.values)
        {
            try body(album(row), map.index(of: Int64(try row.int(6) ?? 0)))
        }
    }

    func count(matching query: Query, in group: AlbumGroup?) throws -> Int {
        guard group != nil else { return try count(matching: query) }
        let (condition, parameters) = Self.condition(query, group)
        return try integer("SELECT count(*) FROM albums WHERE \(condition)", parameters.values) ?? 0
    }

    func initialCounts(of field: AlbumField, matching query: Query, in group: AlbumGroup?) throws
        -> [(initial: String, count: Int)]
    {
        let (condition, parameters) = Self.condition(query, group)
        let column = QuerySQL.searchColumn(field)
        return try rows(
            """
            SELECT substr(\(column), 1, 1) AS initial, count(*) FROM albums WHERE \(condition)
            GROUP BY initial ORDER BY initial
            """, parameters.values
        ).map { (initial: $0.string(0) ?? "", count: try $0.int(1) ?? 0) }
    }

    func decadeCounts(matching query: Query, in group: AlbumGroup?) throws -> [(decade: Int?, count: Int)] {
        let (condition, parameters) = Self.condition(query, group)
        return try rows(
            """
            SELECT year / 10 * 10 AS decade, count(*) FROM albums WHERE \(condition)
            GROUP BY decade ORDER BY decade DESC NULLS LAST
            """, parameters.values
        ).map { (decade: try $0.int(0), count: try $0.int(1) ?? 0) }
    }

    func groups(by field: AlbumGroup.Field, offset: Int, limit: Int) throws -> [(name: String, count: Int)] {
        guard limit > 0 else { return [] }
        let key = Self.keyColumn(field)
        // The window comes from the index alone; only its groups' names are read from the albums: of the
        // spellings of one folded text, the first in byte order, which puts capitals first.
        return try rows(
            """
            SELECT (SELECT min(\(field.rawValue) COLLATE "C") FROM albums WHERE \(key) = grouped.key), albums
            FROM (SELECT \(key) AS key, count(*) AS albums FROM albums GROUP BY \(key) ORDER BY \(key) LIMIT $1 OFFSET $2)
                AS grouped
            """, [.integer(limit), .integer(max(offset, 0))]
        ).map { (name: $0.string(0) ?? "", count: try $0.int(1) ?? 0) }
    }

    func groupCount(by field: AlbumGroup.Field) throws -> Int {
        try integer("SELECT count(DISTINCT \(Self.keyColumn(field))) FROM albums") ?? 0
    }

    func groupInitialCounts(by field: AlbumGroup.Field) throws -> [(initial: String, count: Int)] {
        let key = Self.keyColumn(field)
        return try rows(
            """
            SELECT substr(key, 1, 1) AS initial, count(*)
            FROM (SELECT \(key) AS key FROM albums GROUP BY \(key)) AS grouped GROUP BY initial ORDER BY initial
            """
        ).map { (initial: $0.string(0) ?? "", count: try $0.int(1) ?? 0) }
    }

    func forEachTrack(
        matching query: Query, offset: Int, limit: Int, _ body: (Track, Album) throws -> Void
    ) throws {
        guard limit > 0 else { return }
        let sql = QuerySQL(query, scope: .tracks, dialect: .postgres)
        var parameters = Parameters(Self.parameters(sql.bindings))
        // The album's columns in the order of ``columns`` (so ``album(_:from:)`` reads them), then the
        // track's.
        let albumColumns = Self.columns.split(separator: ", ").map { "a.\($0)" }.joined(separator: ", ")
        for row in try rows(
            """
            SELECT \(albumColumns), t.disc, t.number, t.title, t.artist, t.duration, t.path
            FROM tracks t JOIN albums a ON a.id = t.album_id
            WHERE \(sql.whereClause) ORDER BY \(sql.orderBy)
            LIMIT \(parameters.bind(.integer(limit))) OFFSET \(parameters.bind(.integer(max(offset, 0))))
            """, parameters.values)
        {
            let track = Track(
                disc: try row.int(10) ?? 1, number: try row.int(11), title: row.string(12) ?? "",
                artist: row.string(13) ?? "", duration: try row.double(14) ?? 0, path: row.string(15) ?? "")
            try body(track, album(row))
        }
    }
}
