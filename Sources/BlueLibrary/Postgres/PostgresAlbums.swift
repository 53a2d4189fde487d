import BlueLibraryCore
import BlueLibraryStore

/// The reader and writer of ``PostgresLibraryStore`` over one transaction, whose statements run on the
/// connection's thread (``PostgresSession``): the albums in library order, kept in buckets as SQLite's
/// are (``AlbumPositions``, both stores' in `SQLLibrary+Positions.swift`), and — in the other
/// `PostgresAlbums+` files — the tracks and the whole library for a copy. The history stacks, the outbox
/// and the saved state are both stores' too (`SQLLibrary+History.swift`).
///
/// A failed statement ends a PostgreSQL transaction (every later statement is refused), so nothing here
/// lets one fail on purpose as the SQLite store does: an id already present is found with
/// `ON CONFLICT DO NOTHING` and the rows it touched, not with a caught constraint error.
struct PostgresAlbums: SQLLibrary {
    let session: PostgresSession
    /// The library as messages name it (its URL without the password).
    let location: String
    /// How bucket sizes are kept (see ``AlbumPositions``).
    let positions: AlbumPositions

    init(_ session: PostgresSession, location: String, bucketCapacity: Int) {
        self.session = session
        self.location = location
        positions = AlbumPositions(capacity: max(2, bucketCapacity))
    }

    static let columns = "id, title, artist, genre, year, cover_url, position, mbid, track_count, length"

    // MARK: Statements

    /// Runs `sql` and returns its rows.
    @discardableResult
    func rows(_ sql: String, _ values: [PostgresValue] = []) throws -> PostgresResult {
        try session.query(sql, values)
    }

    /// Runs `sql` and returns how many rows it inserted, updated or deleted.
    @discardableResult
    func run(_ sql: String, _ values: [PostgresValue] = []) throws -> Int {
        try session.query(sql, values).affectedRows
    }

    var dialect: SQLDialect { .postgres }

    @discardableResult
    func execute(_ sql: String, _ values: [SQLValue]) throws -> Int {
        try run(PostgresStatements.numbered(sql), Self.parameters(values))
    }

    func select<T>(_ sql: String, _ values: [SQLValue], _ row: (any SQLRow) throws -> T) throws -> [T] {
        try rows(PostgresStatements.numbered(sql), Self.parameters(values)).map { try row($0) }
    }

    /// The first column of the first row of `sql` as an integer (`nil` when there is no row, or NULL).
    func integer(_ sql: String, _ values: [PostgresValue]) throws -> Int? {
        try rows(sql, values).first?.int(0)
    }

    /// A query's bindings as this connection's parameters.
    static func parameters(_ values: [SQLValue]) -> [PostgresValue] {
        values.map { value in
            switch value {
            case .null: .null
            case .integer(let number): .integer(Int(number))
            case .real(let number): .double(number)
            case .text(let text): .text(text)
            }
        }
    }

    // MARK: Reading

    func album(at index: Int) throws -> Album? {
        // The bucket whose albums cover `index`, found by the running sum of the counts before it.
        try rows(
            """
            SELECT \(Self.columns) FROM albums WHERE position = (
                SELECT (key << 32) + ($1 - before) FROM (
                    SELECT key, count, sum(count) OVER (ORDER BY key) - count AS before FROM buckets
                ) AS running
                WHERE before <= $1 AND $1 < before + count)
            """, [.integer(index)]
        ).first.map { try album($0) }
    }

    func locate(_ id: AlbumID) throws -> (album: Album, index: Int)? {
        guard
            let row = try rows(
                """
                SELECT \(Self.columns),
                    (SELECT coalesce(sum(count), 0) FROM buckets WHERE key < albums.position >> 32)
                    + (position & 4294967295)
                FROM albums WHERE id = $1
                """, [.text(id.rawValue)]
            ).first
        else { return nil }
        return (try album(row), try row.int(10) ?? 0)
    }

    func forEachAlbum(matching query: Query, _ body: (Album, Int) throws -> Void) throws {
        let map = try bucketMap()
        for row in try matchingRows(query) {
            try body(album(row), map.index(of: Int64(try row.int(6) ?? 0)))
        }
    }

    func forEachRecord(
        matching query: Query, reading: AlbumFieldsRead, _ body: (any AlbumFieldSource, Int) throws -> Void
    ) throws {
        let map = try bucketMap()
        for row in try matchingRows(query, columns: Self.albumColumns(reading: reading)) {
            try body(AlbumRowFields(row), map.index(of: Int64(try row.int(6) ?? 0)))
        }
    }

    func forEachAlbum(
        matching query: Query, offset: Int, limit: Int, _ body: (Album, Int) throws -> Void
    ) throws {
        guard limit > 0 else { return }
        let rows = try matchingRows(query, window: (max(offset, 0), limit))
        // The whole library in its order: the n-th row is the album at offset + n.
        if query == .all {
            for (number, row) in rows.enumerated() { try body(album(row), max(offset, 0) + number) }
            return
        }
        let map = try bucketMap()
        for row in rows {
            try body(album(row), map.index(of: Int64(try row.int(6) ?? 0)))
        }
    }

    /// The rows matching `query` in its order; with a window, only `limit` rows from the `offset`-th.
    private func matchingRows(
        _ query: Query, window: (offset: Int, limit: Int)? = nil, columns: String = Self.columns
    ) throws -> PostgresResult {
        let sql = QuerySQL(query, dialect: .postgres)
        var parameters = Self.parameters(sql.bindings)
        var text = "SELECT \(columns) FROM albums WHERE \(sql.whereClause) ORDER BY \(sql.orderBy)"
        if let window {
            text += " LIMIT $\(parameters.count + 1) OFFSET $\(parameters.count + 2)"
            parameters += [.integer(window.limit), .integer(window.offset)]
        }
        return try rows(text, parameters)
    }

    // MARK: Writing

    /// The values of an album's row for ``rowColumns`` (without its position).
    /// An album's `added` of 0 is now.
    static func rowValues(_ album: Album, source: String?, edited: Set<EditableField>, added: Int64 = 0)
        -> [PostgresValue]
    {
        [
            .text(album.id.rawValue), .text(album.title), .text(album.artist), .text(album.genre),
            album.year.map { .integer($0) } ?? .null, .text(album.coverURL),
            .text(SearchKey.fold(album.title)),
            .text(SearchKey.fold(album.artist)), .text(SearchKey.fold(album.genre)), .text(album.mbid),
            .integer(album.trackCount), .double(album.length), source.map { .text($0) } ?? .null,
            .text(EditableField.text(of: edited)),
            .integer(Int(added == 0 ? StoreClock.milliseconds() : added)),
        ]
    }
}

// MARK: Rows, as the shared logic asks for them (arrays of ids: a thousand rows a statement)

extension PostgresAlbums {
    func albums(withIDs ids: [AlbumID]) throws -> [AlbumID: Album] {
        var found: [AlbumID: Album] = [:]
        for batch in ids.chunked(into: 1000) {
            let list = PostgresArray.literal(batch.map { .text($0.rawValue) })
            for row in try rows(
                "SELECT \(Self.columns) FROM albums WHERE id = ANY($1::text[])", [.text(list)])
            {
                let album = try album(row)
                found[album.id] = album
            }
        }
        return found
    }

    func insertRows(_ albums: [(album: Album, position: Int64)]) throws {
        try PostgresArray.insert(
            into: "albums", columns: Self.rowColumns + ", position", types: Self.rowTypes + ["int8"],
            rows: albums.map { album, position in
                Self.rowValues(album, source: nil, edited: []) + [.integer(Int(position))]
            }, in: self)
        // An album written afresh replaces what the deleted albums kept of one with its id.
        for batch in albums.chunked(into: 1000) {
            let ids = PostgresArray.literal(batch.map { .text($0.album.id.rawValue) })
            try run("DELETE FROM deleted_albums WHERE id = ANY($1::text[])", [.text(ids)])
        }
    }

    func deleteRows(ids: [AlbumID]) throws {
        for batch in ids.chunked(into: 1000) {
            let list = SQLValue.text(PostgresArray.literal(batch.map { .text($0.rawValue) }))
            try keepDeleted("id = ANY(?1::text[])", [list])
            try execute("DELETE FROM albums WHERE id = ANY(?1::text[])", [list])
        }
    }

    /// The types of ``rowColumns``, for an array of each.
    static let rowTypes = [
        "text", "text", "text", "text", "int4", "text", "text", "text", "text", "text", "int4", "float8",
        "text",
        "text",
        "int8",
    ]
}
