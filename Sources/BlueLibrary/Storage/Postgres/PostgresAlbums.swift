import BlueLibraryCore
import BlueLibraryStorage

/// The reader and writer of ``PostgresLibraryStore`` over one transaction, whose statements run on the
/// connection's thread (``PostgresSession``): the albums in library order, kept in buckets as SQLite's
/// are (``AlbumPositions``, in `PostgresAlbums+Positions.swift`), and — in the other `PostgresAlbums+`
/// files — the tracks, the history stacks, the outbox, the saved state and the whole library for a copy.
///
/// A failed statement ends a PostgreSQL transaction (every later statement is refused), so nothing here
/// lets one fail on purpose as the SQLite store does: an id already present is found with
/// `ON CONFLICT DO NOTHING` and the rows it touched, not with a caught constraint error.
struct PostgresAlbums: LibraryWriter {
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

    /// The album in a row whose columns from `first` on (the first unless given) are ``columns``.
    func album(_ row: PostgresRow, from first: Int = 0) throws -> Album {
        Album(
            trustedID: AlbumID(trusted: row.string(first) ?? ""), title: row.string(first + 1) ?? "",
            artist: row.string(first + 2) ?? "", genre: row.string(first + 3) ?? "",
            year: try row.int(first + 4), coverURL: row.string(first + 5) ?? "",
            mbid: row.string(first + 7) ?? "",
            trackCount: try row.int(first + 8) ?? 0, length: try row.double(first + 9) ?? 0)
    }

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

    /// The first column of the first row of `sql` as an integer (`nil` when there is no row, or NULL).
    func integer(_ sql: String, _ values: [PostgresValue] = []) throws -> Int? {
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

    func count() throws -> Int {
        try integer("SELECT coalesce(sum(count), 0) FROM buckets") ?? 0
    }

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

    /// The album with `id` and its stored position.
    func locateRow(_ id: AlbumID) throws -> (album: Album, position: Int64)? {
        guard
            let row = try rows("SELECT \(Self.columns) FROM albums WHERE id = $1", [.text(id.rawValue)]).first
        else { return nil }
        return (try album(row), Int64(try row.int(6) ?? 0))
    }

    func forEachAlbum(matching query: Query, _ body: (Album, Int) throws -> Void) throws {
        let map = try bucketMap()
        for row in try matchingRows(query) {
            try body(album(row), map.index(of: Int64(try row.int(6) ?? 0)))
        }
    }

    func forEachRecord(matching query: Query, _ body: (any AlbumFieldSource, Int) throws -> Void) throws {
        let map = try bucketMap()
        for row in try matchingRows(query) {
            try body(RowFields(row: row), map.index(of: Int64(try row.int(6) ?? 0)))
        }
    }

    func forEachAlbum(
        matching query: Query, offset: Int, limit: Int, _ body: (Album, Int) throws -> Void
    ) throws {
        guard limit > 0 else { return }
        let map = try bucketMap()
        for row in try matchingRows(query, window: (max(offset, 0), limit)) {
            try body(album(row), map.index(of: Int64(try row.int(6) ?? 0)))
        }
    }

    func count(matching query: Query) throws -> Int {
        if query.matchesEverything { return try count() }
        let sql = QuerySQL(query, dialect: .postgres)
        return try integer(
            "SELECT count(*) FROM albums WHERE \(sql.whereClause)", Self.parameters(sql.bindings)) ?? 0
    }

    /// The rows matching `query` in its order; with a window, only `limit` rows from the `offset`-th.
    private func matchingRows(_ query: Query, window: (offset: Int, limit: Int)? = nil) throws
        -> PostgresResult
    {
        let sql = QuerySQL(query, dialect: .postgres)
        var parameters = Self.parameters(sql.bindings)
        var text = "SELECT \(Self.columns) FROM albums WHERE \(sql.whereClause) ORDER BY \(sql.orderBy)"
        if let window {
            text += " LIMIT $\(parameters.count + 1) OFFSET $\(parameters.count + 2)"
            parameters += [.integer(window.limit), .integer(window.offset)]
        }
        return try rows(text, parameters)
    }

    // MARK: Writing

    func insert(_ album: Album, at index: Int) throws {
        guard try locateRow(album.id) == nil else {
            throw LibraryError(.conflict, "album \(album.id) (\"\(album.title)\") is already in the library")
        }
        try insertRow(at: index) { try writeRow(album, position: $0) }
    }

    /// The values of an album's row for ``rowColumns`` (without its position).
    static func rowValues(_ album: Album, source: String?, edited: Set<EditableField>) -> [PostgresValue] {
        [
            .text(album.id.rawValue), .text(album.title), .text(album.artist), .text(album.genre),
            album.year.map { .integer($0) } ?? .null, .text(album.coverURL),
            .text(SearchKey.fold(album.title)),
            .text(SearchKey.fold(album.artist)), .text(SearchKey.fold(album.genre)), .text(album.mbid),
            .integer(album.trackCount), .double(album.length), source.map { .text($0) } ?? .null,
            .text(EditableField.text(of: edited)),
        ]
    }

    /// The columns an album's row and a deleted album's row share, in the order of ``rowValues``.
    static let rowColumns =
        "id, title, artist, genre, year, cover_url, title_key, artist_key, genre_key, mbid, track_count, length, source, edited"

    /// Writes a new album's row at `position` (its slot must be free, its id not in the library). An album
    /// written afresh replaces what the deleted albums kept of one with its id.
    func writeRow(_ album: Album, position: Int64) throws {
        try run("DELETE FROM deleted_albums WHERE id = $1", [.text(album.id.rawValue)])
        try run(
            "INSERT INTO albums (\(Self.rowColumns), position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
            Self.rowValues(album, source: nil, edited: []) + [.integer(Int(position))])
    }

    func remove(at index: Int) throws -> Album? {
        let map = try bucketMap()
        guard let (bucket, slot) = map.locate(index) else { return nil }
        let position = AlbumPositions.position(key: map.buckets[bucket].key, slot: slot)
        guard
            let row = try rows(
                "SELECT \(Self.columns) FROM albums WHERE position = $1", [.integer(Int(position))]
            ).first
        else { return nil }
        let removed = try album(row)
        try keepDeleted("id = $1", [.text(removed.id.rawValue)])
        try run("DELETE FROM albums WHERE id = $1", [.text(removed.id.rawValue)])
        try closeGap(at: position, in: map)
        return removed
    }

    /// Copies the rows of the albums matching `condition` to the deleted albums, before they leave the
    /// library: their tracks stay, so bringing one back restores it whole.
    func keepDeleted(_ condition: String, _ values: [PostgresValue]) throws {
        let assignments = Self.rowColumns.split(separator: ",").dropFirst().map {
            let column = $0.trimmingPrefix(" ")
            return "\(column) = excluded.\(column)"
        }
        try run(
            """
            INSERT INTO deleted_albums (\(Self.rowColumns)) SELECT \(Self.rowColumns) FROM albums WHERE \(condition)
            ON CONFLICT (id) DO UPDATE SET \(assignments.joined(separator: ", "))
            """, values)
    }

    func restore(_ id: AlbumID, at index: Int) throws -> Album? {
        // The columns of ``columns``, with no position (a deleted album has none).
        guard
            let row = try rows(
                "SELECT id, title, artist, genre, year, cover_url, 0, mbid, track_count, length FROM deleted_albums WHERE id = $1",
                [.text(id.rawValue)]
            ).first
        else { return nil }
        let album = try self.album(row)
        if try locateRow(id) != nil {
            throw LibraryError(.conflict, "album \(id) (\"\(album.title)\") is already in the library")
        }
        try insertRow(at: index) { position in
            try run(
                "INSERT INTO albums (\(Self.rowColumns), position) SELECT \(Self.rowColumns), $1 FROM deleted_albums WHERE id = $2",
                [.integer(Int(position)), .text(id.rawValue)])
        }
        try run("DELETE FROM deleted_albums WHERE id = $1", [.text(id.rawValue)])
        return album
    }

    func applyEdit(_ edit: AlbumEdit) throws -> AlbumEdit? {
        guard
            let row = try rows(
                "SELECT \(Self.columns), edited FROM albums WHERE id = $1", [.text(edit.id.rawValue)]
            ).first
        else { return nil }
        let album = try self.album(row)
        let marks = EditableField.parse(row.string(10) ?? "")
        // A field changes only while it still holds the value the edit starts from.
        let applied = edit.changes.filter { album.text(of: $0.field) == $0.before }
        guard !applied.isEmpty else {
            return AlbumEdit(id: edit.id, title: album.title, changes: [])
        }
        let after = try album.applying(applied)
        let fields = Set(applied.map(\.field))
        var newMarks = marks.filter { !fields.contains($0.field) }
        newMarks.formUnion(
            EditableField.allCases.filter { edit.markedAfter.contains($0.field) && fields.contains($0.field) }
        )
        try write(after, marks: newMarks)
        return AlbumEdit(
            id: edit.id, title: after.title, changes: applied,
            markedBefore: Set(marks.map(\.field)).intersection(fields),
            markedAfter: Set(newMarks.map(\.field)).intersection(fields))
    }

    /// Writes an album's fields over its row, adding `edited` to the fields marked as edited by hand.
    func update(_ album: Album, markingEdited edited: Set<EditableField>) throws {
        let previous = try rows("SELECT edited FROM albums WHERE id = $1", [.text(album.id.rawValue)])
            .first?.string(0)
        try write(album, marks: EditableField.parse(previous ?? "").union(edited))
    }

    /// Writes an album's fields and its marks of fields edited by hand over its row.
    private func write(_ album: Album, marks: Set<EditableField>) throws {
        try run(
            """
            UPDATE albums SET title = $1, artist = $2, genre = $3, year = $4, cover_url = $5, title_key = $6,
                artist_key = $7, genre_key = $8, mbid = $9, track_count = $10, length = $11, edited = $12
            WHERE id = $13
            """,
            [
                .text(album.title), .text(album.artist), .text(album.genre),
                album.year.map { .integer($0) } ?? .null,
                .text(album.coverURL), .text(SearchKey.fold(album.title)),
                .text(SearchKey.fold(album.artist)),
                .text(SearchKey.fold(album.genre)), .text(album.mbid), .integer(album.trackCount),
                .double(album.length), .text(EditableField.text(of: marks)), .text(album.id.rawValue),
            ])
    }
}

/// A row's fields, copied straight from libpq's result into the output (no `String` per field).
private struct RowFields: AlbumFieldSource {
    let row: PostgresRow

    func appendText(of field: AlbumField, to output: inout [UInt8]) {
        switch field {
        case .id: row.appendText(0, to: &output)
        case .title: row.appendText(1, to: &output)
        case .artist: row.appendText(2, to: &output)
        case .genre: row.appendText(3, to: &output)
        case .year: row.appendText(4, to: &output)
        case .coverURL: row.appendText(5, to: &output)
        case .mbid: row.appendText(7, to: &output)
        }
    }

    var trackSummary: (count: Int, length: Double) {
        ((try? row.int(8)) ?? 0, (try? row.double(9)) ?? 0)
    }
}
