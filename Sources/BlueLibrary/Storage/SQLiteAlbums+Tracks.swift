import BlueLibraryCore

/// The tracks of albums read from music folders, and where each album came from.
extension SQLiteAlbums {
    private static let trackColumns =
        "id, album_id, ordinal, disc, number, title, artist, duration, path, size, modified, tags"

    private func storedTrack(_ row: Statement) -> StoredTrack {
        StoredTrack(
            track: Track(
                disc: row.int(3), number: row.optionalInt(4), title: row.text(5),
                artist: row.text(6),
                duration: row.double(7), path: row.text(8)),
            albumID: AlbumID(trusted: row.text(1)), size: Int64(row.int(9)), modified: Int64(row.int(10)),
            tags: row.text(11))
    }

    private func storedTracks(_ sql: String, _ values: [SQLValue]) throws -> [StoredTrack] {
        let rows = try connection.prepare("SELECT \(Self.trackColumns) FROM tracks WHERE \(sql)")
        try rows.bind(values)
        defer { rows.reset() }
        var tracks: [StoredTrack] = []
        while try rows.step() { tracks.append(storedTrack(rows)) }
        return tracks
    }

    /// The range of paths under a folder, for `path >= ? AND path < ?` (`/` is followed by `0` in byte
    /// order, so every path that starts with `root/` sorts between the two).
    private static func pathRange(under root: String) -> [SQLValue] {
        let folder = root.hasSuffix("/") ? String(root.dropLast()) : root
        return [.text(folder + "/"), .text(folder + "0")]
    }

    func tracks(of album: AlbumID) throws -> [Track] {
        try storedTracks("album_id = ? ORDER BY ordinal", [.text(album.rawValue)]).map(\.track)
    }

    func track(_ id: String) throws -> StoredTrack? {
        // A deleted album's tracks stay for its undo, but are not the library's to play.
        try storedTracks("id = ? AND album_id IN (SELECT id FROM albums)", [.text(id)]).first
    }

    func storedTracks(under root: String) throws -> [StoredTrack] {
        try storedTracks("path >= ? AND path < ?", Self.pathRange(under: root))
    }

    func trackCount(under root: String) throws -> Int {
        try connection.integer(
            "SELECT count(*) FROM tracks WHERE path >= ? AND path < ? AND album_id IN (SELECT id FROM albums)",
            Self.pathRange(under: root)) ?? 0
    }

    func scanOrigins(under root: String) throws -> [ScanOrigin] {
        let rows = try connection.prepare(
            """
            SELECT id, source, edited, 0 FROM albums WHERE id IN
                (SELECT album_id FROM tracks WHERE path >= ?1 AND path < ?2)
            UNION ALL
            SELECT id, source, edited, 1 FROM deleted_albums WHERE id IN
                (SELECT album_id FROM tracks WHERE path >= ?1 AND path < ?2)
            """)
        try rows.bind(Self.pathRange(under: root))
        defer { rows.reset() }
        var origins: [ScanOrigin] = []
        while try rows.step() {
            origins.append(
                ScanOrigin(
                    id: AlbumID(trusted: rows.text(0)), source: rows.isNull(1) ? nil : rows.text(1),
                    edited: EditableField.parse(rows.text(2)), isDeleted: rows.int(3) != 0))
        }
        return origins
    }

    func albumOfTrack(at path: String) throws -> AlbumID? {
        try connection.text(
            "SELECT album_id FROM tracks WHERE path = ? AND album_id IN (SELECT id FROM albums)",
            [.text(path)]
        ).map { AlbumID(trusted: $0) }
    }

    func saveScanned(_ album: Album, source: String) throws {
        if try locateRow(album.id) == nil {
            try insertRow(album, at: try count())
        } else {
            try update(album, markingEdited: [])
        }
        try connection.run(
            "UPDATE albums SET source = ? WHERE id = ?", [.text(source), .text(album.id.rawValue)])
    }

    func replaceTracks(of album: AlbumID, with tracks: [StoredTrack]) throws {
        try connection.run("DELETE FROM tracks WHERE album_id = ?", [.text(album.rawValue)])
        for (ordinal, stored) in tracks.enumerated() {
            let track = stored.track
            try connection.run(
                """
                INSERT OR REPLACE INTO tracks (id, album_id, ordinal, disc, number, title, artist, duration, path,
                    size, modified, tags, title_key, artist_key)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(track.id), .text(album.rawValue), .integer(Int64(ordinal)),
                    .integer(Int64(track.disc)),
                    track.number.map { .integer(Int64($0)) } ?? .null, .text(track.title),
                    .text(track.artist),
                    .real(track.duration), .text(track.path), .integer(stored.size),
                    .integer(stored.modified),
                    .text(stored.tags), .text(SearchKey.fold(track.title)),
                    .text(SearchKey.fold(track.artist)),
                ])
        }
    }

    func removeTracks(paths: [String]) throws {
        for path in paths { try connection.run("DELETE FROM tracks WHERE path = ?", [.text(path)]) }
    }
}
