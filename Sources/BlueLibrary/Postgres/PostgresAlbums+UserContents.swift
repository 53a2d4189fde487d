import BlueLibraryCore
import BlueLibraryStore

/// What a music server keeps for its users, row by row, for a copy of the whole library (a migration):
/// read out with the rest of ``LibraryContents`` and written, many rows per statement, into a library
/// being created.
extension PostgresAlbums {
    /// The tables of users' data, which a library being created is emptied of.
    static let userTables =
        "users, api_keys, sessions, stars, ratings, plays, playlists, playlist_tracks, play_queues, play_queue_tracks, bookmarks, radio_stations, shares, share_tracks, players"

    /// Reads the users, their API keys, stars, ratings, plays and playlists into `contents`.
    func readUserData(into contents: inout LibraryContents) throws {
        contents.users = try users()
        contents.apiKeys = try apiKeys("1 = 1", [])
        contents.stars = try marks("stars", "starred")
        contents.ratings = try marks("ratings", "rating")
        contents.plays = try rows(
            "SELECT user_id, track_id, count, last_played FROM plays ORDER BY user_id, track_id"
        ).map {
            PlayRecord(
                user: $0.string(0) ?? "", track: $0.string(1) ?? "", count: try $0.int(2) ?? 0,
                lastPlayed: Int64(try $0.int(3) ?? 0))
        }
        contents.playlists = try playlists()
        try readQueuesAndBookmarks(into: &contents)
    }

    /// Every star or rating of `table`, its value in `column`.
    private func marks(_ table: String, _ column: String) throws -> [ItemMark] {
        try rows("SELECT user_id, kind, item_id, \(column) FROM \(table) ORDER BY user_id, kind, item_id").map
        {
            ItemMark(
                user: $0.string(0) ?? "", kind: ItemKind(rawValue: $0.string(1) ?? "") ?? .song,
                item: $0.string(2) ?? "", value: Int64(try $0.int(3) ?? 0))
        }
    }

    /// Writes the users, API keys, stars, ratings, plays and playlists of `contents` into emptied tables.
    func writeUserData(_ contents: LibraryContents) throws {
        try PostgresArray.insert(
            into: "users", columns: "id, name, name_key, password, is_admin, created, max_bit_rate, listener",
            types: ["text", "text", "text", "text", "bool", "int8", "int4", "bool"],
            rows: contents.users.map {
                [
                    .text($0.id), .text($0.name), .text(StoredUser.nameKey($0.name)),
                    .text($0.sealedPassword),
                    .bool($0.isAdmin), .integer(Int($0.created)), .integer($0.maxBitRate),
                    .bool($0.isListener),
                ]
            }, in: self)
        try PostgresArray.insert(
            into: "api_keys", columns: "digest, prefix, user_id, created",
            types: ["text", "text", "text", "int8"],
            rows: contents.apiKeys.map {
                [.text($0.digest), .text($0.prefix), .text($0.user), .integer(Int($0.created))]
            },
            in: self)
        for (table, column, marks, type) in [
            ("stars", "starred", contents.stars, "int8"), ("ratings", "rating", contents.ratings, "int4"),
        ] {
            try PostgresArray.insert(
                into: table, columns: "user_id, kind, item_id, \(column)",
                types: ["text", "text", "text", type],
                rows: marks.map {
                    [.text($0.user), .text($0.kind.rawValue), .text($0.item), .integer(Int($0.value))]
                },
                in: self)
        }
        try PostgresArray.insert(
            into: "plays", columns: "user_id, track_id, count, last_played",
            types: ["text", "text", "int4", "int8"],
            rows: contents.plays.map {
                [.text($0.user), .text($0.track), .integer($0.count), .integer(Int($0.lastPlayed))]
            }, in: self)
        for playlist in contents.playlists { try savePlaylist(playlist) }
        try writeQueuesAndBookmarks(contents)
    }
}
