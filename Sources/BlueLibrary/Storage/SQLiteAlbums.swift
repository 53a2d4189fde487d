import BlueLibraryCore

/// The reader and writer of ``SQLiteLibraryStore``, over one connection whose transaction the store
/// manages: the albums in library order (kept by ``AlbumPositions``: inserting anywhere rewrites a few
/// rows), and — in `SQLiteAlbums+History.swift` — the history stacks, the outbox and the saved state.
struct SQLiteAlbums: LibraryWriter {
    let connection: SQLiteConnection
    /// How bucket sizes are kept (see ``AlbumPositions``).
    let positions: AlbumPositions

    init(_ connection: SQLiteConnection, bucketCapacity: Int = 256) {
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
        var indexes = BucketMap.Cursor(try bucketMap())
        try forEachRow(matching: query) { row in try body(album(row), indexes.index(of: Int64(row.int(6)))) }
    }

    func forEachRecord(matching query: Query, _ body: (any AlbumFieldSource, Int) throws -> Void) throws {
        var indexes = BucketMap.Cursor(try bucketMap())
        try forEachRow(matching: query) { row in
            try body(RowFields(row: row), indexes.index(of: Int64(row.int(6))))
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

    /// Writes an album's row at `position` (its slot must be free). An album written afresh replaces
    /// what the deleted albums kept of one with its id.
    func writeRow(_ album: Album, position: Int64) throws {
        try RowWriter(connection).write(album, position: position)
    }

    /// Writes albums' rows with its statements prepared once: an append of 100,000 albums looked each
    /// statement up by its text, and cleared each album from the deleted ones, 100,000 times.
    struct RowWriter {
        private let insert: Statement
        /// The statement that forgets a deleted album of the same id; `nil` when none is kept.
        private let undelete: Statement?

        init(_ connection: SQLiteConnection) throws {
            let anyDeleted = try connection.integer("SELECT EXISTS (SELECT 1 FROM deleted_albums)") == 1
            undelete = anyDeleted ? try connection.prepare("DELETE FROM deleted_albums WHERE id = ?") : nil
            insert = try connection.prepare(
                """
                INSERT INTO albums (id, position, title, artist, genre, year, cover_url, title_key, artist_key,
                    genre_key, mbid, track_count, length)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        }

        /// Writes `album` at `position`; an album of its id kept as deleted is forgotten.
        /// - Throws: `conflict` when an album with its id is in the library.
        func write(_ album: Album, position: Int64) throws {
            if let undelete {
                try undelete.bind([.text(album.id.rawValue)])
                while try undelete.step() {}
            }
            try insert.bind([
                .text(album.id.rawValue), .integer(position), .text(album.title), .text(album.artist),
                .text(album.genre), album.year.map { .integer(Int64($0)) } ?? .null, .text(album.coverURL),
                .text(SearchKey.fold(album.title)), .text(SearchKey.fold(album.artist)),
                .text(SearchKey.fold(album.genre)), .text(album.mbid), .integer(Int64(album.trackCount)),
                .real(album.length),
            ])
            while try insert.step() {}
        }
    }

    func remove(at index: Int) throws -> Album? {
        let map = try bucketMap()
        guard let position = try position(ofIndex: index, in: map),
            let removed = try album(atPosition: position)
        else { return nil }
        try keepDeleted("id = ?", [.text(removed.id.rawValue)])
        try connection.run("DELETE FROM albums WHERE id = ?", [.text(removed.id.rawValue)])
        try closeGap(at: position, in: map)
        return removed
    }

    /// The columns an album's row and a deleted album's row share.
    static let rowColumns =
        "id, title, artist, genre, year, cover_url, title_key, artist_key, genre_key, mbid, track_count, length, source, edited"

    /// Copies the rows of the albums matching `condition` to the deleted albums, before they leave the
    /// library: their tracks stay, so bringing one back restores it whole.
    func keepDeleted(_ condition: String, _ values: [SQLValue]) throws {
        try connection.run(
            "INSERT OR REPLACE INTO deleted_albums (\(Self.rowColumns)) SELECT \(Self.rowColumns) FROM albums WHERE \(condition)",
            values)
    }

    func restore(_ id: AlbumID, at index: Int) throws -> Album? {
        // The columns of ``columns``, with no position (a deleted album has none).
        let row = try connection.prepare(
            "SELECT id, title, artist, genre, year, cover_url, 0, mbid, track_count, length FROM deleted_albums WHERE id = ?"
        )
        try row.bind([.text(id.rawValue)])
        let album = try row.step() ? self.album(row) : nil
        row.reset()
        guard let album else { return nil }
        if try locateRow(id) != nil {
            throw LibraryError(.conflict, "album \(id) (\"\(album.title)\") is already in the library")
        }
        try insertRow(at: index) { position in
            try connection.run(
                "INSERT INTO albums (\(Self.rowColumns), position) SELECT \(Self.rowColumns), ? FROM deleted_albums WHERE id = ?",
                [.integer(position), .text(id.rawValue)])
        }
        try connection.run("DELETE FROM deleted_albums WHERE id = ?", [.text(id.rawValue)])
        return album
    }

    func applyEdit(_ edit: AlbumEdit) throws -> AlbumEdit? {
        guard let (album, _) = try locateRow(edit.id) else { return nil }
        let marks = EditableField.parse(
            try connection.text("SELECT edited FROM albums WHERE id = ?", [.text(edit.id.rawValue)]) ?? "")
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
        let previous = try connection.text(
            "SELECT edited FROM albums WHERE id = ?", [.text(album.id.rawValue)])
        try write(album, marks: EditableField.parse(previous ?? "").union(edited))
    }

    /// Writes an album's fields and its marks of fields edited by hand over its row.
    private func write(_ album: Album, marks: Set<EditableField>) throws {
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
