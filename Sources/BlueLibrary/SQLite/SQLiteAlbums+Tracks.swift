import BlueLibraryCore
import BlueLibraryStore

/// The tracks of albums read from music folders, written one row at a time (the reads are
/// `SQLLibrary+Tracks.swift`, both stores').
extension SQLiteAlbums {
    func replaceTracks(of album: AlbumID, with tracks: [StoredTrack]) throws {
        let tracks = try withTrackIDs(tracks, of: album)
        try connection.run("DELETE FROM tracks WHERE album_id = ?", [.text(album.rawValue)])
        for (ordinal, stored) in tracks.enumerated() {
            let track = stored.track
            try connection.run(
                """
                INSERT OR REPLACE INTO tracks (id, album_id, ordinal, disc, number, title, artist, duration, path,
                    size, modified, tags, genres, title_key, artist_key)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(track.id), .text(album.rawValue), .integer(Int64(ordinal)),
                    .integer(Int64(track.disc)),
                    track.number.map { .integer(Int64($0)) } ?? .null, .text(track.title),
                    .text(track.artist),
                    .real(track.duration), .text(track.path), .integer(stored.size),
                    .integer(stored.modified),
                    .text(stored.tags), track.details.storedGenres.map { .text($0) } ?? .null,
                    .text(SearchKey.fold(track.title)),
                    .text(SearchKey.fold(track.artist)),
                ])
        }
    }

    func removeTracks(paths: [String]) throws {
        for path in paths { try connection.run("DELETE FROM tracks WHERE path = ?", [.text(path)]) }
    }
}
