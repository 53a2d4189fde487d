import BlueLibraryCore

/// The reader and writer of ``SQLiteLibraryStore``, over one connection whose transaction the store
/// manages: the albums in library order (kept by ``AlbumPositions``: inserting anywhere rewrites a few
/// rows), and — in `SQLiteAlbums+History.swift` — the history stacks, the outbox and the saved state.
struct SQLiteAlbums: LibraryWriter {
    let connection: SQLiteConnection
    /// How bucket sizes are kept (see ``AlbumPositions``).
    let positions: AlbumPositions

    init(_ connection: SQLiteConnection, bucketCapacity: Int = 512) {
        self.connection = connection
        positions = AlbumPositions(capacity: max(2, bucketCapacity))
    }

    static let columns = "id, title, artist, genre, year, cover_url, position, mbid, track_count, length"

    func album(_ row: Statement) -> Album {
        Album(
            trustedID: AlbumID(trusted: row.text(0)), title: row.text(1), artist: row.text(2),
            genre: row.text(3), year: row.optionalInt(4), coverURL: row.text(5), mbid: row.text(7),
            trackCount: row.int(8), length: row.double(9))
    }

    func count() throws -> Int {
        try connection.integer("SELECT coalesce(sum(count), 0) FROM buckets") ?? 0
    }

    func album(at index: Int) throws -> Album? {
        guard let position = try position(ofIndex: index, in: try bucketMap()) else { return nil }
        return try album(atPosition: position)
    }

    /// The album stored at `position`, if any.
    func album(atPosition position: Int64) throws -> Album? {
        let row = try connection.prepare("SELECT \(Self.columns) FROM albums WHERE position = ?")
        try row.bind([.integer(position)])
        defer { row.reset() }
        return try row.step() ? album(row) : nil
    }

    func locate(_ id: AlbumID) throws -> (album: Album, index: Int)? {
        guard let (album, position) = try locateRow(id) else { return nil }
        return (album, try index(of: position))
    }

    /// The album with `id` and its stored position.
    func locateRow(_ id: AlbumID) throws -> (album: Album, position: Int64)? {
        let row = try connection.prepare("SELECT \(Self.columns) FROM albums WHERE id = ?")
        try row.bind([.text(id.rawValue)])
        defer { row.reset() }
        return try row.step() ? (album(row), Int64(row.int(6))) : nil
    }

    func forEachAlbum(matching query: Query, _ body: (Album, Int) throws -> Void) throws {
        let map = try bucketMap()
        try forEachRow(matching: query) { row in try body(album(row), map.index(of: Int64(row.int(6)))) }
    }

    func forEachRecord(matching query: Query, _ body: (any AlbumFieldSource, Int) throws -> Void) throws {
        let map = try bucketMap()
        try forEachRow(matching: query) { row in
            try body(RowFields(row: row), map.index(of: Int64(row.int(6))))
        }
    }

    func forEachAlbum(
        matching query: Query, offset: Int, limit: Int, _ body: (Album, Int) throws -> Void
    ) throws {
        guard limit > 0 else { return }
        let map = try bucketMap()
        try forEachRow(matching: query, window: (max(offset, 0), limit)) { row in
            try body(album(row), map.index(of: Int64(row.int(6))))
        }
    }

    func count(matching query: Query) throws -> Int {
        if query.matchesEverything { return try count() }
        let sql = QuerySQL(query)
        return try connection.integer("SELECT count(*) FROM albums WHERE \(sql.whereClause)", sql.bindings)
            ?? 0
    }

    /// Steps through the rows matching `query` in its order; with a window, only `limit` rows from the
    /// `offset`-th (SQLite skips the others without handing them out).
    private func forEachRow(
        matching query: Query, window: (offset: Int, limit: Int)? = nil, _ body: (Statement) throws -> Void
    ) throws {
        let sql = QuerySQL(query)
        var text = "SELECT \(Self.columns) FROM albums WHERE \(sql.whereClause) ORDER BY \(sql.orderBy)"
        var bindings = sql.bindings
        if let window {
            text += " LIMIT ? OFFSET ?"
            bindings += [.integer(Int64(window.limit)), .integer(Int64(window.offset))]
        }
        let rows = try connection.prepare(text)
        try rows.bind(bindings)
        defer { rows.reset() }
        while try rows.step() { try body(rows) }
    }

    func insert(_ album: Album, at index: Int) throws {
        do {
            try insertRow(album, at: index)
        } catch let error as LibraryError where error.code == .conflict {
            throw LibraryError(.conflict, "album \(album.id) (\"\(album.title)\") is already in the library")
        }
    }

    /// Writes an album's row at `position` (its slot must be free).
    func writeRow(_ album: Album, position: Int64) throws {
        try connection.run(
            """
            INSERT INTO albums (id, position, title, artist, genre, year, cover_url, title_key, artist_key, genre_key,
                mbid, track_count, length)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(album.id.rawValue), .integer(position), .text(album.title), .text(album.artist),
                .text(album.genre), album.year.map { .integer(Int64($0)) } ?? .null, .text(album.coverURL),
                .text(SearchKey.fold(album.title)), .text(SearchKey.fold(album.artist)),
                .text(SearchKey.fold(album.genre)), .text(album.mbid), .integer(Int64(album.trackCount)),
                .real(album.length),
            ])
    }

    func remove(at index: Int) throws -> Album? {
        let map = try bucketMap()
        guard let position = try position(ofIndex: index, in: map),
            let removed = try album(atPosition: position)
        else { return nil }
        try connection.run("DELETE FROM albums WHERE id = ?", [.text(removed.id.rawValue)])
        try closeGap(at: position, in: map)
        return removed
    }

    func replace(_ album: Album) throws -> Int? {
        guard let (before, position) = try locateRow(album.id) else { return nil }
        // Fields changed by hand are remembered, so a rescan of the album's folder keeps them.
        let changed = Set(
            EditableField.allCases.filter { before.text(of: $0.field) != album.text(of: $0.field) })
        try update(album, markingEdited: changed)
        return try index(of: position)
    }

    /// Writes an album's fields over its row, adding `edited` to the fields marked as edited by hand.
    func update(_ album: Album, markingEdited edited: Set<EditableField>) throws {
        let previous = try connection.text(
            "SELECT edited FROM albums WHERE id = ?", [.text(album.id.rawValue)])
        let marks = EditableField.parse(previous ?? "").union(edited)
        try connection.run(
            """
            UPDATE albums SET title = ?, artist = ?, genre = ?, year = ?, cover_url = ?,
                title_key = ?, artist_key = ?, genre_key = ?, mbid = ?, track_count = ?, length = ?, edited = ?
            WHERE id = ?
            """,
            [
                .text(album.title), .text(album.artist), .text(album.genre),
                album.year.map { .integer(Int64($0)) } ?? .null,
                .text(album.coverURL), .text(SearchKey.fold(album.title)),
                .text(SearchKey.fold(album.artist)),
                .text(SearchKey.fold(album.genre)), .text(album.mbid), .integer(Int64(album.trackCount)),
                .real(album.length), .text(EditableField.text(of: marks)), .text(album.id.rawValue),
            ])
    }
}

/// The current row's fields, copied straight from SQLite into the output (no `String` per field).
private struct RowFields: AlbumFieldSource {
    let row: Statement

    func appendText(of field: AlbumField, to output: inout [UInt8]) {
        switch field {
        case .id: row.appendText(0, to: &output)
        case .title: row.appendText(1, to: &output)
        case .artist: row.appendText(2, to: &output)
        case .genre: row.appendText(3, to: &output)
        case .year: if let year = row.optionalInt(4) { output.append(contentsOf: String(year).utf8) }
        case .coverURL: row.appendText(5, to: &output)
        case .mbid: row.appendText(7, to: &output)
        }
    }

    var trackSummary: (count: Int, length: Double) { (row.int(8), row.double(9)) }
}
