import BlueLibraryCore

/// The whole library row by row, read out for a copy (a migration, a backup) the same way from both
/// stores: the same tables in the same orders. Writing a copy into a library being created stays each
/// engine's (`replaceAll(with:)`: prepared statements row by row in SQLite, arrays of rows in PostgreSQL).
extension SQLLibrary {
    package func contents() throws -> LibraryContents {
        var contents = LibraryContents()
        contents.albums = try storedAlbums("albums ORDER BY position")
        contents.deletedAlbums = try storedAlbums("deleted_albums ORDER BY id")
        contents.removedByScan = try albumsRemovedByScan()
        contents.tracks = try select(
            "SELECT \(Self.trackColumns) FROM tracks ORDER BY album_id, ordinal", [], storedTrack)
        contents.history = try select("SELECT seq, side, command FROM history ORDER BY seq", []) { row in
            HistoryEntry(
                sequence: try row.integer(0) ?? 0,
                side: HistorySide(rawValue: try row.integer(1) ?? 0) ?? .undo,
                command: row.string(2) ?? "")
        }
        contents.outbox = try select("SELECT seq, key, command FROM outbox ORDER BY seq", []) { row in
            OutboxEntry(
                sequence: try row.integer(0) ?? 0, key: row.string(1) ?? "", command: row.string(2) ?? "")
        }
        contents.current = try savedCurrent()
        try readUserData(into: &contents)
        contents.musicFolders = try musicFolders()
        return contents
    }

    /// The albums of `table` (with its ORDER BY), with their origins.
    private func storedAlbums(_ table: String) throws -> [StoredAlbum] {
        try select("SELECT \(Self.rowColumns) FROM \(table)", []) { row in
            // rowColumns: id, title, artist, genre, year, cover_url, the three keys, mbid, track_count,
            // length, source, edited, added.
            StoredAlbum(
                album: Album(
                    trustedID: AlbumID(trusted: row.string(0) ?? ""), title: row.string(1) ?? "",
                    artist: row.string(2) ?? "", genre: row.string(3) ?? "", year: try row.integer(4),
                    coverURL: row.string(5) ?? "", mbid: row.string(9) ?? "",
                    trackCount: try row.integer(10) ?? 0, length: try row.real(11) ?? 0),
                source: row.string(12), edited: EditableField.parse(row.string(13) ?? ""),
                added: Int64(try row.integer(14) ?? 0))
        }
    }

    /// Reads the users, their API keys, stars, ratings, plays, playlists, play queues and bookmarks into
    /// `contents`.
    private func readUserData(into contents: inout LibraryContents) throws {
        contents.users = try users()
        contents.apiKeys = try apiKeys("1 = 1", [])
        contents.stars = try marks("stars", "starred")
        contents.ratings = try marks("ratings", "rating")
        contents.plays = try select(
            "SELECT user_id, track_id, count, last_played FROM plays ORDER BY user_id, track_id", []
        ) {
            PlayRecord(
                user: $0.string(0) ?? "", track: $0.string(1) ?? "", count: try $0.integer(2) ?? 0,
                lastPlayed: Int64(try $0.integer(3) ?? 0))
        }
        contents.playlists = try playlists()
        try readQueuesAndBookmarks(into: &contents)
    }

    /// Every star or rating of `table`, its value in `column`.
    private func marks(_ table: String, _ column: String) throws -> [ItemMark] {
        try select(
            "SELECT user_id, kind, item_id, \(column) FROM \(table) ORDER BY user_id, kind, item_id", []
        ) {
            ItemMark(
                user: $0.string(0) ?? "", kind: ItemKind(rawValue: $0.string(1) ?? "") ?? .song,
                item: $0.string(2) ?? "", value: Int64(try $0.integer(3) ?? 0))
        }
    }
}
