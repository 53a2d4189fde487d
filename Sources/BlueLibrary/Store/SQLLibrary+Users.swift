import BlueLibraryCore

/// A music server's users, their API keys and their stars, as both stores read them (what each keeps for
/// a user is written, and annotated in lists, the engine's way).
extension SQLLibrary {
    /// The users `condition` picks, oldest first. (`is_admin` is a Boolean in PostgreSQL, a number in
    /// SQLite: read as a number from both.)
    private func users(_ condition: String, _ values: [SQLValue]) throws -> [StoredUser] {
        try select(
            """
            SELECT id, name, password, CASE WHEN is_admin THEN 1 ELSE 0 END, created, max_bit_rate,
                CASE WHEN listener THEN 1 ELSE 0 END
            FROM users WHERE \(condition) ORDER BY created, id
            """, values
        ) {
            StoredUser(
                id: $0.string(0) ?? "", name: $0.string(1) ?? "", sealedPassword: $0.string(2) ?? "",
                isAdmin: try $0.integer(3) == 1, created: Int64(try $0.integer(4) ?? 0),
                maxBitRate: Int(try $0.integer(5) ?? 0), isListener: try $0.integer(6) == 1)
        }
    }

    package func users() throws -> [StoredUser] {
        try users("1 = 1", [])
    }

    package func user(named name: String) throws -> StoredUser? {
        // A user kept before names were composed has the key lowercasing alone made.
        let (key, legacy) = (StoredUser.nameKey(name), name.lowercased())
        return try users("name_key = ?1 OR name_key = ?2", [.text(key), .text(legacy)]).first
    }

    package func user(apiKeyDigest digest: String) throws -> StoredUser? {
        try users("id = (SELECT user_id FROM api_keys WHERE digest = ?1)", [.text(digest)]).first
    }

    /// The API keys `condition` picks, by user, then oldest first.
    package func apiKeys(_ condition: String, _ values: [SQLValue]) throws -> [StoredAPIKey] {
        try select(
            "SELECT digest, prefix, user_id, created FROM api_keys WHERE \(condition) ORDER BY user_id, created, digest",
            values
        ) {
            StoredAPIKey(
                digest: $0.string(0) ?? "", prefix: $0.string(1) ?? "", user: $0.string(2) ?? "",
                created: Int64(try $0.integer(3) ?? 0))
        }
    }

    package func apiKeys(of user: String) throws -> [StoredAPIKey] {
        try apiKeys("user_id = ?1", [.text(user)])
    }

    /// The sign-ins `condition` picks, oldest first.
    private func sessions(_ condition: String, _ values: [SQLValue]) throws -> [StoredSession] {
        try select(
            "SELECT digest, user_id, created, client FROM sessions WHERE \(condition) ORDER BY created, digest",
            values
        ) {
            StoredSession(
                digest: $0.string(0) ?? "", user: $0.string(1) ?? "", created: Int64(try $0.integer(2) ?? 0),
                client: $0.string(3) ?? "")
        }
    }

    package func session(digest: String) throws -> StoredSession? {
        try sessions("digest = ?1", [.text(digest)]).first
    }

    package func sessions(of user: String) throws -> [StoredSession] {
        try sessions("user_id = ?1", [.text(user)])
    }

    package func starred(by user: String, kind: ItemKind) throws -> [String] {
        try select(
            "SELECT item_id FROM stars WHERE user_id = ?1 AND kind = ?2 ORDER BY starred DESC, item_id",
            [.text(user), .text(kind.rawValue)]
        ) { $0.string(0) ?? "" }
    }
}

/// Playlists, and what a user's actions write, as both stores keep them. (Booleans are written as
/// comparisons, `?N = 1`: a Boolean in PostgreSQL, 0 or 1 in SQLite.)
extension SQLLibrary {
    /// The playlists `condition` picks, oldest first, each with its tracks in order.
    private func playlists(_ condition: String, _ values: [SQLValue]) throws -> [StoredPlaylist] {
        var playlists = try select(
            """
            SELECT id, user_id, name, comment, CASE WHEN public THEN 1 ELSE 0 END, created, changed, rule_query,
                rule_order, rule_limit
            FROM playlists WHERE \(condition) ORDER BY created, id
            """, values
        ) { row in
            StoredPlaylist(
                id: row.string(0) ?? "", owner: row.string(1) ?? "", name: row.string(2) ?? "",
                comment: row.string(3) ?? "", isPublic: try row.integer(4) == 1,
                created: Int64(try row.integer(5) ?? 0), changed: Int64(try row.integer(6) ?? 0),
                rule: try row.string(7).map { query in
                    PlaylistRule(
                        checked: query, order: TrackOrder(rawValue: row.string(8) ?? "") ?? .album,
                        limit: try row.integer(9) ?? 0)
                })
        }
        guard !playlists.isEmpty else { return [] }
        let place = Dictionary(
            uniqueKeysWithValues: playlists.enumerated().map { ($0.element.id, $0.offset) })
        let tracks = try select(
            """
            SELECT playlist_id, track_id FROM playlist_tracks
            WHERE playlist_id IN (SELECT id FROM playlists WHERE \(condition)) ORDER BY playlist_id, position
            """, values
        ) { ($0.string(0) ?? "", $0.string(1) ?? "") }
        for (playlist, track) in tracks {
            if let index = place[playlist] { playlists[index].trackIDs.append(track) }
        }
        return playlists
    }

    package func playlists() throws -> [StoredPlaylist] {
        try playlists("1 = 1", [])
    }

    package func playlist(id: String) throws -> StoredPlaylist? {
        try playlists("id = ?1", [.text(id)]).first
    }

    package func playQueue(of user: String) throws -> StoredPlayQueue? {
        let found = try select(
            "SELECT current_index, position, changed, changed_by FROM play_queues WHERE user_id = ?1",
            [.text(user)]
        ) {
            StoredPlayQueue(
                user: user, trackIDs: [], current: try $0.integer(0), position: Int64(try $0.integer(1) ?? 0),
                changed: Int64(try $0.integer(2) ?? 0), changedBy: $0.string(3) ?? "")
        }
        guard var queue = found.first else { return nil }
        queue.trackIDs = try select(
            "SELECT track_id FROM play_queue_tracks WHERE user_id = ?1 ORDER BY position", [.text(user)]
        ) { $0.string(0) ?? "" }
        return queue
    }

    package func bookmarks(of user: String) throws -> [StoredBookmark] {
        try select(
            """
            SELECT track_id, position, comment, created, changed FROM bookmarks WHERE user_id = ?1
            ORDER BY changed DESC, track_id
            """, [.text(user)]
        ) {
            StoredBookmark(
                user: user, track: $0.string(0) ?? "", position: Int64(try $0.integer(1) ?? 0),
                comment: $0.string(2) ?? "", created: Int64(try $0.integer(3) ?? 0),
                changed: Int64(try $0.integer(4) ?? 0))
        }
    }

    package func savePlayQueue(_ queue: StoredPlayQueue) throws {
        try deletePlayQueue(of: queue.user)
        try execute(
            """
            INSERT INTO play_queues (user_id, current_index, position, changed, changed_by)
            VALUES (?1, ?2, ?3, ?4, ?5)
            """,
            [
                .text(queue.user), queue.current.map { .integer(Int64($0)) } ?? .null,
                .integer(queue.position),
                .integer(queue.changed), .text(queue.changedBy),
            ])
        for (position, track) in queue.trackIDs.enumerated() {
            try execute(
                "INSERT INTO play_queue_tracks (user_id, position, track_id) VALUES (?1, ?2, ?3)",
                [.text(queue.user), .integer(Int64(position)), .text(track)])
        }
    }

    package func deletePlayQueue(of user: String) throws {
        try execute("DELETE FROM play_queue_tracks WHERE user_id = ?1", [.text(user)])
        try execute("DELETE FROM play_queues WHERE user_id = ?1", [.text(user)])
    }

    package func saveBookmark(_ bookmark: StoredBookmark) throws {
        try execute(
            """
            INSERT INTO bookmarks (user_id, track_id, position, comment, created, changed)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT (user_id, track_id) DO UPDATE SET position = excluded.position,
                comment = excluded.comment, changed = excluded.changed
            """,
            [
                .text(bookmark.user), .text(bookmark.track), .integer(bookmark.position),
                .text(bookmark.comment),
                .integer(bookmark.created), .integer(bookmark.changed),
            ])
    }

    package func deleteBookmark(user: String, track: String) throws {
        try execute(
            "DELETE FROM bookmarks WHERE user_id = ?1 AND track_id = ?2", [.text(user), .text(track)])
    }

    package func radioStations() throws -> [StoredRadioStation] {
        try select(
            "SELECT id, name, stream_url, homepage_url, created FROM radio_stations ORDER BY created, id", []
        ) {
            StoredRadioStation(
                id: $0.string(0) ?? "", name: $0.string(1) ?? "", streamURL: $0.string(2) ?? "",
                homepageURL: $0.string(3) ?? "", created: Int64(try $0.integer(4) ?? 0))
        }
    }

    package func saveRadioStation(_ station: StoredRadioStation) throws {
        try execute(
            """
            INSERT INTO radio_stations (id, name, stream_url, homepage_url, created) VALUES (?1, ?2, ?3, ?4, ?5)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, stream_url = excluded.stream_url,
                homepage_url = excluded.homepage_url
            """,
            [
                .text(station.id), .text(station.name), .text(station.streamURL), .text(station.homepageURL),
                .integer(station.created),
            ])
    }

    package func deleteRadioStation(id: String) throws {
        try execute("DELETE FROM radio_stations WHERE id = ?1", [.text(id)])
    }

    package func shares() throws -> [StoredShare] {
        try shares("1 = 1", [])
    }

    package func shares(of user: String) throws -> [StoredShare] {
        try shares("user_id = ?1", [.text(user)])
    }

    package func shareCount(of user: String) throws -> Int {
        try integer("SELECT count(*) FROM shares WHERE user_id = ?1", [.text(user)]) ?? 0
    }

    package func share(id: String) throws -> StoredShare? {
        try shares("id = ?1", [.text(id)]).first
    }

    package func recordShareVisit(id: String, at time: Int64) throws {
        try execute(
            "UPDATE shares SET visit_count = visit_count + 1, last_visited = ?2 WHERE id = ?1",
            [.text(id), .integer(time)])
    }

    /// The shares `condition` picks, oldest first, each with its tracks in order.
    private func shares(_ condition: String, _ values: [SQLValue]) throws -> [StoredShare] {
        var shares = try select(
            """
            SELECT id, user_id, description, created, expires, last_visited, visit_count FROM shares
            WHERE \(condition) ORDER BY created, id
            """, values
        ) {
            StoredShare(
                id: $0.string(0) ?? "", owner: $0.string(1) ?? "", description: $0.string(2) ?? "",
                created: Int64(try $0.integer(3) ?? 0), expires: try $0.integer(4).map(Int64.init),
                lastVisited: try $0.integer(5).map(Int64.init), visitCount: try $0.integer(6) ?? 0,
                trackIDs: [])
        }
        let place = Dictionary(uniqueKeysWithValues: shares.enumerated().map { ($0.element.id, $0.offset) })
        guard !shares.isEmpty else { return [] }
        let tracks = try select(
            """
            SELECT share_id, track_id FROM share_tracks
            WHERE share_id IN (SELECT id FROM shares WHERE \(condition)) ORDER BY share_id, position
            """, values
        ) { ($0.string(0) ?? "", $0.string(1) ?? "") }
        for (share, track) in tracks {
            if let index = place[share] { shares[index].trackIDs.append(track) }
        }
        return shares
    }

    package func saveShare(_ share: StoredShare) throws {
        try deleteShare(id: share.id)
        try execute(
            """
            INSERT INTO shares (id, user_id, description, created, expires, last_visited, visit_count)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """,
            [
                .text(share.id), .text(share.owner), .text(share.description), .integer(share.created),
                share.expires.map { .integer($0) } ?? .null, share.lastVisited.map { .integer($0) } ?? .null,
                .integer(Int64(share.visitCount)),
            ])
        for (position, track) in share.trackIDs.enumerated() {
            try execute(
                "INSERT INTO share_tracks (share_id, position, track_id) VALUES (?1, ?2, ?3)",
                [.text(share.id), .integer(Int64(position)), .text(track)])
        }
    }

    package func deleteShare(id: String) throws {
        try execute("DELETE FROM share_tracks WHERE share_id = ?1", [.text(id)])
        try execute("DELETE FROM shares WHERE id = ?1", [.text(id)])
    }

    package func players() throws -> [StoredPlayer] {
        try select("SELECT name, format, max_bit_rate FROM players ORDER BY name_key", []) {
            StoredPlayer(
                name: $0.string(0) ?? "", format: $0.string(1) ?? "", maxBitRate: Int(try $0.integer(2) ?? 0))
        }
    }

    package func player(named name: String) throws -> StoredPlayer? {
        try select(
            "SELECT name, format, max_bit_rate FROM players WHERE name_key = ?1",
            [.text(StoredUser.nameKey(name))]
        ) {
            StoredPlayer(
                name: $0.string(0) ?? "", format: $0.string(1) ?? "", maxBitRate: Int(try $0.integer(2) ?? 0))
        }.first
    }

    package func savePlayer(_ player: StoredPlayer) throws {
        let key = StoredUser.nameKey(player.name)
        try execute("DELETE FROM players WHERE name_key = ?1", [.text(key)])
        try execute(
            "INSERT INTO players (name_key, name, format, max_bit_rate) VALUES (?1, ?2, ?3, ?4)",
            [.text(key), .text(player.name), .text(player.format), .integer(Int64(player.maxBitRate))])
    }

    package func deletePlayer(named name: String) throws {
        try execute("DELETE FROM players WHERE name_key = ?1", [.text(StoredUser.nameKey(name))])
    }

    package func insertUser(_ user: StoredUser) throws {
        // Found first: a failed INSERT would end a PostgreSQL transaction.
        guard try self.user(named: user.name) == nil else {
            throw LibraryError(.conflict, "a user named \(user.name) already exists")
        }
        try execute(
            """
            INSERT INTO users (id, name, name_key, password, is_admin, created, max_bit_rate, listener)
            VALUES (?1, ?2, ?3, ?4, ?5 = 1, ?6, ?7, ?8 = 1)
            """,
            [
                .text(user.id), .text(user.name), .text(StoredUser.nameKey(user.name)),
                .text(user.sealedPassword),
                .integer(user.isAdmin ? 1 : 0), .integer(user.created), .integer(Int64(user.maxBitRate)),
                .integer(user.isListener ? 1 : 0),
            ])
    }

    package func updateUser(_ user: StoredUser) throws {
        try execute(
            "UPDATE users SET password = ?1, is_admin = ?2 = 1, max_bit_rate = ?4, listener = ?5 = 1 WHERE id = ?3",
            [
                .text(user.sealedPassword), .integer(user.isAdmin ? 1 : 0), .text(user.id),
                .integer(Int64(user.maxBitRate)), .integer(user.isListener ? 1 : 0),
            ])
    }

    package func deleteUser(id: String) throws {
        for table in [
            "api_keys", "sessions", "stars", "ratings", "plays", "play_queue_tracks", "play_queues",
            "bookmarks",
        ] {
            try execute("DELETE FROM \(table) WHERE user_id = ?1", [.text(id)])
        }
        try execute(
            "DELETE FROM playlist_tracks WHERE playlist_id IN (SELECT id FROM playlists WHERE user_id = ?1)",
            [.text(id)])
        try execute("DELETE FROM playlists WHERE user_id = ?1", [.text(id)])
        try execute(
            "DELETE FROM share_tracks WHERE share_id IN (SELECT id FROM shares WHERE user_id = ?1)",
            [.text(id)])
        try execute("DELETE FROM shares WHERE user_id = ?1", [.text(id)])
        try execute("DELETE FROM users WHERE id = ?1", [.text(id)])
    }

    package func insertAPIKey(_ key: StoredAPIKey) throws {
        try execute(
            "INSERT INTO api_keys (digest, prefix, user_id, created) VALUES (?1, ?2, ?3, ?4)",
            [.text(key.digest), .text(key.prefix), .text(key.user), .integer(key.created)])
    }

    package func deleteAPIKeys(of user: String) throws {
        try execute("DELETE FROM api_keys WHERE user_id = ?1", [.text(user)])
    }

    package func insertSession(_ session: StoredSession) throws {
        try execute(
            "INSERT INTO sessions (digest, user_id, created, client) VALUES (?1, ?2, ?3, ?4)",
            [.text(session.digest), .text(session.user), .integer(session.created), .text(session.client)])
    }

    package func deleteSessions(digests: [String]) throws {
        for digest in digests { try execute("DELETE FROM sessions WHERE digest = ?1", [.text(digest)]) }
    }

    package func setStar(_ starred: Int64?, user: String, kind: ItemKind, id: String) throws {
        try setMark("stars", "starred", starred, key: [.text(user), .text(kind.rawValue), .text(id)])
    }

    package func setRating(_ rating: Int?, user: String, kind: ItemKind, id: String) throws {
        try setMark(
            "ratings", "rating", rating.map(Int64.init), key: [.text(user), .text(kind.rawValue), .text(id)])
    }

    /// Writes a star or a rating (`value`) of the item `key` names, or takes it away (`nil`).
    private func setMark(_ table: String, _ column: String, _ value: Int64?, key: [SQLValue]) throws {
        guard let value else {
            try execute("DELETE FROM \(table) WHERE user_id = ?1 AND kind = ?2 AND item_id = ?3", key)
            return
        }
        try execute(
            """
            INSERT INTO \(table) (user_id, kind, item_id, \(column)) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (user_id, kind, item_id) DO UPDATE SET \(column) = excluded.\(column)
            """, key + [.integer(value)])
    }

    package func moveTrackData(from: String, to: String) throws {
        guard from != to else { return }  // a moved file that kept its id
        let (old, new) = (SQLValue.text(from), SQLValue.text(to))
        // Plays of both add up (the latest time kept); a star or a rating of the file wins.
        try execute(
            """
            UPDATE plays SET count = count + coalesce((SELECT other.count FROM plays other
                    WHERE other.track_id = ?2 AND other.user_id = plays.user_id), 0),
                last_played = coalesce((SELECT CASE WHEN other.last_played > plays.last_played
                    THEN other.last_played ELSE plays.last_played END FROM plays other
                    WHERE other.track_id = ?2 AND other.user_id = plays.user_id), last_played)
            WHERE track_id = ?1
            """, [old, new])
        for (table, column, kind) in [
            ("stars", "item_id", true), ("ratings", "item_id", true), ("plays", "track_id", false),
            ("bookmarks", "track_id", false),
        ] {
            let isTrack = kind ? " AND kind = '\(ItemKind.song.rawValue)'" : ""
            // What a user kept of the new id already gives way to what they kept of the file (its plays
            // counted in above).
            try execute(
                """
                DELETE FROM \(table) WHERE \(column) = ?2\(isTrack) AND user_id IN
                    (SELECT user_id FROM \(table) WHERE \(column) = ?1\(isTrack))
                """, [old, new])
            try execute("UPDATE \(table) SET \(column) = ?2 WHERE \(column) = ?1\(isTrack)", [old, new])
        }
        for table in ["playlist_tracks", "play_queue_tracks", "share_tracks"] {
            try execute("UPDATE \(table) SET track_id = ?2 WHERE track_id = ?1", [old, new])
        }
    }

    package func recordPlay(user: String, track: String, at time: Int64) throws {
        try execute(
            """
            INSERT INTO plays (user_id, track_id, count, last_played) VALUES (?1, ?2, 1, ?3)
            ON CONFLICT (user_id, track_id) DO UPDATE SET count = plays.count + 1, last_played =
                CASE WHEN plays.last_played > excluded.last_played THEN plays.last_played ELSE excluded.last_played END
            """, [.text(user), .text(track), .integer(time)])
    }

    package func savePlaylist(_ playlist: StoredPlaylist) throws {
        try deletePlaylist(id: playlist.id)
        try execute(
            """
            INSERT INTO playlists (id, user_id, name, comment, public, created, changed, rule_query, rule_order,
                rule_limit)
            VALUES (?1, ?2, ?3, ?4, ?5 = 1, ?6, ?7, ?8, ?9, ?10)
            """,
            [
                .text(playlist.id), .text(playlist.owner), .text(playlist.name), .text(playlist.comment),
                .integer(playlist.isPublic ? 1 : 0), .integer(playlist.created), .integer(playlist.changed),
                playlist.rule.map { .text($0.query) } ?? .null,
                .text(playlist.rule?.order.rawValue ?? "album"),
                .integer(Int64(playlist.rule?.limit ?? 0)),
            ])
        try insertPlaylistTracks(of: playlist)
    }

    package func deletePlaylist(id: String) throws {
        try execute("DELETE FROM playlist_tracks WHERE playlist_id = ?1", [.text(id)])
        try execute("DELETE FROM playlists WHERE id = ?1", [.text(id)])
    }
}

extension SQLLibrary {
    package func albumIDs(of user: String, by order: PersonalOrder, offset: Int, limit: Int) throws
        -> [AlbumID]
    {
        guard limit > 0 else { return [] }
        let sql: String
        switch order {
        case .frequent, .recent:
            sql = """
                SELECT t.album_id FROM plays p JOIN tracks t ON t.id = p.track_id WHERE p.user_id = ?1
                GROUP BY t.album_id ORDER BY \(order == .frequent ? "sum(p.count)" : "max(p.last_played)") DESC, t.album_id
                LIMIT ?2 OFFSET ?3
                """
        case .highest:
            sql = """
                SELECT item_id FROM ratings WHERE user_id = ?1 AND kind = 'album' ORDER BY rating DESC, item_id
                LIMIT ?2 OFFSET ?3
                """
        }
        return try select(sql, [.text(user), .integer(Int64(limit)), .integer(Int64(max(offset, 0)))]) {
            AlbumID(trusted: $0.string(0) ?? "")
        }
    }
}

/// Play queues and bookmarks in a copy of the whole library (a migration), as both stores read and write
/// them.
extension SQLLibrary {
    /// Reads every user's play queue, bookmarks and shares, and the radio stations, into `contents`.
    package func readQueuesAndBookmarks(into contents: inout LibraryContents) throws {
        let users = try select("SELECT user_id FROM play_queues ORDER BY user_id", []) { $0.string(0) ?? "" }
        contents.playQueues = try users.compactMap { try playQueue(of: $0) }
        let owners = try select("SELECT DISTINCT user_id FROM bookmarks ORDER BY user_id", []) {
            $0.string(0) ?? ""
        }
        contents.bookmarks = try owners.flatMap { try bookmarks(of: $0).sorted { $0.track < $1.track } }
        contents.radioStations = try radioStations()
        contents.shares = try shares()
        contents.players = try players()
    }

    /// Writes the play queues, bookmarks, radio stations and shares of `contents` into emptied tables.
    package func writeQueuesAndBookmarks(_ contents: LibraryContents) throws {
        for queue in contents.playQueues { try savePlayQueue(queue) }
        for bookmark in contents.bookmarks { try saveBookmark(bookmark) }
        for station in contents.radioStations { try saveRadioStation(station) }
        for share in contents.shares { try saveShare(share) }
        for player in contents.players { try savePlayer(player) }
    }
}
