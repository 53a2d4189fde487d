import BlueLibraryCore

/// The tracks of albums read from music folders, and where each album came from, as both stores read
/// them. (Writing them is each engine's: row by row in SQLite, arrays of rows in PostgreSQL.)
extension SQLLibrary {
    /// The columns a track is read from, in the order ``storedTrack(_:)`` reads them.
    package static var trackColumns: String {
        "id, album_id, ordinal, disc, number, title, artist, duration, path, size, modified, tags"
    }

    /// A track in a row whose columns are ``trackColumns``.
    package func storedTrack(_ row: any SQLRow) throws -> StoredTrack {
        var stored = StoredTrack(
            track: Track(
                disc: try row.integer(3) ?? 1, number: try row.integer(4), title: row.string(5) ?? "",
                artist: row.string(6) ?? "", duration: try row.real(7) ?? 0, path: row.string(8) ?? ""),
            albumID: AlbumID(trusted: row.string(1) ?? ""), size: Int64(try row.integer(9) ?? 0),
            modified: Int64(try row.integer(10) ?? 0), tags: row.string(11) ?? "")
        stored.order = try row.integer(2) ?? 0
        return stored
    }

    private func storedTracks(_ condition: String, _ values: [SQLValue]) throws -> [StoredTrack] {
        try select("SELECT \(Self.trackColumns) FROM tracks WHERE \(condition)", values) {
            try storedTrack($0)
        }
    }

    /// The range of paths under a folder, for `path >= ?1 AND path < ?2` (`/` is followed by `0` in byte
    /// order — both stores compare paths by their bytes — so every path that starts with `root/` sorts
    /// between the two).
    private static func pathRange(under root: String) -> [SQLValue] {
        let folder = root.hasSuffix("/") ? String(root.dropLast()) : root
        return [.text(folder + "/"), .text(folder + "0")]
    }

    package func tracks(of album: AlbumID) throws -> [Track] {
        try storedTracks(of: album).map(\.track)
    }

    package func storedTracks(of album: AlbumID) throws -> [StoredTrack] {
        try storedTracks("album_id = ?1 ORDER BY ordinal", [.text(album.rawValue)])
    }

    package func track(_ id: String) throws -> StoredTrack? {
        // A deleted album's tracks stay for its undo, but are not the library's to play.
        try storedTracks("id = ?1 AND album_id IN (SELECT id FROM albums)", [.text(id)]).first
    }

    package func storedTracks(under root: String) throws -> [StoredTrack] {
        try storedTracks("path >= ?1 AND path < ?2", Self.pathRange(under: root))
    }

    package func trackCount(under root: String) throws -> Int {
        try integer(
            "SELECT count(*) FROM tracks WHERE path >= ?1 AND path < ?2 AND album_id IN (SELECT id FROM albums)",
            Self.pathRange(under: root)) ?? 0
    }

    package func scanOrigins(under root: String) throws -> [ScanOrigin] {
        try select(
            """
            SELECT id, source, edited, 0 FROM albums WHERE id IN
                (SELECT album_id FROM tracks WHERE path >= ?1 AND path < ?2)
            UNION ALL
            SELECT id, source, edited, 1 + removed_by_scan FROM deleted_albums WHERE id IN
                (SELECT album_id FROM tracks WHERE path >= ?1 AND path < ?2)
            """, Self.pathRange(under: root)
        ) { row in
            ScanOrigin(
                id: AlbumID(trusted: row.string(0) ?? ""), source: row.string(1),
                edited: EditableField.parse(row.string(2) ?? ""), isDeleted: try row.integer(3) != 0,
                removedByScan: try row.integer(3) == 2)
        }
    }

    package func musicFolders() throws -> [String] {
        try select("SELECT path FROM music_folders ORDER BY \(dialect.bytewise("path"))", []) {
            $0.string(0) ?? ""
        }
    }

    /// The deleted albums a scan removed, in byte order of their ids.
    package func albumsRemovedByScan() throws -> [AlbumID] {
        try select(
            "SELECT id FROM deleted_albums WHERE removed_by_scan = 1 ORDER BY \(dialect.bytewise("id"))", []
        ) { AlbumID(trusted: $0.string(0) ?? "") }
    }

    package func markRemovedByScan(_ album: AlbumID) throws {
        try execute("UPDATE deleted_albums SET removed_by_scan = 1 WHERE id = ?1", [.text(album.rawValue)])
    }

    package func addMusicFolder(_ path: String) throws {
        try execute("INSERT INTO music_folders (path) VALUES (?1) ON CONFLICT DO NOTHING", [.text(path)])
    }

    package func setTrackTotals(of album: AlbumID, count: Int, length: Double) throws {
        for table in ["albums", "deleted_albums"] {
            try execute(
                "UPDATE \(table) SET track_count = ?1, length = ?2 WHERE id = ?3",
                [.integer(Int64(count)), .real(length), .text(album.rawValue)])
        }
    }

    package func albumOfTrack(at path: String) throws -> AlbumID? {
        try string(
            "SELECT album_id FROM tracks WHERE path = ?1 AND album_id IN (SELECT id FROM albums)",
            [.text(path)]
        ).map { AlbumID(trusted: $0) }
    }
}
