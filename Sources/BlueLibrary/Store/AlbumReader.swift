import BlueLibraryCore

/// The albums in library order, and the windows, groups and sections a page browses them in
/// (`SQLLibrary+Albums.swift`, `SQLLibrary+Browse.swift`).
package protocol AlbumReader {
    /// How many albums there are.
    func count() throws -> Int
    /// The album at `index`, or `nil` when out of range.
    func album(at index: Int) throws -> Album?
    /// The album with `id` and its index, or `nil`.
    func locate(_ id: AlbumID) throws -> (album: Album, index: Int)?
    /// Calls `body` with each album matching `query` and its library index, in the query's order.
    func forEachAlbum(matching query: Query, _ body: (Album, Int) throws -> Void) throws
    /// Like ``forEachAlbum(matching:_:)``, but hands out the fields without building an `Album`, only
    /// those `reading` names read from the database; the source is valid only during the call.
    func forEachRecord(
        matching query: Query, reading: AlbumFieldsRead, _ body: (any AlbumFieldSource, Int) throws -> Void
    ) throws
    /// Like ``forEachAlbum(matching:_:)``, but only a window of the matches: from the `offset`-th (0 is
    /// the first), at most `limit` of them (a page of a long list; SQLite skips the rest in its query).
    func forEachAlbum(
        matching query: Query, offset: Int, limit: Int, _ body: (Album, Int) throws -> Void) throws
    /// How many albums match `query`.
    func count(matching query: Query) throws -> Int
    /// Like ``forEachAlbum(matching:offset:limit:_:)``, but only the albums in `group` (all when `nil`),
    /// in `order` (the albums' ids break ties).
    func forEachAlbum(
        matching query: Query, in group: AlbumGroup?, order: AlbumOrder, offset: Int, limit: Int,
        _ body: (Album, Int) throws -> Void) throws
    /// How many albums match `query` and are in `group` (all when `nil`).
    func count(matching query: Query, in group: AlbumGroup?) throws -> Int
    /// How many of those albums each first character of their folded `field` (title, artist or genre)
    /// begins, in the field's order.
    func initialCounts(of field: AlbumField, matching query: Query, in group: AlbumGroup?) throws
        -> [(initial: String, count: Int)]
    /// How many of those albums each decade (1990 for 1990–1999) holds, newest first, those without a
    /// year (`nil`) last.
    func decadeCounts(matching query: Query, in group: AlbumGroup?) throws -> [(decade: Int?, count: Int)]
    /// A window of the groups of albums by `field` (one per folded value, in folded order), each with how
    /// many albums it has and named by the first of its spellings in byte order (capitals first).
    func groups(by field: AlbumGroup.Field, offset: Int, limit: Int) throws -> [(name: String, count: Int)]
    /// How many groups of albums by `field` there are.
    func groupCount(by field: AlbumGroup.Field) throws -> Int
    /// How many groups by `field` each first character of their folded value begins, in order.
    func groupInitialCounts(by field: AlbumGroup.Field) throws -> [(initial: String, count: Int)]
}

/// Adding, deleting, bringing back and editing albums, one or many at a time; their places are kept in
/// buckets (`SQLLibrary+Positions.swift`).
package protocol AlbumWriter: AlbumReader {
    /// Inserts `album` at `index` (which must be within `0...count`).
    /// - Throws: `conflict` when an album with the same id exists.
    func insert(_ album: Album, at index: Int) throws
    /// Deletes and returns the album at `index`, or `nil` when out of range. The store keeps what it
    /// needs to bring the album back whole (``restore(_:at:)``): its row, its tracks, its link to its
    /// files; a rescan of its folder leaves it out.
    func remove(at index: Int) throws -> Album?
    /// Brings a deleted album back at `index` (within `0...count`), exactly as it was deleted.
    /// - Returns: the album, or `nil` when the store kept nothing of one with `id`.
    /// - Throws: `conflict` when an album with `id` is in the library.
    func restore(_ id: AlbumID, at index: Int) throws -> Album?
    /// Applies an edit field by field: a field changes only while it holds the edit's `before` value
    /// (otherwise another step changed it since, and it is left alone); the marks of edited-by-hand
    /// fields follow the edit.
    /// - Returns: the edit as it applied (its changes may be fewer), or `nil` when the album is not in
    ///   the library.
    func applyEdit(_ edit: AlbumEdit) throws -> AlbumEdit?
    /// Appends albums at the end, in order, skipping any whose id is already present with the same
    /// fields (``Album/hasSameFields(as:)``: an export restores into a library that shares albums with it).
    /// - Returns: the albums added, in order (they now end the library).
    /// - Throws: `conflict` naming the first album whose id is present with other fields.
    @discardableResult
    func append(_ albums: [Album]) throws -> [Album]
    /// Deletes the albums with these ids, as ``remove(at:)`` does.
    /// - Returns: each with the index it had, in decreasing index order (so restoring them in reverse
    ///   order puts every one back in its place).
    /// - Throws: `conflict` naming the first album that is not in the library (nothing is removed).
    func removeAll(_ ids: [AlbumID]) throws -> [(album: Album, index: Int)]
    /// Writes an album's fields (and its track count and length) as a scan found them: nothing is
    /// marked as edited by hand, and the album remembers the scan group it came from.
    func saveScanned(_ album: Album, source: String) throws
}
