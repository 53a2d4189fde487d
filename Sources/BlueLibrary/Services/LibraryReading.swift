import BlueLibraryCore
import BlueLibraryStore

/// One album as a face shows it: its fields, where it is in the library, and its tracks in album order.
package struct AlbumDetails: Sendable {
    /// The album.
    package var album: Album
    /// Its library index (0 is the first).
    package var index: Int
    /// Its tracks in album order (none for an album typed by hand).
    package var tracks: [Track]
}

/// The reads every face composes its screens from, written once over a store: a query with a window of
/// its matches (``page(matching:offset:limit:around:)``), a visitor over the matches
/// (``forEachAlbum(matching:offset:limit:_:)``, and ``forEachRecord(matching:reading:withCurrent:thenClose:start:)``
/// for a listing that never builds an `Album`), one album with its tracks (``album(_:)``), the state, the
/// statistics, and a track by id.
///
/// ``LibraryAPI`` adds the changes; ``OneReadLibrary`` — the reading verbs' facade — has these reads only,
/// so a change through it does not compile. Every read is one consistent snapshot, and is
/// `nonisolated(nonsending)`: a caller on the main actor hands over to the store's thread and back,
/// without a stop on the global executor.
package protocol LibraryReading: Sendable {
    /// The store the reads go to.
    var store: any LibraryStore { get }
    /// What the facade keeps of its most frequent reads until the library changes; `nil` when it keeps
    /// nothing (a process that reads once).
    var readCache: ReadCache? { get }
}

extension LibraryReading {
    /// A window of the albums matching `query`, in its order, with how many match and the library's
    /// state, read in one snapshot: at most `limit` albums from the `offset`-th match — or, when `around`
    /// names an album that matches, the window that has it in its middle (clamped to the ends).
    nonisolated(nonsending)
        package func page(
            matching query: Query = .all, offset: Int = 0, limit: Int = .max, around: AlbumID? = nil
        )
        async throws -> AlbumPage
    {
        try await cached(.page(query, offset: offset, limit: limit, around: around)) {
            try await uncachedPage(matching: query, offset: offset, limit: limit, around: around)
        }
    }

    nonisolated(nonsending)
        private func uncachedPage(matching query: Query, offset: Int, limit: Int, around: AlbumID?)
        async throws -> AlbumPage
    {
        try await store.read { reader in
            let state = try reader.state()
            let total = query.matchesEverything ? state.count : try reader.count(matching: query)
            let position = try around.flatMap { try reader.position(of: $0, matching: query) }
            let start = position.map { min(max($0 - limit / 2, 0), max(total - limit, 0)) } ?? max(offset, 0)
            var albums: [(album: Album, index: Int)] = []
            albums.reserveCapacity(min(limit, max(total - start, 0)))
            try reader.forEachAlbum(matching: query, offset: start, limit: limit) { albums.append(($0, $1)) }
            return AlbumPage(
                total: total, offset: start, position: position, albums: albums, state: state)
        }
    }

    /// Calls `body` with each album matching `query` (from the `offset`-th match, at most `limit` of them),
    /// its library index and — `withTracks` — its tracks, in one read transaction, without building a
    /// list. `body` runs on the store's thread (for ``OneReadLibrary``, on the main actor).
    nonisolated(nonsending)
        package func forEachAlbum(
            matching query: Query = .all, offset: Int = 0, limit: Int = .max, withTracks: Bool = false,
            _ body: @escaping @Sendable (AlbumDetails) throws -> Void
        ) async throws
    {
        try await store.read { reader in
            try reader.forEachAlbum(matching: query, offset: offset, limit: limit) { album, index in
                // An album typed by hand has no tracks: no read for it.
                let tracks = withTracks && album.trackCount > 0 ? try reader.tracks(of: album.id) : []
                try body(AlbumDetails(album: album, index: index, tracks: tracks))
            }
        }
    }

    /// The listing fast path: streams the matching albums' fields without building `Album` values, in
    /// one read transaction (one hand-over to the store's thread, however long the list).
    ///
    /// `start` runs first, in the same transaction, with what a listing needs before its first row — how
    /// many albums the library holds (the width of the index column) and, when `withCurrent`, the current
    /// album's index (its mark) — and returns the function that renders each matching album with its
    /// library index. A source is valid only during its call.
    ///
    /// With `thenClose` the listing is the caller's last use of the library, which is closed as
    /// `close()` does, in the same hand-over (a command that only lists pays for one, not two). Only what
    /// `reading` names is read out of the database (a template's ``Template/fieldsRead``).
    nonisolated(nonsending)
        package func forEachRecord(
            matching query: Query = .all, reading: AlbumFieldsRead = .all, withCurrent: Bool = false,
            thenClose: Bool = false,
            start:
                @escaping @Sendable (_ count: Int, _ current: Int?) -> (any AlbumFieldSource, Int) throws ->
                Void
        ) async throws
    {
        try await store.read(thenClose: thenClose) { reader in
            let current = withCurrent ? try reader.resolveCurrent()?.index : nil
            try reader.forEachRecord(matching: query, reading: reading, start(try reader.count(), current))
        }
    }

    /// The album an index or id names, with its index and tracks.
    /// - Throws: `notFound` naming the reference ("no album at index 7 (the library has 5)").
    nonisolated(nonsending)
        package func album(_ reference: AlbumReference) async throws -> AlbumDetails
    {
        try await store.read { reader in
            let (album, index) = try reader.locate(reference, preferringExactTitle: true)
            return AlbumDetails(album: album, index: index, tracks: try reader.tracks(of: album.id))
        }
    }

    /// The current album with its index and tracks (the restored memento), or `nil` when the library is
    /// empty.
    nonisolated(nonsending)
        package func currentAlbum() async throws -> AlbumDetails?
    {
        try await store.read { reader in
            guard let (album, index) = try reader.currentAlbum() else { return nil }
            return AlbumDetails(album: album, index: index, tracks: try reader.tracks(of: album.id))
        }
    }

    /// The library's state: the current album, the count, and whether undo and redo are possible.
    nonisolated(nonsending)
        package func state() async throws -> LibraryState
    {
        try await cached(.state) { try await store.read { try $0.state() } }
    }

    /// The track with `id` (any spelling of its UUID), wherever its album is.
    /// - Throws: `notFound` — "no track with id …" — when `id` is not a track id or no track has it.
    nonisolated(nonsending)
        package func track(id: String) async throws -> Track
    {
        try await storedTrack(id: id).track
    }

    /// The track with `id` as stored: with its album's id and what its file was when last read.
    /// - Throws: `notFound` as ``track(id:)`` does.
    nonisolated(nonsending)
        package func storedTrack(id: String) async throws -> StoredTrack
    {
        let missing = LibraryError(.notFound, "no track with id \(id.prefix(60))")
        guard let trackID = TrackID(id) else { throw missing }
        guard let stored = try await store.read({ try $0.track(trackID.rawValue) }) else { throw missing }
        return stored
    }

    /// The tracks the library keeps under the folder `root` (of its albums and of deleted ones), with what
    /// a rescan compares: each file's size, time and tags when it was read.
    nonisolated(nonsending)
        package func storedTracks(under root: String) async throws -> [StoredTrack]
    {
        try await store.read { try $0.storedTracks(under: root) }
    }

    /// The music folders the library was imported from (`import DIR`), in byte order.
    nonisolated(nonsending)
        package func musicFolders() async throws -> [String]
    {
        try await store.read { try $0.musicFolders() }
    }

    /// Counts albums, artists, genres and years.
    nonisolated(nonsending)
        package func statistics() async throws -> LibraryStatistics
    {
        try await store.read { try $0.statistics() }
    }
}

/// A window of a long list of albums: what a face that never holds the whole library (the web page)
/// asks for.
package struct AlbumPage: Sendable {
    /// How many albums match the query.
    package var total: Int
    /// The position of the first album of the page among the matches (0 is the first match).
    package var offset: Int
    /// The position among the matches of the album the page was asked to surround, or `nil` when it
    /// was not asked for, does not match the query or is not in the library.
    package var position: Int?
    /// The page's albums in the query's order, each with its library index.
    package var albums: [(album: Album, index: Int)]
    /// The library's state, read in the same snapshot.
    package var state: LibraryState
}
