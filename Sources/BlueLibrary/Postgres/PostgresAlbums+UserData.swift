import BlueLibraryCore
import BlueLibraryStore

/// What a music server keeps for its users (``UserDataReader``, ``UserDataWriter``), in SQL, as the SQLite
/// store keeps it. A list of ids is one array parameter; a play is counted with one upsert.
extension PostgresAlbums {
    func annotations(of user: String, kind: ItemKind, ids: [String]) throws -> [String: ItemAnnotation] {
        guard !ids.isEmpty else { return [:] }
        let list = PostgresValue.text(PostgresArray.literal(ids.map { .text($0) }))
        let key: [PostgresValue] = [.text(user), .text(kind.rawValue), list]
        var found: [String: ItemAnnotation] = [:]
        for row in try rows(
            "SELECT item_id, starred FROM stars WHERE user_id = $1 AND kind = $2 AND item_id = ANY($3::text[])",
            key)
        {
            found[row.string(0) ?? "", default: ItemAnnotation()].starred = Int64(try row.int(1) ?? 0)
        }
        for row in try rows(
            "SELECT item_id, rating FROM ratings WHERE user_id = $1 AND kind = $2 AND item_id = ANY($3::text[])",
            key)
        {
            found[row.string(0) ?? "", default: ItemAnnotation()].rating = try row.int(1)
        }
        // An album's plays are its tracks' plays; an artist's and a folder's are not kept.
        let plays: String?
        switch kind {
        case .artist, .folder: plays = nil
        case .song:
            plays =
                "SELECT track_id, count, last_played FROM plays WHERE user_id = $1 AND track_id = ANY($2::text[])"
        case .album:
            plays = """
                SELECT t.album_id, sum(p.count), max(p.last_played) FROM plays p JOIN tracks t ON t.id = p.track_id
                WHERE p.user_id = $1 AND t.album_id = ANY($2::text[]) GROUP BY t.album_id
                """
        }
        if let plays {
            for row in try rows(plays, [.text(user), list]) {
                var annotation = found[row.string(0) ?? "", default: ItemAnnotation()]
                annotation.playCount = try row.int(1) ?? 0
                annotation.lastPlayed = try row.int(2).map(Int64.init)
                found[row.string(0) ?? ""] = annotation
            }
        }
        return found
    }

    func insertPlaylistTracks(of playlist: StoredPlaylist) throws {
        try PostgresArray.insert(
            into: "playlist_tracks", columns: "playlist_id, position, track_id",
            types: ["text", "int4", "text"],
            rows: playlist.trackIDs.enumerated().map {
                [.text(playlist.id), .integer($0.offset), .text($0.element)]
            },
            in: self)
    }
}
