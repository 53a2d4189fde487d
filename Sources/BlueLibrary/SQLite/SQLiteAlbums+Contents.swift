import BlueLibraryCore
import BlueLibraryStore

/// The whole library row by row, read out and written into a library being created (a migration).
extension SQLiteAlbums {
    func contents() throws -> LibraryContents {
        var contents = LibraryContents()
        contents.albums = try storedAlbums("SELECT \(Self.rowColumns) FROM albums ORDER BY position")
        contents.deletedAlbums = try storedAlbums("SELECT \(Self.rowColumns) FROM deleted_albums ORDER BY id")
        contents.removedByScan = try albumsRemovedByScan()
        let tracks = try connection.prepare(
            """
            SELECT album_id, ordinal, disc, number, title, artist, duration, path, size, modified, tags, id,
                genres
            FROM tracks ORDER BY album_id, ordinal
            """)
        try tracks.bind([])
        while try tracks.step() {
            var stored = StoredTrack(
                track: Track(
                    disc: tracks.int(2), number: tracks.optionalInt(3), title: tracks.text(4),
                    artist: tracks.text(5), duration: tracks.double(6), path: tracks.text(7),
                    id: tracks.text(11)),
                albumID: AlbumID(trusted: tracks.text(0)), size: Int64(tracks.int(8)),
                modified: Int64(tracks.int(9)), tags: tracks.text(10))
            stored.order = tracks.int(1)
            stored.track.details.setGenres(stored: tracks.string(12))
            contents.tracks.append(stored)
        }
        tracks.reset()
        let history = try connection.prepare("SELECT seq, side, command FROM history ORDER BY seq")
        try history.bind([])
        while try history.step() {
            contents.history.append(
                HistoryEntry(
                    sequence: history.int(0), side: HistorySide(rawValue: history.int(1)) ?? .undo,
                    command: history.text(2)))
        }
        history.reset()
        let outbox = try connection.prepare("SELECT seq, key, command FROM outbox ORDER BY seq")
        try outbox.bind([])
        while try outbox.step() {
            contents.outbox.append(
                OutboxEntry(sequence: outbox.int(0), key: outbox.text(1), command: outbox.text(2)))
        }
        outbox.reset()
        contents.current = try savedCurrent()
        try readUserData(into: &contents)
        contents.musicFolders = try musicFolders()
        return contents
    }

    /// The albums `sql` selects, its columns those of ``rowColumns``.
    private func storedAlbums(_ sql: String) throws -> [StoredAlbum] {
        let rows = try connection.prepare(sql)
        try rows.bind([])
        defer { rows.reset() }
        var albums: [StoredAlbum] = []
        while try rows.step() {
            // rowColumns: id, title, artist, genre, year, cover_url, the three keys, mbid, track_count,
            // length, source, edited, added.
            let album = Album(
                trustedID: AlbumID(trusted: rows.text(0)), title: rows.text(1), artist: rows.text(2),
                genre: rows.text(3), year: rows.optionalInt(4), coverURL: rows.text(5), mbid: rows.text(9),
                trackCount: rows.int(10), length: rows.double(11))
            albums.append(
                StoredAlbum(
                    album: album, source: rows.isNull(12) ? nil : rows.text(12),
                    edited: EditableField.parse(rows.text(13)), added: Int64(rows.int(14))))
        }
        return albums
    }

    /// Empties the library — albums, buckets, deleted albums, tracks, history, outbox, saved state, users
    /// and their data — and writes `contents` into it.
    func replaceAll(with contents: LibraryContents) throws {
        try connection.execute(
            """
            DELETE FROM albums; DELETE FROM buckets; DELETE FROM deleted_albums; DELETE FROM tracks;
            DELETE FROM history; DELETE FROM outbox; DELETE FROM saved_state; DELETE FROM users;
            DELETE FROM api_keys; DELETE FROM sessions; DELETE FROM stars; DELETE FROM ratings; DELETE FROM plays;
            DELETE FROM playlists; DELETE FROM playlist_tracks; DELETE FROM music_folders;
            DELETE FROM play_queues; DELETE FROM play_queue_tracks; DELETE FROM bookmarks;
            DELETE FROM radio_stations; DELETE FROM players; DELETE FROM shares; DELETE FROM share_tracks;
            """)
        _ = try append(contents.albums.map(\.album))
        // What `append` does not write: where each album came from, what was edited, when it was added.
        let origins = try connection.prepare(
            "UPDATE albums SET source = ?, edited = ?, added = ? WHERE id = ?")
        let now = StoreClock.milliseconds()
        for stored in contents.albums
        where stored.source != nil || !stored.edited.isEmpty || stored.added != 0 {
            try origins.bind([
                stored.source.map { .text($0) } ?? .null, .text(EditableField.text(of: stored.edited)),
                .integer(stored.added == 0 ? now : stored.added), .text(stored.album.id.rawValue),
            ])
            while try origins.step() {}
            origins.reset()
        }
        for stored in contents.deletedAlbums {
            let album = stored.album
            try connection.run(
                "INSERT INTO deleted_albums (\(Self.rowColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    .text(album.id.rawValue), .text(album.title), .text(album.artist), .text(album.genre),
                    album.year.map { .integer(Int64($0)) } ?? .null, .text(album.coverURL),
                    .text(SearchKey.fold(album.title)), .text(SearchKey.fold(album.artist)),
                    .text(SearchKey.fold(album.genre)), .text(album.mbid), .integer(Int64(album.trackCount)),
                    .real(album.length), stored.source.map { .text($0) } ?? .null,
                    .text(EditableField.text(of: stored.edited)),
                    .integer(stored.added == 0 ? now : stored.added),
                ])
        }
        for id in contents.removedByScan { try markRemovedByScan(id) }
        for stored in contents.tracks {
            let track = stored.track
            try connection.run(
                """
                INSERT INTO tracks (id, album_id, ordinal, disc, number, title, artist, duration, path, size,
                    modified, tags, genres, title_key, artist_key)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(track.id), .text(stored.albumID.rawValue), .integer(Int64(stored.order)),
                    .integer(Int64(track.disc)), track.number.map { .integer(Int64($0)) } ?? .null,
                    .text(track.title), .text(track.artist), .real(track.duration), .text(track.path),
                    .integer(stored.size), .integer(stored.modified), .text(stored.tags),
                    track.details.storedGenres.map { .text($0) } ?? .null,
                    .text(SearchKey.fold(track.title)), .text(SearchKey.fold(track.artist)),
                ])
        }
        for entry in contents.history {
            try connection.run(
                "INSERT INTO history (seq, side, command) VALUES (?, ?, ?)",
                [.integer(Int64(entry.sequence)), .integer(Int64(entry.side.rawValue)), .text(entry.command)])
        }
        for entry in contents.outbox {
            try connection.run(
                "INSERT INTO outbox (seq, key, command) VALUES (?, ?, ?)",
                [.integer(Int64(entry.sequence)), .text(entry.key), .text(entry.command)])
        }
        if let current = contents.current { try saveCurrent(current) }
        try writeUserData(contents)
        for folder in contents.musicFolders { try addMusicFolder(folder) }
    }
}
