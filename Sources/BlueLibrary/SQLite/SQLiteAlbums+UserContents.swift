import BlueLibraryCore
import BlueLibraryStore

/// What a music server keeps for its users, in a copy of the whole library (``LibraryContents``), written
/// into a library being created (a migration).
extension SQLiteAlbums {
    /// Writes the users, API keys, stars, ratings, plays and playlists of `contents` into tables that
    /// ``replaceAll(with:)`` has emptied.
    func writeUserData(_ contents: LibraryContents) throws {
        for user in contents.users {
            try connection.run(
                """
                INSERT INTO users (id, name, name_key, password, is_admin, created, max_bit_rate, listener)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(user.id), .text(user.name), .text(StoredUser.nameKey(user.name)),
                    .text(user.sealedPassword), .integer(user.isAdmin ? 1 : 0), .integer(user.created),
                    .integer(Int64(user.maxBitRate)), .integer(user.isListener ? 1 : 0),
                ])
        }
        for key in contents.apiKeys { try insertAPIKey(key) }
        for (table, column, marks) in [
            ("stars", "starred", contents.stars), ("ratings", "rating", contents.ratings),
        ] {
            for mark in marks {
                try connection.run(
                    "INSERT INTO \(table) (user_id, kind, item_id, \(column)) VALUES (?, ?, ?, ?)",
                    [.text(mark.user), .text(mark.kind.rawValue), .text(mark.item), .integer(mark.value)])
            }
        }
        for play in contents.plays {
            try connection.run(
                "INSERT INTO plays (user_id, track_id, count, last_played) VALUES (?, ?, ?, ?)",
                [.text(play.user), .text(play.track), .integer(Int64(play.count)), .integer(play.lastPlayed)])
        }
        for playlist in contents.playlists { try savePlaylist(playlist) }
        try writeQueuesAndBookmarks(contents)
    }
}
