import BlueLibraryCore
import BlueLibraryStore

/// A copy of the whole library (``SQLLibrary/contents()``) written into a library being created (a migration).
extension SQLiteAlbums {
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
