import BlueLibraryCore
import BlueLibraryStore

/// A copy of the whole library (``SQLLibrary/contents()``) written, many rows per statement, into a library
/// being created (a migration).
extension PostgresAlbums {
    /// Empties the library — albums, buckets, deleted albums, tracks, history, outbox, saved state, users
    /// and their data — and writes `contents` into it, many rows per statement; the history's and the
    /// outbox's numbering goes on after the numbers copied.
    func replaceAll(with contents: LibraryContents) throws {
        try run(
            "TRUNCATE albums, buckets, deleted_albums, tracks, history, outbox, saved_state, music_folders, \(Self.userTables)"
        )
        let places = try positionsAtTheEnd(contents.albums.count)
        try PostgresArray.insert(
            into: "albums", columns: Self.rowColumns + ", position", types: Self.rowTypes + ["int8"],
            rows: zip(contents.albums, places).map { stored, position in
                Self.rowValues(
                    stored.album, source: stored.source, edited: stored.edited, added: stored.added) + [
                        .integer(Int(position))
                    ]
            }, in: self)
        try PostgresArray.insert(
            into: "deleted_albums", columns: Self.rowColumns, types: Self.rowTypes,
            rows: contents.deletedAlbums.map {
                Self.rowValues($0.album, source: $0.source, edited: $0.edited, added: $0.added)
            },
            in: self)
        for id in contents.removedByScan { try markRemovedByScan(id) }
        try PostgresArray.insert(
            into: "tracks", columns: Self.trackRowColumns, types: Self.trackTypes,
            rows: contents.tracks.map(Self.trackValues), in: self)
        try PostgresArray.insert(
            into: "history", columns: "seq, side, command", types: ["int8", "int2", "text"],
            rows: contents.history.map {
                [.integer($0.sequence), .integer($0.side.rawValue), .text($0.command)]
            },
            in: self)
        try PostgresArray.insert(
            into: "outbox", columns: "seq, key, command", types: ["int8", "text", "text"],
            rows: contents.outbox.map { [.integer($0.sequence), .text($0.key), .text($0.command)] }, in: self)
        for table in ["history", "outbox"] {
            try run(
                "SELECT setval(pg_get_serial_sequence('\(table)', 'seq'), coalesce(max(seq), 0) + 1, false) FROM \(table)"
            )
        }
        if let current = contents.current { try saveCurrent(current) }
        try writeUserData(contents)
        for folder in contents.musicFolders { try addMusicFolder(folder) }
    }
}
