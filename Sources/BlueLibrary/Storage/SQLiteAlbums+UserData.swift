import BlueLibraryCore

/// What a music server keeps for its users (``UserDataReader``, ``UserDataWriter``), in SQL.
extension SQLiteAlbums {
    private static let userColumns = "id, name, password, is_admin, created"

    private func users(_ condition: String, _ values: [SQLValue]) throws -> [StoredUser] {
        let rows = try connection.prepare(
            "SELECT \(Self.userColumns) FROM users WHERE \(condition) ORDER BY created, id")
        try rows.bind(values)
        defer { rows.reset() }
        var users: [StoredUser] = []
        while try rows.step() {
            users.append(
                StoredUser(
                    id: rows.text(0), name: rows.text(1), sealedPassword: rows.text(2),
                    isAdmin: rows.int(3) != 0,
                    created: Int64(rows.int(4))))
        }
        return users
    }

    func users() throws -> [StoredUser] {
        try users("1", [])
    }

    func user(named name: String) throws -> StoredUser? {
        try users("name_key = ?", [.text(StoredUser.nameKey(name))]).first
    }

    func user(apiKeyDigest digest: String) throws -> StoredUser? {
        try users("id = (SELECT user_id FROM api_keys WHERE digest = ?)", [.text(digest)]).first
    }

    func apiKeys(of user: String) throws -> [StoredAPIKey] {
        let rows = try connection.prepare(
            "SELECT digest, prefix, user_id, created FROM api_keys WHERE user_id = ? ORDER BY created, digest"
        )
        try rows.bind([.text(user)])
        defer { rows.reset() }
        var keys: [StoredAPIKey] = []
        while try rows.step() {
            keys.append(
                StoredAPIKey(
                    digest: rows.text(0), prefix: rows.text(1), user: rows.text(2),
                    created: Int64(rows.int(3))))
        }
        return keys
    }

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
        // An album's plays are its tracks' plays; an artist's are not kept.
        let plays: Statement?
        switch kind {
        case .artist: plays = nil
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

    func starred(by user: String, kind: ItemKind) throws -> [String] {
        let rows = try connection.prepare(
            "SELECT item_id FROM stars WHERE user_id = ? AND kind = ? ORDER BY starred DESC, item_id")
        try rows.bind([.text(user), .text(kind.rawValue)])
        defer { rows.reset() }
        var ids: [String] = []
        while try rows.step() { ids.append(rows.text(0)) }
        return ids
    }

    func albumIDs(of user: String, by order: PersonalOrder, offset: Int, limit: Int) throws -> [AlbumID] {
        guard limit > 0 else { return [] }
        let sql: String
        switch order {
        case .frequent, .recent:
            sql = """
                SELECT t.album_id FROM plays p JOIN tracks t ON t.id = p.track_id WHERE p.user_id = ?
                GROUP BY t.album_id ORDER BY \(order == .frequent ? "sum(p.count)" : "max(p.last_played)") DESC, t.album_id
                LIMIT ? OFFSET ?
                """
        case .highest:
            sql = """
                SELECT item_id FROM ratings WHERE user_id = ? AND kind = 'album' ORDER BY rating DESC, item_id
                LIMIT ? OFFSET ?
                """
        }
        let rows = try connection.prepare(sql)
        try rows.bind([.text(user), .integer(Int64(limit)), .integer(Int64(max(offset, 0)))])
        defer { rows.reset() }
        var ids: [AlbumID] = []
        while try rows.step() { ids.append(AlbumID(trusted: rows.text(0))) }
        return ids
    }

    private func playlists(_ condition: String, _ values: [SQLValue]) throws -> [StoredPlaylist] {
        let rows = try connection.prepare(
            """
            SELECT id, user_id, name, comment, public, created, changed FROM playlists WHERE \(condition)
            ORDER BY created, id
            """)
        try rows.bind(values)
        var playlists: [StoredPlaylist] = []
        while try rows.step() {
            playlists.append(
                StoredPlaylist(
                    id: rows.text(0), owner: rows.text(1), name: rows.text(2), comment: rows.text(3),
                    isPublic: rows.int(4) != 0, created: Int64(rows.int(5)), changed: Int64(rows.int(6))))
        }
        rows.reset()
        let tracks = try connection.prepare(
            "SELECT track_id FROM playlist_tracks WHERE playlist_id = ? ORDER BY position")
        defer { tracks.reset() }
        for index in playlists.indices {
            try tracks.bind([.text(playlists[index].id)])
            while try tracks.step() { playlists[index].trackIDs.append(tracks.text(0)) }
            tracks.reset()
        }
        return playlists
    }

    func playlists() throws -> [StoredPlaylist] {
        try playlists("1", [])
    }

    func playlist(id: String) throws -> StoredPlaylist? {
        try playlists("id = ?", [.text(id)]).first
    }

    // MARK: Writes

    func insertUser(_ user: StoredUser) throws {
        guard try self.user(named: user.name) == nil else {
            throw LibraryError(.conflict, "a user named \(user.name) already exists")
        }
        try connection.run(
            "INSERT INTO users (id, name, name_key, password, is_admin, created) VALUES (?, ?, ?, ?, ?, ?)",
            [
                .text(user.id), .text(user.name), .text(StoredUser.nameKey(user.name)),
                .text(user.sealedPassword),
                .integer(user.isAdmin ? 1 : 0), .integer(user.created),
            ])
    }

    func updateUser(_ user: StoredUser) throws {
        try connection.run(
            "UPDATE users SET password = ?, is_admin = ? WHERE id = ?",
            [.text(user.sealedPassword), .integer(user.isAdmin ? 1 : 0), .text(user.id)])
    }

    func deleteUser(id: String) throws {
        for table in ["api_keys", "stars", "ratings", "plays"] {
            try connection.run("DELETE FROM \(table) WHERE user_id = ?", [.text(id)])
        }
        try connection.run(
            "DELETE FROM playlist_tracks WHERE playlist_id IN (SELECT id FROM playlists WHERE user_id = ?)",
            [.text(id)])
        try connection.run("DELETE FROM playlists WHERE user_id = ?", [.text(id)])
        try connection.run("DELETE FROM users WHERE id = ?", [.text(id)])
    }

    func insertAPIKey(_ key: StoredAPIKey) throws {
        try connection.run(
            "INSERT INTO api_keys (digest, prefix, user_id, created) VALUES (?, ?, ?, ?)",
            [.text(key.digest), .text(key.prefix), .text(key.user), .integer(key.created)])
    }

    func deleteAPIKeys(of user: String) throws {
        try connection.run("DELETE FROM api_keys WHERE user_id = ?", [.text(user)])
    }

    func setStar(_ starred: Int64?, user: String, kind: ItemKind, id: String) throws {
        let key: [SQLValue] = [.text(user), .text(kind.rawValue), .text(id)]
        try connection.run("DELETE FROM stars WHERE user_id = ? AND kind = ? AND item_id = ?", key)
        if let starred {
            try connection.run(
                "INSERT INTO stars (user_id, kind, item_id, starred) VALUES (?, ?, ?, ?)",
                key + [.integer(starred)])
        }
    }

    func setRating(_ rating: Int?, user: String, kind: ItemKind, id: String) throws {
        let key: [SQLValue] = [.text(user), .text(kind.rawValue), .text(id)]
        try connection.run("DELETE FROM ratings WHERE user_id = ? AND kind = ? AND item_id = ?", key)
        if let rating {
            try connection.run(
                "INSERT INTO ratings (user_id, kind, item_id, rating) VALUES (?, ?, ?, ?)",
                key + [.integer(Int64(rating))])
        }
    }

    func recordPlay(user: String, track: String, at time: Int64) throws {
        let updated = try connection.run(
            """
            UPDATE plays SET count = count + 1, last_played = CASE WHEN last_played > ? THEN last_played ELSE ? END
            WHERE user_id = ? AND track_id = ?
            """, [.integer(time), .integer(time), .text(user), .text(track)])
        if updated == 0 {
            try connection.run(
                "INSERT INTO plays (user_id, track_id, count, last_played) VALUES (?, ?, 1, ?)",
                [.text(user), .text(track), .integer(time)])
        }
    }

    func savePlaylist(_ playlist: StoredPlaylist) throws {
        try deletePlaylist(id: playlist.id)
        try connection.run(
            "INSERT INTO playlists (id, user_id, name, comment, public, created, changed) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                .text(playlist.id), .text(playlist.owner), .text(playlist.name), .text(playlist.comment),
                .integer(playlist.isPublic ? 1 : 0), .integer(playlist.created), .integer(playlist.changed),
            ])
        for (position, track) in playlist.trackIDs.enumerated() {
            try connection.run(
                "INSERT INTO playlist_tracks (playlist_id, position, track_id) VALUES (?, ?, ?)",
                [.text(playlist.id), .integer(Int64(position)), .text(track)])
        }
    }

    func deletePlaylist(id: String) throws {
        try connection.run("DELETE FROM playlist_tracks WHERE playlist_id = ?", [.text(id)])
        try connection.run("DELETE FROM playlists WHERE id = ?", [.text(id)])
    }
}
