import BlueLibraryCore
import BlueLibraryStore

/// The catalogue a music server browses (``CatalogReader``), in SQL over the albums and tracks tables, as
/// the SQLite store reads it: the same conditions, the same orders (folded keys compare bytes, `COLLATE
/// "C"`), the same windows. A list of ids goes to the server as one array, unnested with its order.
extension PostgresAlbums {
    func catalogArtists(matching words: [String], offset: Int, limit: Int) throws -> [CatalogArtist] {
        guard limit > 0 else { return [] }
        var parameters = Parameters()
        let conditions =
            ["track_count > 0"] + words.map { "strpos(artist_key, \(parameters.bind(.text($0)))) > 0" }
        // The name as written: the first spelling in byte order, as SQLite's min() compares.
        return try rows(
            """
            SELECT artist_key, min(artist COLLATE "C"), count(*), min(id) FROM albums
            WHERE \(conditions.joined(separator: " AND "))
            GROUP BY artist_key ORDER BY artist_key
            LIMIT \(parameters.bind(.integer(limit))) OFFSET \(parameters.bind(.integer(max(offset, 0))))
            """, parameters.values
        ).map { row in
            CatalogArtist(
                key: row.string(0) ?? "", name: row.string(1) ?? "", albumCount: try row.int(2) ?? 0,
                coverAlbum: AlbumID(trusted: row.string(3) ?? ""))
        }
    }

    func catalogGenres() throws -> [CatalogGenre] {
        try rows(
            """
            SELECT min(genre COLLATE "C"), count(*), sum(track_count) FROM albums
            WHERE track_count > 0 AND genre_key != '' GROUP BY genre_key ORDER BY genre_key
            """
        ).map { row in
            CatalogGenre(
                name: row.string(0) ?? "", albumCount: try row.int(1) ?? 0, songCount: try row.int(2) ?? 0)
        }
    }

    func catalogAlbums(_ selection: AlbumSelection, offset: Int, limit: Int) throws -> [CatalogAlbum] {
        guard limit > 0 else { return [] }
        // The query's placeholders are $1…; the others follow.
        let query = QuerySQL(selection.query, dialect: .postgres)
        var parameters = Parameters(Self.parameters(query.bindings))
        var conditions = ["(\(query.whereClause))", "a.track_count > 0"]
        if let key = selection.artistKey {
            conditions.append("a.artist_key = \(parameters.bind(.text(key)))")
        }
        if let key = selection.genreKey {
            let keys = try genreKeys(naming: key)
            conditions.append(
                "a.genre_key IN (\(keys.map { parameters.bind(.text($0)) }.joined(separator: ", ")))")
        }
        if let years = selection.years {
            conditions.append(
                "a.year BETWEEN \(parameters.bind(.integer(years.lowerBound))) AND \(parameters.bind(.integer(years.upperBound)))"
            )
        }
        var from = "albums a"
        let order: String
        if let ids = selection.ids {
            // The ids in the order given, each album as often as it is named.
            from =
                "unnest(\(parameters.bind(.text(PostgresArray.literal(ids.map { .text($0.rawValue) }))))::text[]) "
                + "WITH ORDINALITY AS given (id, place) JOIN albums a ON a.id = given.id COLLATE \"C\""
            order = "given.place"
        } else {
            order = Self.catalogOrder(selection.order)
        }
        return try rows(
            """
            SELECT \(Self.prefixedAlbumColumns), \(Self.createdSQL) FROM \(from)
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY \(order)
            LIMIT \(parameters.bind(.integer(limit))) OFFSET \(parameters.bind(.integer(max(offset, 0))))
            """, parameters.values
        ).map { row in CatalogAlbum(album: try album(row), created: Int64(try row.int(10) ?? 0)) }
    }

    /// The columns of a track (``trackRowColumns``, from `t`) and then of its album (from column 15).
    private static let catalogTrackColumns =
        trackRowColumns.split(separator: ",").map { "t." + $0.trimmingPrefix(" ") }.joined(separator: ", ")
        + ", "
        + prefixedAlbumColumns

    func catalogTracks(_ selection: TrackSelection, offset: Int, limit: Int) throws -> [CatalogTrack] {
        guard limit > 0 else { return [] }
        var parameters = Parameters()
        let sql: String
        if let ids = selection.ids {
            sql = """
                SELECT \(Self.catalogTrackColumns) FROM unnest(\(parameters.bind(.text(PostgresArray.literal(ids.map { .text($0) }))))::text[])
                    WITH ORDINALITY AS given (id, place)
                JOIN tracks t ON t.id = given.id COLLATE "C" JOIN albums a ON a.id = t.album_id
                ORDER BY given.place
                """
        } else {
            let query = QuerySQL(
                selection.query, scope: .tracks, dialect: .postgres, person: selection.person,
                now: selection.now,
                order: selection.order)
            parameters = Parameters(Self.parameters(query.bindings))
            var conditions = ["(\(query.whereClause))"]
            if let key = selection.genreKey {
                let keys = try genreKeys(naming: key)
                conditions.append(
                    "a.genre_key IN (\(keys.map { parameters.bind(.text($0)) }.joined(separator: ", ")))")
            }
            if let years = selection.years {
                conditions.append(
                    "a.year BETWEEN \(parameters.bind(.integer(years.lowerBound))) AND \(parameters.bind(.integer(years.upperBound)))"
                )
            }
            if let album = selection.album {
                conditions.append("a.id = \(parameters.bind(.text(album.rawValue)))")
            }
            let condition = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            sql = """
                SELECT \(Self.catalogTrackColumns) FROM albums a JOIN tracks t ON t.album_id = a.id\(condition)
                ORDER BY \(selection.random ? "random()" : query.orderBy)
                """
        }
        return try rows(
            sql
                + " LIMIT \(parameters.bind(.integer(limit))) OFFSET \(parameters.bind(.integer(max(offset, 0))))",
            parameters.values
        ).map { row in
            CatalogTrack(stored: try storedTrack(row), album: try album(row, from: 15))
        }
    }
}

/// The parameters of a statement being written: each value bound gives its placeholder (`$1`, `$2`, …).
struct Parameters {
    private(set) var values: [PostgresValue]

    /// Parameters starting with `values` (`$1` onwards).
    init(_ values: [PostgresValue] = []) {
        self.values = values
    }

    /// Adds `value` and returns its placeholder.
    mutating func bind(_ value: PostgresValue) -> String {
        values.append(value)
        return "$\(values.count)"
    }
}
