import BlueLibraryCore
import BlueLibraryStore

/// The reader and writer of ``SQLiteLibraryStore``, over one connection whose transaction the store
/// manages: the albums in library order (kept by ``AlbumPositions``: inserting anywhere rewrites a few
/// rows); the history stacks, the outbox and the saved state are both stores' (`SQLLibrary+History.swift`).
struct SQLiteAlbums: SQLLibrary {
    let connection: SQLiteConnection
    /// How bucket sizes are kept (see ``AlbumPositions``).
    let positions: AlbumPositions

    init(_ connection: SQLiteConnection, bucketCapacity: Int = 256) {
        self.connection = connection
        positions = AlbumPositions(capacity: max(2, bucketCapacity))
    }

    var location: String { connection.path }

    var dialect: SQLDialect { .sqlite }

    // MARK: SQL

    @discardableResult
    func execute(_ sql: String, _ values: [SQLValue]) throws -> Int {
        try connection.run(sql, values)
    }

    func select<T>(_ sql: String, _ values: [SQLValue], _ row: (any SQLRow) throws -> T) throws -> [T] {
        let rows = try connection.prepare(sql)
        try rows.bind(values)
        defer { rows.reset() }
        var found: [T] = []
        while try rows.step() { found.append(try row(rows)) }
        return found
    }

    static let columns = "id, title, artist, genre, year, cover_url, position, mbid, track_count, length"

    func album(_ row: Statement) -> Album {
        Album(
            trustedID: AlbumID(trusted: row.text(0)), title: row.text(1), artist: row.text(2),
            genre: row.text(3), year: row.optionalInt(4), coverURL: row.text(5), mbid: row.text(7),
            trackCount: row.int(8), length: row.double(9))
    }

    func album(at index: Int) throws -> Album? {
        guard let position = position(ofIndex: index, in: try bucketMap()) else { return nil }
        return try album(atPosition: position)
    }

    func locate(_ id: AlbumID) throws -> (album: Album, index: Int)? {
        guard let (album, position) = try locateRow(id) else { return nil }
        return (album, try index(of: position))
    }

    func forEachAlbum(matching query: Query, _ body: (Album, Int) throws -> Void) throws {
        var indexes = BucketMap.Cursor(try bucketMap())
        try forEachRow(matching: query) { row in try body(album(row), indexes.index(of: Int64(row.int(6)))) }
    }

    func forEachRecord(
        matching query: Query, reading: AlbumFieldsRead, _ body: (any AlbumFieldSource, Int) throws -> Void
    ) throws {
        var indexes = BucketMap.Cursor(try bucketMap())
        try forEachRow(matching: query, columns: Self.albumColumns(reading: reading)) { row in
            try body(AlbumRowFields(row), indexes.index(of: Int64(row.int(6))))
        }
    }

    func forEachAlbum(
        matching query: Query, offset: Int, limit: Int, _ body: (Album, Int) throws -> Void
    ) throws {
        guard limit > 0 else { return }
        // The whole library in its order: the n-th row is the album at offset + n.
        if query == .all {
            var index = max(offset, 0)
            try forEachRow(matching: query, window: (index, limit)) { row in
                try body(album(row), index)
                index += 1
            }
            return
        }
        let map = try bucketMap()
        try forEachRow(matching: query, window: (max(offset, 0), limit)) { row in
            try body(album(row), map.index(of: Int64(row.int(6))))
        }
    }

    /// Steps through the rows matching `query` in its order; with a window, only `limit` rows from the
    /// `offset`-th (SQLite skips the others without handing them out).
    private func forEachRow(
        matching query: Query, window: (offset: Int, limit: Int)? = nil, columns: String = Self.columns,
        _ body: (Statement) throws -> Void
    ) throws {
        let sql = QuerySQL(query)
        var text = "SELECT \(columns) FROM albums WHERE \(sql.whereClause) ORDER BY \(sql.orderBy)"
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

    // MARK: Rows, as the shared logic asks for them

    func albums(withIDs ids: [AlbumID]) throws -> [AlbumID: Album] {
        var found: [AlbumID: Album] = [:]
        // A JSON array of ids at a time: one statement for a thousand lookups.
        for batch in ids.chunked(into: 1000) {
            let list = JSONWriter.string(.array(batch.map { .string($0.rawValue) }))
            for album in try select(
                "SELECT \(Self.columns) FROM albums WHERE id IN (SELECT value FROM json_each(?1))",
                [.text(list)],
                { try album($0) })
            {
                found[album.id] = album
            }
        }
        return found
    }

    func insertRows(_ albums: [(album: Album, position: Int64)]) throws {
        try withBrowseIndexesRebuilt(if: albums.count >= Self.bulkAppend) {
            try RowWriter(connection).write(albums)
        }
    }

    func deleteRows(ids: [AlbumID]) throws {
        for id in ids {
            try keepDeleted("id = ?1", [.text(id.rawValue)])
            try connection.run("DELETE FROM albums WHERE id = ?1", [.text(id.rawValue)])
        }
    }

    /// Writes albums' rows many to a statement, its statements prepared once: an append of 100,000
    /// albums looked each statement up by its text, and cleared each album from the deleted ones, 100,000
    /// times; one row per statement then spent a third of its time starting and ending statements.
    struct RowWriter {
        /// How many rows one INSERT writes (14 values each, well below SQLite's limit of parameters).
        static let rowsPerStatement = 64
        private let connection: SQLiteConnection
        /// The statement that forgets a deleted album of the same id; `nil` when none is kept.
        private let undelete: Statement?
        /// When the albums written join the library.
        private let added = StoreClock.milliseconds()

        init(_ connection: SQLiteConnection) throws {
            self.connection = connection
            let anyDeleted = try connection.integer("SELECT EXISTS (SELECT 1 FROM deleted_albums)") == 1
            undelete = anyDeleted ? try connection.prepare("DELETE FROM deleted_albums WHERE id = ?") : nil
        }

        /// Writes each album at its position; an album of its id kept as deleted is forgotten.
        /// - Throws: `conflict` when an album with one of their ids is in the library.
        func write(_ rows: [(album: Album, position: Int64)]) throws {
            if let undelete {
                for (album, _) in rows {
                    try undelete.bind([.text(album.id.rawValue)])
                    while try undelete.step() {}
                }
            }
            var values: [SQLValue] = []
            values.reserveCapacity(min(rows.count, Self.rowsPerStatement) * 14)
            for start in stride(from: 0, to: rows.count, by: Self.rowsPerStatement) {
                let batch = rows[start..<min(start + Self.rowsPerStatement, rows.count)]
                values.removeAll(keepingCapacity: true)
                for (album, position) in batch {
                    values += [
                        .text(album.id.rawValue), .integer(position), .text(album.title), .text(album.artist),
                        .text(album.genre), album.year.map { .integer(Int64($0)) } ?? .null,
                        .text(album.coverURL),
                        .text(SearchKey.fold(album.title)), .text(SearchKey.fold(album.artist)),
                        .text(SearchKey.fold(album.genre)), .text(album.mbid),
                        .integer(Int64(album.trackCount)),
                        .real(album.length), .integer(added),
                    ]
                }
                let insert = try connection.prepare(Self.insert(rows: batch.count))
                try insert.bind(values)
                while try insert.step() {}
            }
        }

        /// The INSERT of `rows` albums.
        private static func insert(rows: Int) -> String {
            """
            INSERT INTO albums (id, position, title, artist, genre, year, cover_url, title_key, artist_key,
                genre_key, mbid, track_count, length, added)
            VALUES \(Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", "))
            """
        }
    }
}
