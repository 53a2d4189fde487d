import BlueLibraryCore

/// A library kept in SQL tables, as both stores keep one: the logic that is not SQL — the albums' places
/// in buckets (``AlbumPositions``), what a deletion keeps and a restore brings back, how an edit applies
/// field by field — is written once, in the extensions of this protocol, over the few things an engine
/// gives: running a statement and reading its rows.
///
/// Statements are written once too, in the SQL both engines read, with numbered placeholders (`?1`, `?2`
/// …): SQLite reads them as they are, and the PostgreSQL store numbers them its way (`$1`). Where the two
/// differ — a substring's position, where NULL sorts, an array of ids — the engine keeps its own.
package protocol SQLLibrary: LibraryWriter {
    /// How bucket sizes are kept.
    var positions: AlbumPositions { get }
    /// The library as messages name it.
    var location: String { get }
    /// The engine's SQL, where it differs from the other's (a query's placeholders and functions).
    var dialect: SQLDialect { get }

    /// Runs `sql` and returns how many rows it inserted, updated or deleted.
    @discardableResult
    func execute(_ sql: String, _ values: [SQLValue]) throws -> Int

    /// Runs `sql` and makes each of its rows a value.
    func select<T>(_ sql: String, _ values: [SQLValue], _ row: (any SQLRow) throws -> T) throws -> [T]

    /// The albums with these ids that are in the library, by id (an append skips or refuses them).
    func albums(withIDs ids: [AlbumID]) throws -> [AlbumID: Album]

    /// Writes new rows for `albums` at their `positions` (which no album holds), forgetting any deleted
    /// album kept with one of their ids.
    func insertRows(_ albums: [(album: Album, position: Int64)]) throws

    /// Keeps the albums with these ids (which are in the library) as deleted, then deletes them.
    func deleteRows(ids: [AlbumID]) throws

    /// Writes the tracks of a playlist just written (it has none yet), in order.
    func insertPlaylistTracks(of playlist: StoredPlaylist) throws
}

/// One row of a statement's result, by column (0 is the first).
package protocol SQLRow {
    /// Whether the value is NULL.
    func isNull(_ column: Int) -> Bool
    /// The value as an integer; `nil` when NULL.
    func integer(_ column: Int) throws -> Int?
    /// The value as a floating-point number; `nil` when NULL.
    func real(_ column: Int) throws -> Double?
    /// The value as text; `nil` when NULL.
    func string(_ column: Int) -> String?
    /// Appends the value as UTF-8 text to `output` (nothing for NULL), without making a `String`.
    func appendText(_ column: Int, to output: inout [UInt8])
}

/// The fields of a row whose columns are ``SQLLibrary/albumColumns``, copied straight from the engine's
/// result into the output (no `String` per field: a listing of 100,000 albums makes none).
/// Inlinable, so that each engine's listing runs it specialized for its own rows.
package struct AlbumRowFields<Row: SQLRow>: AlbumFieldSource {
    @usableFromInline let row: Row

    /// The fields of `row`.
    @inlinable package init(_ row: Row) {
        self.row = row
    }

    @inlinable package func appendText(of field: AlbumField, to output: inout [UInt8]) {
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

    @inlinable package var trackSummary: (count: Int, length: Double) {
        ((try? row.integer(8)) ?? 0, (try? row.real(9)) ?? 0)
    }
}

extension SQLLibrary {
    /// The columns an album is read from, in the order ``album(_:from:)`` reads them.
    package static var albumColumns: String { albumColumns(reading: .all) }

    /// ``albumColumns`` with NULL in place of each column `reading` leaves out (the position, which gives
    /// the index, is always read), in the order ``AlbumRowFields`` reads them.
    package static func albumColumns(reading: AlbumFieldsRead) -> String {
        let columns: [(name: String, isRead: Bool)] = [
            ("id", reading.fields.contains(.id)), ("title", reading.fields.contains(.title)),
            ("artist", reading.fields.contains(.artist)), ("genre", reading.fields.contains(.genre)),
            ("year", reading.fields.contains(.year)), ("cover_url", reading.fields.contains(.coverURL)),
            ("position", true), ("mbid", reading.fields.contains(.mbid)),
            ("track_count", reading.trackSummary), ("length", reading.trackSummary),
        ]
        return columns.map { $0.isRead ? $0.name : "NULL" }.joined(separator: ", ")
    }

    /// The columns an album's row and a deleted album's row share.
    package static var rowColumns: String {
        "id, title, artist, genre, year, cover_url, title_key, artist_key, genre_key, mbid, track_count, length, source, edited, added"
    }

    /// The columns of ``albumColumns`` with an `a.` prefix (the albums of a join).
    package static var prefixedAlbumColumns: String {
        albumColumns.split(separator: ",").map { "a." + $0.trimmingPrefix(" ") }.joined(separator: ", ")
    }

    /// When the newest track file of album `a` changed (what a music server calls the album's creation).
    package static var createdSQL: String {
        "(SELECT coalesce(max(modified), 0) FROM tracks WHERE tracks.album_id = a.id)"
    }

    /// The ORDER BY of a music server's list of albums (`a` the albums).
    package static func catalogOrder(_ order: AlbumSelection.Order) -> String {
        switch order {
        case .title, .given: "a.title_key, a.position"
        case .artist: "a.artist_key, a.title_key, a.position"
        case .year(let ascending):
            "a.year IS NULL, a.year \(ascending ? "ASC" : "DESC"), a.title_key, a.position"
        // As the web page's "Recently added": albums join the library at the end.
        case .newest: "a.position DESC"
        case .random: "random()"
        }
    }

    /// The album in a row whose columns from `first` on are ``albumColumns``.
    package func album(_ row: any SQLRow, from first: Int = 0) throws -> Album {
        Album(
            trustedID: AlbumID(trusted: row.string(first) ?? ""), title: row.string(first + 1) ?? "",
            artist: row.string(first + 2) ?? "", genre: row.string(first + 3) ?? "",
            year: try row.integer(first + 4), coverURL: row.string(first + 5) ?? "",
            mbid: row.string(first + 7) ?? "",
            trackCount: try row.integer(first + 8) ?? 0, length: try row.real(first + 9) ?? 0)
    }

    /// The first column of the first row of `sql` as an integer (`nil` when there is no row, or NULL).
    package func integer(_ sql: String, _ values: [SQLValue] = []) throws -> Int? {
        try select(sql, values) { try $0.integer(0) }.first ?? nil
    }

    /// The first column of the first row of `sql` as text (`nil` when there is no row, or NULL).
    package func string(_ sql: String, _ values: [SQLValue] = []) throws -> String? {
        try select(sql, values) { $0.string(0) }.first ?? nil
    }

    /// The album with `id` and its stored position.
    package func locateRow(_ id: AlbumID) throws -> (album: Album, position: Int64)? {
        try select("SELECT \(Self.albumColumns) FROM albums WHERE id = ?1", [.text(id.rawValue)]) {
            (try album($0), Int64(try $0.integer(6) ?? 0))
        }.first
    }
}
