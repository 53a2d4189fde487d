import BlueLibraryCore
import BlueLibraryStore

/// The tracks of albums read from music folders, written an array of rows at a time (the reads are
/// `SQLLibrary+Tracks.swift`, both stores').
extension PostgresAlbums {
    static let trackRowColumns =
        "id, album_id, ordinal, disc, number, title, artist, duration, path, size, modified, tags, genres, title_key, artist_key"
    /// The types of ``trackRowColumns``, for an array of each.
    static let trackTypes = [
        "text", "text", "int4", "int4", "int4", "text", "text", "float8", "text", "int8", "int8", "text",
        "text", "text",
        "text",
    ]

    /// The values of a track's row for ``trackRowColumns``.
    static func trackValues(_ stored: StoredTrack) -> [PostgresValue] {
        let track = stored.track
        return [
            .text(track.id), .text(stored.albumID.rawValue), .integer(stored.order), .integer(track.disc),
            track.number.map { .integer($0) } ?? .null, .text(track.title), .text(track.artist),
            .double(track.duration), .text(track.path), .integer(Int(stored.size)),
            .integer(Int(stored.modified)),
            .text(stored.tags), track.details.storedGenres.map { .text($0) } ?? .null,
            .text(SearchKey.fold(track.title)), .text(SearchKey.fold(track.artist)),
        ]
    }

    func replaceTracks(of album: AlbumID, with tracks: [StoredTrack]) throws {
        let tracks = try withTrackIDs(tracks, of: album)
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
        // A file another album had moves to this one (by its id, or by its path when the row there has
        // another id), as SQLite's INSERT OR REPLACE moves it.
        let paths = rows.map { $0[8] }
        for batch in paths.chunked(into: PostgresArray.batchSize) {
            try run(
                "DELETE FROM tracks WHERE path = ANY($1::text[]) AND id <> ALL($2::text[])",
                [
                    .text(PostgresArray.literal(batch)),
                    .text(PostgresArray.literal(rows.lazy.map { $0[0] })),
                ])
        }
        let assignments = Self.trackRowColumns.split(separator: ",").dropFirst().map {
            let column = $0.trimmingPrefix(" ")
            return "\(column) = excluded.\(column)"
        }
        let arrays = Self.trackTypes.enumerated().map { "$\($0.offset + 1)::\($0.element)[]" }
        let sql = """
            INSERT INTO tracks (\(Self.trackRowColumns)) SELECT * FROM unnest(\(arrays.joined(separator: ", ")))
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
