import BlueLibraryCore
import BlueLibraryStore

/// What a music server keeps for its users, row by row, for a copy of the whole library (a migration):
/// read out with the rest of ``LibraryContents`` and written into a library being created.
extension SQLiteAlbums {
    /// Reads the users, their API keys, stars, ratings, plays and playlists into `contents`.
    func readUserData(into contents: inout LibraryContents) throws {
        contents.users = try users()
        contents.apiKeys = try rows(
            "SELECT digest, prefix, user_id, created FROM api_keys ORDER BY user_id, created, digest"
        ) {
            StoredAPIKey(digest: $0.text(0), prefix: $0.text(1), user: $0.text(2), created: Int64($0.int(3)))
        }
        for (table, column) in [("stars", "starred"), ("ratings", "rating")] {
            let marks = try rows(
                "SELECT user_id, kind, item_id, \(column) FROM \(table) ORDER BY user_id, kind, item_id"
            ) { row in
                ItemMark(
                    user: row.text(0), kind: ItemKind(rawValue: row.text(1)) ?? .song, item: row.text(2),
                    value: Int64(row.int(3)))
            }
            if table == "stars" { contents.stars = marks } else { contents.ratings = marks }
        }
        contents.plays = try rows(
            "SELECT user_id, track_id, count, last_played FROM plays ORDER BY user_id, track_id"
        ) {
            PlayRecord(user: $0.text(0), track: $0.text(1), count: $0.int(2), lastPlayed: Int64($0.int(3)))
        }
        contents.playlists = try playlists()
        try readQueuesAndBookmarks(into: &contents)
    }

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

    /// The rows of `sql` (which takes no parameters), each made into a value by `make`.
    private func rows<T>(_ sql: String, _ make: (Statement) -> T) throws -> [T] {
        let statement = try connection.prepare(sql)
        try statement.bind([])
        defer { statement.reset() }
        var values: [T] = []
        while try statement.step() { values.append(make(statement)) }
        return values
    }
}
