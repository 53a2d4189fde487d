import BlueLibraryCore
import BlueLibraryStore

/// The whole library row by row, read out and written into a library being created (a migration).
extension PostgresAlbums {
    func contents() throws -> LibraryContents {
        var contents = LibraryContents()
        contents.albums = try storedAlbums("albums ORDER BY position")
        contents.deletedAlbums = try storedAlbums("deleted_albums ORDER BY id")
        contents.removedByScan = try albumsRemovedByScan()
        contents.tracks = try rows("SELECT \(Self.trackColumns) FROM tracks ORDER BY album_id, ordinal").map(
            storedTrack)
        contents.history = try rows("SELECT seq, side, command FROM history ORDER BY seq").map { row in
            HistoryEntry(
                sequence: try row.int(0) ?? 0, side: HistorySide(rawValue: try row.int(1) ?? 0) ?? .undo,
                command: row.string(2) ?? "")
        }
        contents.outbox = try rows("SELECT seq, key, command FROM outbox ORDER BY seq").map { row in
            OutboxEntry(sequence: try row.int(0) ?? 0, key: row.string(1) ?? "", command: row.string(2) ?? "")
        }
        contents.current = try savedCurrent()
        try readUserData(into: &contents)
        contents.musicFolders = try musicFolders()
        return contents
    }

    /// The albums of `table` (with its ORDER BY), with their origins.
    private func storedAlbums(_ table: String) throws -> [StoredAlbum] {
        try rows("SELECT \(Self.rowColumns) FROM \(table)").map { row in
            // rowColumns: id, title, artist, genre, year, cover_url, the three keys, mbid, track_count,
            // length, source, edited, added.
            StoredAlbum(
                album: Album(
                    trustedID: AlbumID(trusted: row.string(0) ?? ""), title: row.string(1) ?? "",
                    artist: row.string(2) ?? "", genre: row.string(3) ?? "", year: try row.int(4),
                    coverURL: row.string(5) ?? "", mbid: row.string(9) ?? "",
                    trackCount: try row.int(10) ?? 0,
                    length: try row.double(11) ?? 0),
                source: row.string(12), edited: EditableField.parse(row.string(13) ?? ""),
                added: Int64(try row.int(14) ?? 0))
        }
    }

    /// Empties the library — albums, buckets, deleted albums, tracks, history, outbox, saved state, users
    /// and their data — and writes `contents` into it, many rows per statement; the history's and the
    /// outbox's numbering goes on after the numbers copied.
    func replaceAll(with contents: LibraryContents) throws {
        try run(
            "TRUNCATE albums, buckets, deleted_albums, tracks, history, outbox, saved_state, music_folders, \(Self.userTables)"
        )
        let places = try positionsAtTheEnd(contents.albums.count)
        try PostgresArray.insert(
            into: "albums", columns: Self.rowColumns + ", position", types: Self.rowTypes + ["int8"],
            rows: zip(contents.albums, places).map { stored, position in
                Self.rowValues(
                    stored.album, source: stored.source, edited: stored.edited, added: stored.added) + [
                        .integer(Int(position))
                    ]
            }, in: self)
        try PostgresArray.insert(
            into: "deleted_albums", columns: Self.rowColumns, types: Self.rowTypes,
            rows: contents.deletedAlbums.map {
                Self.rowValues($0.album, source: $0.source, edited: $0.edited, added: $0.added)
            },
            in: self)
        for id in contents.removedByScan { try markRemovedByScan(id) }
        try PostgresArray.insert(
            into: "tracks", columns: Self.trackRowColumns, types: Self.trackTypes,
            rows: contents.tracks.map(Self.trackValues), in: self)
        try PostgresArray.insert(
            into: "history", columns: "seq, side, command", types: ["int8", "int2", "text"],
            rows: contents.history.map {
                [.integer($0.sequence), .integer($0.side.rawValue), .text($0.command)]
            },
            in: self)
        try PostgresArray.insert(
            into: "outbox", columns: "seq, key, command", types: ["int8", "text", "text"],
            rows: contents.outbox.map { [.integer($0.sequence), .text($0.key), .text($0.command)] }, in: self)
        for table in ["history", "outbox"] {
            try run(
                "SELECT setval(pg_get_serial_sequence('\(table)', 'seq'), coalesce(max(seq), 0) + 1, false) FROM \(table)"
            )
        }
        if let current = contents.current { try saveCurrent(current) }
        try writeUserData(contents)
        for folder in contents.musicFolders { try addMusicFolder(folder) }
    }
}
