import BlueLibraryCore
import BlueLibraryStore

/// What a music server keeps for its users, in a copy of the whole library (``LibraryContents``), written
/// many rows per statement into a library being created (a migration).
extension PostgresAlbums {
    /// The tables of users' data, which a library being created is emptied of.
    static let userTables =
        "users, api_keys, sessions, stars, ratings, plays, playlists, playlist_tracks, play_queues, play_queue_tracks, bookmarks, radio_stations, shares, share_tracks, players"

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
