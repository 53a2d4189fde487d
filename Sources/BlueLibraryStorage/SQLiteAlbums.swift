import BlueLibraryCore

/// The reader and writer of ``SQLiteLibraryStore``: albums with explicit positions `0..<count`, the
/// history stacks and the saved state, over one connection whose transaction the store manages.
struct SQLiteAlbums: LibraryWriter {
    let connection: SQLiteConnection

    init(_ connection: SQLiteConnection) {
        self.connection = connection
    }

    private static let columns = "id, title, artist, genre, year, cover_url, position"

    private func album(_ row: Statement) -> Album {
        Album(
            trustedID: AlbumID(trusted: row.text(0)), title: row.text(1), artist: row.text(2),
            genre: row.text(3),
            year: row.optionalInt(4), coverURL: row.text(5))
    }

    func count() throws -> Int {
        try connection.integer("SELECT count(*) FROM albums") ?? 0
    }

    func album(at index: Int) throws -> Album? {
        let row = try connection.prepare("SELECT \(Self.columns) FROM albums WHERE position = ?")
        try row.bind([.integer(Int64(index))])
        defer { row.reset() }
        return try row.step() ? album(row) : nil
    }

    func locate(_ id: AlbumID) throws -> (album: Album, index: Int)? {
        let row = try connection.prepare("SELECT \(Self.columns) FROM albums WHERE id = ?")
        try row.bind([.text(id.rawValue)])
        defer { row.reset() }
        return try row.step() ? (album(row), row.int(6)) : nil
    }

    func forEachAlbum(matching query: Query, _ body: (Album, Int) throws -> Void) throws {
        try forEachRow(matching: query) { row in try body(album(row), row.int(6)) }
    }

    func forEachRecord(matching query: Query, _ body: (any AlbumFieldSource, Int) throws -> Void) throws {
        try forEachRow(matching: query) { row in try body(RowFields(row: row), row.int(6)) }
    }

    func forEachAlbum(
        matching query: Query, offset: Int, limit: Int, _ body: (Album, Int) throws -> Void
    ) throws {
        guard limit > 0 else { return }
        try forEachRow(matching: query, window: (max(offset, 0), limit)) { row in
            try body(album(row), row.int(6))
        }
    }

    func count(matching query: Query) throws -> Int {
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

    func historyCount(_ side: HistorySide) throws -> Int {
        try connection.integer(
            "SELECT count(*) FROM history WHERE side = ?", [.integer(Int64(side.rawValue))]) ?? 0
    }

    func savedCurrent() throws -> CurrentAlbum? {
        let row = try connection.prepare(
            "SELECT current_id, current_index FROM saved_state WHERE singleton = 1")
        try row.bind([])
        defer { row.reset() }
        guard try row.step(), let index = row.optionalInt(1), let id = AlbumID(row.text(0)) else {
            return nil
        }
        return CurrentAlbum(id: id, index: index)
    }

    func insert(_ album: Album, at index: Int) throws {
        try connection.run(
            "UPDATE albums SET position = position + 1 WHERE position >= ?", [.integer(Int64(index))])
        try insertRow(album, position: index)
    }

    private func insertRow(_ album: Album, position: Int) throws {
        do {
            try insert(album, position: position)
        } catch let error as LibraryError where error.code == .conflict {
            throw LibraryError(.conflict, "album \(album.id) (\"\(album.title)\") is already in the library")
        }
    }

    private func insert(_ album: Album, position: Int) throws {
        try connection.run(
            """
            INSERT INTO albums (id, position, title, artist, genre, year, cover_url, title_key, artist_key, genre_key)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(album.id.rawValue), .integer(Int64(position)), .text(album.title), .text(album.artist),
                .text(album.genre), album.year.map { .integer(Int64($0)) } ?? .null, .text(album.coverURL),
                .text(SearchKey.fold(album.title)), .text(SearchKey.fold(album.artist)),
                .text(SearchKey.fold(album.genre)),
            ])
    }

    func remove(at index: Int) throws -> Album? {
        guard let removed = try album(at: index) else { return nil }
        try connection.run("DELETE FROM albums WHERE id = ?", [.text(removed.id.rawValue)])
        try connection.run(
            "UPDATE albums SET position = position - 1 WHERE position > ?", [.integer(Int64(index))])
        return removed
    }

    func replace(_ album: Album) throws -> Int? {
        guard let (_, index) = try locate(album.id) else { return nil }
        try connection.run(
            """
            UPDATE albums SET title = ?, artist = ?, genre = ?, year = ?, cover_url = ?,
                title_key = ?, artist_key = ?, genre_key = ?
            WHERE id = ?
            """,
            [
                .text(album.title), .text(album.artist), .text(album.genre),
                album.year.map { .integer(Int64($0)) } ?? .null,
                .text(album.coverURL), .text(SearchKey.fold(album.title)),
                .text(SearchKey.fold(album.artist)),
                .text(SearchKey.fold(album.genre)), .text(album.id.rawValue),
            ])
        return index
    }

    func append(_ albums: [Album]) throws -> Int {
        let start = try count()
        var position = start
        for album in albums {
            do {
                try insert(album, position: position)
                position += 1
            } catch let error as LibraryError where error.code == .conflict {
                guard try locate(album.id)?.album == album else { throw conflictingAlbum(album) }
            }
        }
        return position - start
    }

    func push(_ command: HistoryCommand, on side: HistorySide, limit: Int) throws {
        let sideValue = SQLValue.integer(Int64(side.rawValue))
        try connection.run(
            "INSERT INTO history (side, command) VALUES (?, ?)",
            [sideValue, .text(JSONWriter.string(command.json))])
        try connection.run(
            """
            DELETE FROM history WHERE side = ?1 AND seq NOT IN
                (SELECT seq FROM history WHERE side = ?1 ORDER BY seq DESC LIMIT ?2)
            """, [sideValue, .integer(Int64(limit))])
    }

    func pop(_ side: HistorySide) throws -> HistoryCommand? {
        let row = try connection.prepare(
            "SELECT seq, command FROM history WHERE side = ? ORDER BY seq DESC LIMIT 1")
        try row.bind([.integer(Int64(side.rawValue))])
        guard try row.step() else { return nil }
        let seq = row.int(0)
        let text = row.text(1)
        row.reset()
        let command: HistoryCommand
        do {
            command = try HistoryCommand(json: JSONParser.parse(Array(text.utf8)))
        } catch let error as LibraryError {
            throw LibraryError(
                .corruptLibrary,
                "library \(connection.path) has a damaged history entry \(seq): \(error.message)")
        }
        try connection.run("DELETE FROM history WHERE seq = ?", [.integer(Int64(seq))])
        return command
    }

    func clearHistory(_ side: HistorySide) throws {
        try connection.run("DELETE FROM history WHERE side = ?", [.integer(Int64(side.rawValue))])
    }

    func pendingSync(limit: Int) throws -> [PendingSync] {
        let rows = try connection.prepare("SELECT seq, key, command FROM outbox ORDER BY seq LIMIT ?")
        try rows.bind([.integer(Int64(limit))])
        defer { rows.reset() }
        var pending: [PendingSync] = []
        while try rows.step() {
            let command = try HistoryCommand(json: JSONParser.parse(Array(rows.text(2).utf8)))
            pending.append(PendingSync(sequence: rows.int(0), key: rows.text(1), command: command))
        }
        return pending
    }

    func pendingSyncCount() throws -> Int {
        try connection.integer("SELECT count(*) FROM outbox") ?? 0
    }

    func enqueueSync(_ command: HistoryCommand, key: String) throws {
        try connection.run(
            "INSERT INTO outbox (key, command) VALUES (?, ?)",
            [.text(key), .text(JSONWriter.string(command.json))])
    }

    func removeSync(_ sequence: Int) throws {
        try connection.run("DELETE FROM outbox WHERE seq = ?", [.integer(Int64(sequence))])
    }

    func saveCurrent(_ current: CurrentAlbum?) throws {
        try connection.run(
            "INSERT OR REPLACE INTO saved_state (singleton, current_id, current_index) VALUES (1, ?, ?)",
            [
                current.map { .text($0.id.rawValue) } ?? .null,
                current.map { .integer(Int64($0.index)) } ?? .null,
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
        }
    }
}
