import BlueLibraryCore

/// The artists the tracks credit, as both stores read them: the tracks' artist strings cut by
/// ``CreditSeparators`` in Swift (the same cut the songs' `artists` show), so that a guest on a
/// compilation has an artist of their own, found by the id their songs carry.
extension SQLLibrary {
    package func creditedArtists() throws -> [String: String] {
        let strings = try select(
            "SELECT DISTINCT t.artist FROM tracks t JOIN albums a ON a.id = t.album_id WHERE a.track_count > 0",
            []
        ) { $0.string(0) ?? "" }
        var names: [String: String] = [:]
        for string in strings {
            for name in CreditSeparators.current.split(string) {
                let key = SearchKey.fold(name)
                if let kept = names[key], !name.utf8.lexicographicallyPrecedes(kept.utf8) { continue }
                names[key] = name
            }
        }
        return names
    }

    package func albumsCrediting(_ key: String) throws -> [AlbumID] {
        guard !key.isEmpty else { return [] }
        // The folded artist string holds the key; the cut says whether it is a credit of its own.
        let rows = try select(
            """
            SELECT a.id, t.artist FROM tracks t JOIN albums a ON a.id = t.album_id
            WHERE a.track_count > 0 AND \(dialect.contains("t.artist_key", "?1"))
            ORDER BY a.position
            """, [.text(key)]
        ) { ($0.string(0) ?? "", $0.string(1) ?? "") }
        var albums: [AlbumID] = []
        var seen = Set<String>()
        for (album, artist) in rows
        where !seen.contains(album)
            && CreditSeparators.current.split(artist).contains(where: { SearchKey.fold($0) == key })
        {
            seen.insert(album)
            albums.append(AlbumID(trusted: album))
        }
        return albums
    }

    package func guestArtists() throws -> [CatalogArtist] {
        let owners = Set(
            try select("SELECT DISTINCT artist_key FROM albums WHERE track_count > 0", []) {
                $0.string(0) ?? ""
            })
        // Only a track whose artist is not its album's can credit someone else.
        let rows = try select(
            """
            SELECT DISTINCT t.artist, a.id FROM tracks t JOIN albums a ON a.id = t.album_id
            WHERE a.track_count > 0 AND t.artist_key <> a.artist_key
            """, []
        ) { ($0.string(0) ?? "", $0.string(1) ?? "") }
        var guests: [String: (name: String, albums: Set<String>)] = [:]
        for (artist, album) in rows {
            for name in CreditSeparators.current.split(artist) {
                let key = SearchKey.fold(name)
                guard !key.isEmpty, !owners.contains(key) else { continue }
                var guest = guests[key] ?? (name, [])
                if name.utf8.lexicographicallyPrecedes(guest.name.utf8) { guest.name = name }
                guest.albums.insert(album)
                guests[key] = guest
            }
        }
        return guests.compactMap { key, guest in
            guest.albums.min().map {
                CatalogArtist(
                    key: key, name: guest.name, albumCount: guest.albums.count,
                    coverAlbum: AlbumID(trusted: $0))
            }
        }.sorted { $0.key < $1.key }
    }
}
