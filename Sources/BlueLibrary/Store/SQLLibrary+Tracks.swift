import BlueLibraryCore

/// The tracks of albums read from music folders, and where each album came from, as both stores read
/// them. (Writing them is each engine's: row by row in SQLite, arrays of rows in PostgreSQL.)
extension SQLLibrary {
    /// The columns a track is read from, in the order ``storedTrack(_:)`` reads them.
    package static var trackColumns: String {
        "id, album_id, ordinal, disc, number, title, artist, duration, path, size, modified, tags, genres"
    }

    /// A track in a row whose columns are ``trackColumns``.
    package func storedTrack(_ row: any SQLRow) throws -> StoredTrack {
        var stored = StoredTrack(
            track: Track(
                disc: try row.integer(3) ?? 1, number: try row.integer(4), title: row.string(5) ?? "",
                artist: row.string(6) ?? "", duration: try row.real(7) ?? 0, path: row.string(8) ?? "",
                id: row.string(0)),
            albumID: AlbumID(trusted: row.string(1) ?? ""), size: Int64(try row.integer(9) ?? 0),
            modified: Int64(try row.integer(10) ?? 0), tags: row.string(11) ?? "")
        stored.order = try row.integer(2) ?? 0
        stored.track.details.setGenres(stored: row.string(12))
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

    /// `tracks`, about to replace the tracks of `album`, each with the id it is to be stored under. A
    /// track whose id the library keeps (read from the library, the history or an export; a moved file's)
    /// keeps it. A file just read keeps the id of the row at its path (a retagged file that was moved
    /// before), else takes its path's — unless that id is another's, kept by a moved file now elsewhere
    /// (a new file where a moved one was) or claimed by one of `tracks`: then an id of its own, derived
    /// from its path and a count. Ids held by the album's own rows, which the write replaces, are free.
    package func withTrackIDs(_ tracks: [StoredTrack], of album: AlbumID) throws -> [StoredTrack] {
        let open = tracks.indices.filter { tracks[$0].track.storedID == nil }
        guard !open.isEmpty else { return tracks }
        var claimed = Set(tracks.compactMap(\.track.storedID))
        var holders: [String: String] = [:]  // id → path, of the rows the write keeps
        var atPath: [String: String] = [:]  // path → id
        for chunk in open.chunked(into: 400) {
            let ids = (1...chunk.count).map { "?\($0)" }.joined(separator: ", ")
            let paths = (1...chunk.count).map { "?\(chunk.count + $0)" }.joined(separator: ", ")
            let rows = try select(
                "SELECT id, path, album_id FROM tracks WHERE id IN (\(ids)) OR path IN (\(paths))",
                chunk.map { .text(tracks[$0].track.id) } + chunk.map { .text(tracks[$0].track.path) }
            ) { ($0.string(0) ?? "", $0.string(1) ?? "", $0.string(2) ?? "") }
            for (id, path, owner) in rows {
                atPath[path] = id
                if owner != album.rawValue { holders[id] = path }
            }
        }
        var decided = tracks
        for index in open {
            let path = tracks[index].track.path
            func free(_ id: String) -> Bool { !claimed.contains(id) && (holders[id] ?? path) == path }
            let id =
                try [atPath[path], tracks[index].track.id].compactMap { $0 }.first(where: free)
                ?? ownID(path, free)
            claimed.insert(id)
            decided[index].track = tracks[index].track.known(as: id)
        }
        return decided
    }

    /// An id for the file at `path` that no track has: its path's and a count, the first one free.
    private func ownID(_ path: String, _ free: (String) -> Bool) throws -> String {
        var count = 1
        while true {
            let id = TrackID(path: "\(path)\u{0}\(count)").rawValue
            if free(id), try string("SELECT path FROM tracks WHERE id = ?1", [.text(id)]) == nil { return id }
            count += 1
        }
    }

    package func albumOfTrack(at path: String) throws -> AlbumID? {
        try string(
            "SELECT album_id FROM tracks WHERE path = ?1 AND album_id IN (SELECT id FROM albums)",
            [.text(path)]
        ).map { AlbumID(trusted: $0) }
    }
}
