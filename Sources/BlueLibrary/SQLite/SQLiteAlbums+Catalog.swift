import BlueLibraryCore
import BlueLibraryStore

/// The catalogue a music server browses (``CatalogReader``), in SQL over the albums and tracks tables.
/// Lists of ids are read one id at a time through one cached statement, so no statement's text depends
/// on how many ids there are. Lists come in windows that SQLite finds through indexes where it can (the
/// folded titles and artists, the library positions, each album's tracks), so a page of a long list
/// reads that page, not the list.
extension SQLiteAlbums {
    func catalogArtists(matching words: [String], offset: Int, limit: Int) throws -> [CatalogArtist] {
        guard limit > 0 else { return [] }
        let conditions = ["track_count > 0"] + words.map { _ in "instr(artist_key, ?) > 0" }
        let rows = try connection.prepare(
            """
            SELECT artist_key, min(artist), count(*), min(id) FROM albums WHERE \(conditions.joined(separator: " AND "))
            GROUP BY artist_key ORDER BY artist_key LIMIT ? OFFSET ?
            """)
        try rows.bind(words.map { .text($0) } + [.integer(Int64(limit)), .integer(Int64(max(offset, 0)))])
        defer { rows.reset() }
        var artists: [CatalogArtist] = []
        while try rows.step() {
            artists.append(
                CatalogArtist(
                    key: rows.text(0), name: rows.text(1), albumCount: rows.int(2),
                    coverAlbum: AlbumID(trusted: rows.text(3))))
        }
        return artists
    }

    func catalogGenres() throws -> [CatalogGenre] {
        let rows = try connection.prepare(
            """
            SELECT min(genre), count(*), sum(track_count) FROM albums WHERE track_count > 0 AND genre_key != ''
            GROUP BY genre_key
            """)
        try rows.bind([])
        defer { rows.reset() }
        var genres: [CatalogGenre] = []
        while try rows.step() {
            genres.append(CatalogGenre(name: rows.text(0), albumCount: rows.int(1), songCount: rows.int(2)))
        }
        return genres
    }

    func catalogAlbums(_ selection: AlbumSelection, offset: Int, limit: Int) throws -> [CatalogAlbum] {
        guard limit > 0 else { return [] }
        // The query's condition comes first: its placeholders are numbered (?1…), the plain ones after
        // it take the numbers that follow.
        let query = QuerySQL(selection.query)
        var conditions = ["(\(query.whereClause))", "a.track_count > 0"]
        var bindings = query.bindings
        if let key = selection.artistKey {
            conditions.append("a.artist_key = ?")
            bindings.append(.text(key))
        }
        if let key = selection.genreKey {
            let keys = try genreKeys(naming: key)
            conditions.append("a.genre_key IN (\(keys.map { _ in "?" }.joined(separator: ", ")))")
            bindings += keys.map { .text($0) }
        }
        if let years = selection.years {
            conditions.append("a.year BETWEEN ? AND ?")
            bindings += [.integer(Int64(years.lowerBound)), .integer(Int64(years.upperBound))]
        }
        let select =
            "SELECT \(Self.prefixedAlbumColumns) FROM albums a WHERE \(conditions.joined(separator: " AND "))"
        var albums: [Album] = []
        if let ids = selection.ids {
            var skipped = 0
            let row = try connection.prepare(select + " AND a.id = ?")
            for id in ids where albums.count < limit {
                try row.bind(bindings + [.text(id.rawValue)])
                let album = try row.step() ? album(row) : nil
                row.reset()
                guard let album else { continue }
                if skipped < offset {
                    skipped += 1
                } else {
                    albums.append(album)
                }
            }
        } else {
            let order: String
            order = Self.catalogOrder(selection.order)
            let rows = try connection.prepare(select + " ORDER BY \(order) LIMIT ? OFFSET ?")
            try rows.bind(bindings + [.integer(Int64(limit)), .integer(Int64(max(offset, 0)))])
            defer { rows.reset() }
            while try rows.step() { albums.append(album(rows)) }
        }
        // When each album was added, for the window only.
        let created = try connection.prepare(
            "SELECT coalesce(max(modified), 0) FROM tracks WHERE album_id = ?")
        defer { created.reset() }
        return try albums.map { album in
            try created.bind([.text(album.id.rawValue)])
            let time = try created.step() ? Int64(created.int(0)) : 0
            created.reset()
            return CatalogAlbum(album: album, created: time)
        }
    }

    /// The columns of a track and then of its album (from column 13).
    private static let catalogTrackColumns =
        "t.id, t.album_id, t.ordinal, t.disc, t.number, t.title, t.artist, t.duration, t.path, t.size, t.modified, t.tags, t.genres, "
        + prefixedAlbumColumns

    func catalogTracks(_ selection: TrackSelection, offset: Int, limit: Int) throws -> [CatalogTrack] {
        guard limit > 0 else { return [] }
        if let ids = selection.ids {
            var found: [CatalogTrack] = []
            var skipped = 0
            let row = try connection.prepare(
                "SELECT \(Self.catalogTrackColumns) FROM tracks t JOIN albums a ON a.id = t.album_id WHERE t.id = ?"
            )
            for id in ids where found.count < limit {
                try row.bind([.text(id)])
                let track = try row.step() ? catalogTrack(row) : nil
                row.reset()
                guard let track else { continue }
                if skipped < offset {
                    skipped += 1
                } else {
                    found.append(track)
                }
            }
            return found
        }
        let query = QuerySQL(
            selection.query, scope: .tracks, person: selection.person, now: selection.now,
            order: selection.order)
        var conditions = ["(\(query.whereClause))"]
        var bindings = query.bindings
        if let key = selection.genreKey {
            let keys = try genreKeys(naming: key)
            conditions.append("a.genre_key IN (\(keys.map { _ in "?" }.joined(separator: ", ")))")
            bindings += keys.map { .text($0) }
        }
        if let years = selection.years {
            conditions.append("a.year BETWEEN ? AND ?")
            bindings += [.integer(Int64(years.lowerBound)), .integer(Int64(years.upperBound))]
        }
        if let album = selection.album {
            conditions.append("a.id = ?")
            bindings.append(.text(album.rawValue))
        }
        let condition = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        // The albums in library order, then each album's tracks in order (CROSS JOIN keeps that loop order):
        // rows in that order come out sorted, and a window stops reading at its last row.
        let order = selection.random ? "random()" : query.orderBy
        let rows = try connection.prepare(
            "SELECT \(Self.catalogTrackColumns) FROM albums a CROSS JOIN tracks t ON t.album_id = a.id"
                + condition + " ORDER BY \(order) LIMIT ? OFFSET ?")
        try rows.bind(bindings + [.integer(Int64(limit)), .integer(Int64(max(offset, 0)))])
        defer { rows.reset() }
        var tracks: [CatalogTrack] = []
        while try rows.step() { tracks.append(catalogTrack(rows)) }
        return tracks
    }

    private func catalogTrack(_ row: Statement) -> CatalogTrack {
        var stored = StoredTrack(
            track: Track(
                disc: row.int(3), number: row.optionalInt(4), title: row.text(5), artist: row.text(6),
                duration: row.double(7), path: row.text(8), id: row.text(0)),
            albumID: AlbumID(trusted: row.text(1)), size: Int64(row.int(9)), modified: Int64(row.int(10)),
            tags: row.text(11))
        stored.order = row.int(2)
        stored.track.details.setGenres(stored: row.string(12))
        let album = Album(
            trustedID: AlbumID(trusted: row.text(13)), title: row.text(14), artist: row.text(15),
            genre: row.text(16), year: row.optionalInt(17), coverURL: row.text(18), mbid: row.text(20),
            trackCount: row.int(21), length: row.double(22))
        return CatalogTrack(stored: stored, album: album)
    }
}
