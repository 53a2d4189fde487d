import BlueLibraryCore
import BlueLibraryStorage

/// What a music server keeps for its users (``UserDataReader``, ``UserDataWriter``), in SQL, as the SQLite
/// store keeps it. A list of ids is one array parameter; a play is counted with one upsert.
extension PostgresAlbums {
    private static let userColumns = "id, name, password, is_admin, created"

    private func users(_ condition: String, _ values: [PostgresValue]) throws -> [StoredUser] {
        try rows("SELECT \(Self.userColumns) FROM users WHERE \(condition) ORDER BY created, id", values).map
        {
            StoredUser(
                id: $0.string(0) ?? "", name: $0.string(1) ?? "", sealedPassword: $0.string(2) ?? "",
                isAdmin: try $0.bool(3) ?? false, created: Int64(try $0.int(4) ?? 0))
        }
    }

    func users() throws -> [StoredUser] {
        try users("true", [])
    }

    func user(named name: String) throws -> StoredUser? {
        try users("name_key = $1", [.text(StoredUser.nameKey(name))]).first
    }

    func user(apiKeyDigest digest: String) throws -> StoredUser? {
        try users("id = (SELECT user_id FROM api_keys WHERE digest = $1)", [.text(digest)]).first
    }

    /// The API keys `condition` picks, by user, then oldest first.
    func apiKeys(_ condition: String, _ values: [PostgresValue]) throws -> [StoredAPIKey] {
        try rows(
            "SELECT digest, prefix, user_id, created FROM api_keys WHERE \(condition) ORDER BY user_id, created, digest",
            values
        ).map {
            StoredAPIKey(
                digest: $0.string(0) ?? "", prefix: $0.string(1) ?? "", user: $0.string(2) ?? "",
                created: Int64(try $0.int(3) ?? 0))
        }
    }

    func apiKeys(of user: String) throws -> [StoredAPIKey] {
        try apiKeys("user_id = $1", [.text(user)])
    }

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
        // An album's plays are its tracks' plays; an artist's are not kept.
        let plays: String?
        switch kind {
        case .artist: plays = nil
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

    func starred(by user: String, kind: ItemKind) throws -> [String] {
        try rows(
            "SELECT item_id FROM stars WHERE user_id = $1 AND kind = $2 ORDER BY starred DESC, item_id",
            [.text(user), .text(kind.rawValue)]
        ).map { $0.string(0) ?? "" }
    }

    func albumIDs(of user: String, by order: PersonalOrder, offset: Int, limit: Int) throws -> [AlbumID] {
        guard limit > 0 else { return [] }
        let sql: String
        switch order {
        case .frequent, .recent:
            sql = """
                SELECT t.album_id FROM plays p JOIN tracks t ON t.id = p.track_id WHERE p.user_id = $1
                GROUP BY t.album_id ORDER BY \(order == .frequent ? "sum(p.count)" : "max(p.last_played)") DESC, t.album_id
                LIMIT $2 OFFSET $3
                """
        case .highest:
            sql = """
                SELECT item_id FROM ratings WHERE user_id = $1 AND kind = 'album' ORDER BY rating DESC, item_id
                LIMIT $2 OFFSET $3
                """
        }
        return try rows(sql, [.text(user), .integer(limit), .integer(max(offset, 0))]).map {
            AlbumID(trusted: $0.string(0) ?? "")
        }
    }

    private func playlists(_ condition: String, _ values: [PostgresValue]) throws -> [StoredPlaylist] {
        var playlists = try rows(
            """
            SELECT id, user_id, name, comment, public, created, changed FROM playlists WHERE \(condition)
            ORDER BY created, id
            """, values
        ).map {
            StoredPlaylist(
                id: $0.string(0) ?? "", owner: $0.string(1) ?? "", name: $0.string(2) ?? "",
                comment: $0.string(3) ?? "", isPublic: try $0.bool(4) ?? false,
                created: Int64(try $0.int(5) ?? 0), changed: Int64(try $0.int(6) ?? 0))
        }
        guard !playlists.isEmpty else { return [] }
        let place = Dictionary(
            uniqueKeysWithValues: playlists.enumerated().map { ($0.element.id, $0.offset) })
        for row in try rows(
            "SELECT playlist_id, track_id FROM playlist_tracks WHERE playlist_id = ANY($1::text[]) ORDER BY playlist_id, position",
            [.text(PostgresArray.literal(playlists.map { .text($0.id) }))])
        {
            if let index = place[row.string(0) ?? ""] {
                playlists[index].trackIDs.append(row.string(1) ?? "")
            }
        }
        return playlists
    }

    func playlists() throws -> [StoredPlaylist] {
        try playlists("true", [])
    }

    func playlist(id: String) throws -> StoredPlaylist? {
        try playlists("id = $1", [.text(id)]).first
    }

    // MARK: Writes

    func insertUser(_ user: StoredUser) throws {
        // Found first: a failed INSERT would end the whole transaction.
        guard try self.user(named: user.name) == nil else {
            throw LibraryError(.conflict, "a user named \(user.name) already exists")
        }
        try run(
            "INSERT INTO users (id, name, name_key, password, is_admin, created) VALUES ($1, $2, $3, $4, $5, $6)",
            [
                .text(user.id), .text(user.name), .text(StoredUser.nameKey(user.name)),
                .text(user.sealedPassword),
                .bool(user.isAdmin), .integer(Int(user.created)),
            ])
    }

    func updateUser(_ user: StoredUser) throws {
        try run(
            "UPDATE users SET password = $1, is_admin = $2 WHERE id = $3",
            [.text(user.sealedPassword), .bool(user.isAdmin), .text(user.id)])
    }

    func deleteUser(id: String) throws {
        for table in ["api_keys", "stars", "ratings", "plays"] {
            try run("DELETE FROM \(table) WHERE user_id = $1", [.text(id)])
        }
        try run(
            "DELETE FROM playlist_tracks WHERE playlist_id IN (SELECT id FROM playlists WHERE user_id = $1)",
            [.text(id)])
        try run("DELETE FROM playlists WHERE user_id = $1", [.text(id)])
        try run("DELETE FROM users WHERE id = $1", [.text(id)])
    }

    func insertAPIKey(_ key: StoredAPIKey) throws {
        try run(
            "INSERT INTO api_keys (digest, prefix, user_id, created) VALUES ($1, $2, $3, $4)",
            [.text(key.digest), .text(key.prefix), .text(key.user), .integer(Int(key.created))])
    }

    func deleteAPIKeys(of user: String) throws {
        try run("DELETE FROM api_keys WHERE user_id = $1", [.text(user)])
    }

    func setStar(_ starred: Int64?, user: String, kind: ItemKind, id: String) throws {
        try setMark("stars", "starred", starred, key: [.text(user), .text(kind.rawValue), .text(id)])
    }

    func setRating(_ rating: Int?, user: String, kind: ItemKind, id: String) throws {
        try setMark(
            "ratings", "rating", rating.map(Int64.init), key: [.text(user), .text(kind.rawValue), .text(id)])
    }

    /// Writes a star or a rating (`value`) of the item `key` names, or takes it away (`nil`).
    private func setMark(_ table: String, _ column: String, _ value: Int64?, key: [PostgresValue]) throws {
        guard let value else {
            try run("DELETE FROM \(table) WHERE user_id = $1 AND kind = $2 AND item_id = $3", key)
            return
        }
        try run(
            """
            INSERT INTO \(table) (user_id, kind, item_id, \(column)) VALUES ($1, $2, $3, $4)
            ON CONFLICT (user_id, kind, item_id) DO UPDATE SET \(column) = excluded.\(column)
            """, key + [.integer(Int(value))])
    }

    func recordPlay(user: String, track: String, at time: Int64) throws {
        try run(
            """
            INSERT INTO plays (user_id, track_id, count, last_played) VALUES ($1, $2, 1, $3)
            ON CONFLICT (user_id, track_id) DO UPDATE
            SET count = plays.count + 1, last_played = greatest(plays.last_played, excluded.last_played)
            """, [.text(user), .text(track), .integer(Int(time))])
    }

    func savePlaylist(_ playlist: StoredPlaylist) throws {
        try deletePlaylist(id: playlist.id)
        try run(
            "INSERT INTO playlists (id, user_id, name, comment, public, created, changed) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            [
                .text(playlist.id), .text(playlist.owner), .text(playlist.name), .text(playlist.comment),
                .bool(playlist.isPublic), .integer(Int(playlist.created)), .integer(Int(playlist.changed)),
            ])
        try PostgresArray.insert(
            into: "playlist_tracks", columns: "playlist_id, position, track_id",
            types: ["text", "int4", "text"],
            rows: playlist.trackIDs.enumerated().map {
                [.text(playlist.id), .integer($0.offset), .text($0.element)]
            },
            in: self)
    }

    func deletePlaylist(id: String) throws {
        try run("DELETE FROM playlist_tracks WHERE playlist_id = $1", [.text(id)])
        try run("DELETE FROM playlists WHERE id = $1", [.text(id)])
    }
}
