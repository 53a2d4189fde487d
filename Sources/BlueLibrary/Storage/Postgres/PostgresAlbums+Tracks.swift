import BlueLibraryCore
import BlueLibraryStorage

/// The tracks of albums read from music folders, and where each album came from.
extension PostgresAlbums {
    static let trackColumns =
        "id, album_id, ordinal, disc, number, title, artist, duration, path, size, modified, tags, title_key, artist_key"
    /// The types of ``trackColumns``, for an array of each.
    static let trackTypes = [
        "text", "text", "int4", "int4", "int4", "text", "text", "float8", "text", "int8", "int8", "text",
        "text",
        "text",
    ]

    /// A track in a row whose columns are ``trackColumns``.
    func storedTrack(_ row: PostgresRow) throws -> StoredTrack {
        var stored = StoredTrack(
            track: Track(
                disc: try row.int(3) ?? 1, number: try row.int(4), title: row.string(5) ?? "",
                artist: row.string(6) ?? "", duration: try row.double(7) ?? 0, path: row.string(8) ?? ""),
            albumID: AlbumID(trusted: row.string(1) ?? ""), size: Int64(try row.int(9) ?? 0),
            modified: Int64(try row.int(10) ?? 0), tags: row.string(11) ?? "")
        stored.order = try row.int(2) ?? 0
        return stored
    }

    /// The values of a track's row for ``trackColumns``.
    static func trackValues(_ stored: StoredTrack) -> [PostgresValue] {
        let track = stored.track
        return [
            .text(track.id), .text(stored.albumID.rawValue), .integer(stored.order), .integer(track.disc),
            track.number.map { .integer($0) } ?? .null, .text(track.title), .text(track.artist),
            .double(track.duration), .text(track.path), .integer(Int(stored.size)),
            .integer(Int(stored.modified)),
            .text(stored.tags), .text(SearchKey.fold(track.title)), .text(SearchKey.fold(track.artist)),
        ]
    }

    private func storedTracks(_ condition: String, _ values: [PostgresValue]) throws -> [StoredTrack] {
        try rows("SELECT \(Self.trackColumns) FROM tracks WHERE \(condition)", values).map(storedTrack)
    }

    /// The range of paths under a folder, for `path >= $1 AND path < $2` (`/` is followed by `0` in byte
    /// order — the columns compare bytes, `COLLATE "C"` — so every path that starts with `root/` sorts
    /// between the two).
    private static func pathRange(under root: String) -> [PostgresValue] {
        let folder = root.hasSuffix("/") ? String(root.dropLast()) : root
        return [.text(folder + "/"), .text(folder + "0")]
    }

    func tracks(of album: AlbumID) throws -> [Track] {
        try storedTracks("album_id = $1 ORDER BY ordinal", [.text(album.rawValue)]).map(\.track)
    }

    func track(_ id: String) throws -> StoredTrack? {
        // A deleted album's tracks stay for its undo, but are not the library's to play.
        try storedTracks("id = $1 AND album_id IN (SELECT id FROM albums)", [.text(id)]).first
    }

    func storedTracks(under root: String) throws -> [StoredTrack] {
        try storedTracks("path >= $1 AND path < $2", Self.pathRange(under: root))
    }

    func trackCount(under root: String) throws -> Int {
        try integer(
            "SELECT count(*) FROM tracks WHERE path >= $1 AND path < $2 AND album_id IN (SELECT id FROM albums)",
            Self.pathRange(under: root)) ?? 0
    }

    func scanOrigins(under root: String) throws -> [ScanOrigin] {
        try rows(
            """
            SELECT id, source, edited, false FROM albums WHERE id IN
                (SELECT album_id FROM tracks WHERE path >= $1 AND path < $2)
            UNION ALL
            SELECT id, source, edited, true FROM deleted_albums WHERE id IN
                (SELECT album_id FROM tracks WHERE path >= $1 AND path < $2)
            """, Self.pathRange(under: root)
        ).map { row in
            ScanOrigin(
                id: AlbumID(trusted: row.string(0) ?? ""), source: row.string(1),
                edited: EditableField.parse(row.string(2) ?? ""), isDeleted: try row.bool(3) ?? false)
        }
    }

    func albumOfTrack(at path: String) throws -> AlbumID? {
        try rows(
            "SELECT album_id FROM tracks WHERE path = $1 AND album_id IN (SELECT id FROM albums)",
            [.text(path)]
        ).first?.string(0).map { AlbumID(trusted: $0) }
    }

    func saveScanned(_ album: Album, source: String) throws {
        if try locateRow(album.id) == nil {
            try insertRow(at: try count()) { try writeRow(album, position: $0) }
        } else {
            try update(album, markingEdited: [])
        }
        try run("UPDATE albums SET source = $1 WHERE id = $2", [.text(source), .text(album.id.rawValue)])
    }

    func replaceTracks(of album: AlbumID, with tracks: [StoredTrack]) throws {
        try run("DELETE FROM tracks WHERE album_id = $1", [.text(album.rawValue)])
        guard !tracks.isEmpty else { return }
        // The same file twice keeps its last place, as one INSERT OR REPLACE after another does in SQLite
        // (one PostgreSQL statement may not change a row twice).
        var last: [String: Int] = [:]
        for (ordinal, stored) in tracks.enumerated() { last[stored.track.path] = ordinal }
        let rows = tracks.enumerated().compactMap { ordinal, stored -> [PostgresValue]? in
            guard last[stored.track.path] == ordinal else { return nil }
            var stored = stored
            stored.albumID = album
            stored.order = ordinal
            return Self.trackValues(stored)
        }
        // A track's id follows from its path, so a file another album had moves to this one, as SQLite's
        // INSERT OR REPLACE moves it.
        let assignments = Self.trackColumns.split(separator: ",").dropFirst().map {
            let column = $0.trimmingPrefix(" ")
            return "\(column) = excluded.\(column)"
        }
        let arrays = Self.trackTypes.enumerated().map { "$\($0.offset + 1)::\($0.element)[]" }
        let sql = """
            INSERT INTO tracks (\(Self.trackColumns)) SELECT * FROM unnest(\(arrays.joined(separator: ", ")))
            ON CONFLICT (id) DO UPDATE SET \(assignments.joined(separator: ", "))
            """
        for batch in rows.chunked(into: PostgresArray.batchSize) {
            try run(
                sql,
                Self.trackTypes.indices.map { column in
                    .text(PostgresArray.literal(batch.lazy.map { $0[column] }))
                })
        }
    }

    func removeTracks(paths: [String]) throws {
        for batch in paths.chunked(into: PostgresArray.batchSize) {
            try run(
                "DELETE FROM tracks WHERE path = ANY($1::text[])",
                [.text(PostgresArray.literal(batch.map { .text($0) }))])
        }
    }
}
