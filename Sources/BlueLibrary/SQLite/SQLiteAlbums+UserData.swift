import BlueLibraryCore
import BlueLibraryStore

/// What a music server keeps for its users (``UserDataReader``, ``UserDataWriter``), in SQL.
extension SQLiteAlbums {
    func annotations(of user: String, kind: ItemKind, ids: [String]) throws -> [String: ItemAnnotation] {
        // Each table is asked about each id only when it holds something of this user's (and kind): a
        // list of fifty albums for someone who starred nothing costs one look, not fifty.
        func holds(_ sql: String, _ values: [SQLValue]) throws -> Bool {
            try connection.integer("SELECT EXISTS (\(sql))", values) == 1
        }
        let kindKey: [SQLValue] = [.text(user), .text(kind.rawValue)]
        let star =
            try holds("SELECT 1 FROM stars WHERE user_id = ? AND kind = ?", kindKey)
            ? try connection.prepare(
                "SELECT starred FROM stars WHERE user_id = ? AND kind = ? AND item_id = ?")
            : nil
        let rating =
            try holds("SELECT 1 FROM ratings WHERE user_id = ? AND kind = ?", kindKey)
            ? try connection.prepare(
                "SELECT rating FROM ratings WHERE user_id = ? AND kind = ? AND item_id = ?")
            : nil
        // An album's plays are its tracks' plays; an artist's and a folder's are not kept.
        let plays: Statement?
        switch kind {
        case .artist, .folder: plays = nil
        case .song, .album:
            guard try holds("SELECT 1 FROM plays WHERE user_id = ?", [.text(user)]) else {
                plays = nil
                break
            }
            plays =
                kind == .song
                ? try connection.prepare(
                    "SELECT count, last_played FROM plays WHERE user_id = ? AND track_id = ?")
                : try connection.prepare(
                    """
                    SELECT sum(count), max(last_played) FROM plays WHERE user_id = ? AND track_id IN
                        (SELECT id FROM tracks WHERE album_id = ?)
                    """)
        }
        guard star != nil || rating != nil || plays != nil else { return [:] }
        defer {
            star?.reset()
            rating?.reset()
            plays?.reset()
        }
        var found: [String: ItemAnnotation] = [:]
        for id in ids where found[id] == nil {
            var annotation = ItemAnnotation()
            if let star {
                try star.bind(kindKey + [.text(id)])
                if try star.step() { annotation.starred = Int64(star.int(0)) }
                star.reset()
            }
            if let rating {
                try rating.bind(kindKey + [.text(id)])
                if try rating.step() { annotation.rating = rating.int(0) }
                rating.reset()
            }
            if let plays {
                try plays.bind([.text(user), .text(id)])
                if try plays.step(), !plays.isNull(0) {
                    annotation.playCount = plays.int(0)
                    annotation.lastPlayed = Int64(plays.int(1))
                }
                plays.reset()
            }
            if annotation != ItemAnnotation() { found[id] = annotation }
        }
        return found
    }

    func insertPlaylistTracks(of playlist: StoredPlaylist) throws {
        for (position, track) in playlist.trackIDs.enumerated() {
            try connection.run(
                "INSERT INTO playlist_tracks (playlist_id, position, track_id) VALUES (?, ?, ?)",
                [.text(playlist.id), .integer(Int64(position)), .text(track)])
        }
    }
}
