import BlueLibraryCore

/// The albums one at a time, for both stores: counting them, adding one at an index, deleting one (its
/// row kept among the deleted albums, so undo brings it back whole), bringing one back, and editing one
/// field by field.
extension SQLLibrary {
    package func count() throws -> Int {
        try integer("SELECT coalesce(sum(count), 0) FROM buckets") ?? 0
    }

    package func count(matching query: Query) throws -> Int {
        if query.matchesEverything { return try count() }
        let sql = QuerySQL(query, dialect: dialect)
        return try integer("SELECT count(*) FROM albums WHERE \(sql.whereClause)", sql.bindings) ?? 0
    }

    /// The album stored at `position`, if any.
    package func album(atPosition position: Int64) throws -> Album? {
        try select("SELECT \(Self.albumColumns) FROM albums WHERE position = ?1", [.integer(position)]) {
            try album($0)
        }.first
    }

    package func insert(_ album: Album, at index: Int) throws {
        guard try locateRow(album.id) == nil else {
            throw LibraryError(.conflict, "album \(album.id) (\"\(album.title)\") is already in the library")
        }
        try insertRow(at: index) { try insertRows([(album, $0)]) }
    }

    package func remove(at index: Int) throws -> Album? {
        let map = try bucketMap()
        guard let position = position(ofIndex: index, in: map), let removed = try album(atPosition: position)
        else { return nil }
        try keepDeleted("id = ?1", [.text(removed.id.rawValue)])
        try execute("DELETE FROM albums WHERE id = ?1", [.text(removed.id.rawValue)])
        try closeGap(at: position, in: map)
        return removed
    }

    package func restore(_ id: AlbumID, at index: Int) throws -> Album? {
        // The columns of ``albumColumns``, with no position (a deleted album has none).
        guard
            let album = try select(
                "SELECT id, title, artist, genre, year, cover_url, 0, mbid, track_count, length FROM deleted_albums WHERE id = ?1",
                [.text(id.rawValue)], { try album($0) }
            ).first
        else { return nil }
        if try locateRow(id) != nil {
            throw LibraryError(.conflict, "album \(id) (\"\(album.title)\") is already in the library")
        }
        try insertRow(at: index) { position in
            try execute(
                "INSERT INTO albums (\(Self.rowColumns), position) SELECT \(Self.rowColumns), ?1 FROM deleted_albums WHERE id = ?2",
                [.integer(position), .text(id.rawValue)])
        }
        try execute("DELETE FROM deleted_albums WHERE id = ?1", [.text(id.rawValue)])
        return album
    }

    package func applyEdit(_ edit: AlbumEdit) throws -> AlbumEdit? {
        guard
            let (album, marks) = try select(
                "SELECT \(Self.albumColumns), edited FROM albums WHERE id = ?1", [.text(edit.id.rawValue)],
                { (try album($0), EditableField.parse($0.string(10) ?? "")) }
            ).first
        else { return nil }
        // A field changes only while it still holds the value the edit starts from.
        let applied = edit.changes.filter { album.text(of: $0.field) == $0.before }
        guard !applied.isEmpty else {
            return AlbumEdit(id: edit.id, title: album.title, changes: [])
        }
        let after = try album.applying(applied)
        let fields = Set(applied.map(\.field))
        var newMarks = marks.filter { !fields.contains($0.field) }
        newMarks.formUnion(
            EditableField.allCases.filter { edit.markedAfter.contains($0.field) && fields.contains($0.field) }
        )
        try write(after, marks: newMarks)
        return AlbumEdit(
            id: edit.id, title: after.title, changes: applied,
            markedBefore: Set(marks.map(\.field)).intersection(fields),
            markedAfter: Set(newMarks.map(\.field)).intersection(fields))
    }

    package func saveScanned(_ album: Album, source: String) throws {
        if try locateRow(album.id) == nil {
            try insertRow(at: try count()) { try insertRows([(album, $0)]) }
        } else {
            try update(album, markingEdited: [])
        }
        try execute("UPDATE albums SET source = ?1 WHERE id = ?2", [.text(source), .text(album.id.rawValue)])
    }

    /// Writes an album's fields over its row, adding `edited` to the fields marked as edited by hand.
    package func update(_ album: Album, markingEdited edited: Set<EditableField>) throws {
        let previous = try string("SELECT edited FROM albums WHERE id = ?1", [.text(album.id.rawValue)])
        try write(album, marks: EditableField.parse(previous ?? "").union(edited))
    }

    /// Writes an album's fields and its marks of fields edited by hand over its row.
    private func write(_ album: Album, marks: Set<EditableField>) throws {
        try execute(
            """
            UPDATE albums SET title = ?1, artist = ?2, genre = ?3, year = ?4, cover_url = ?5, title_key = ?6,
                artist_key = ?7, genre_key = ?8, mbid = ?9, track_count = ?10, length = ?11, edited = ?12
            WHERE id = ?13
            """,
            [
                .text(album.title), .text(album.artist), .text(album.genre),
                album.year.map { .integer(Int64($0)) } ?? .null,
                .text(album.coverURL), .text(SearchKey.fold(album.title)),
                .text(SearchKey.fold(album.artist)),
                .text(SearchKey.fold(album.genre)), .text(album.mbid), .integer(Int64(album.trackCount)),
                .real(album.length), .text(EditableField.text(of: marks)), .text(album.id.rawValue),
            ])
    }
}
