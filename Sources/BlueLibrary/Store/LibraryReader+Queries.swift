import BlueLibraryCore

/// The questions a transaction asks about the library — which album a reference names, the current
/// album, the state the faces show — answered on the reader or writer the transaction holds, so that
/// code inside a transaction never needs the facade (which would wait for that very transaction).
extension LibraryReader {
    /// Whether the library holds the tutorial's five albums, untouched, and nothing else: what a first
    /// import of a real collection (a music folder, or an export being restored) replaces.
    package func holdsOnlyTheSeeds() throws -> Bool {
        guard try count() == Album.seeds.count else { return false }
        return try albums() == Album.seeds
    }

    /// The album an index or id refers to, with its index.
    /// - Throws: `notFound` naming the reference ("no album at index 7 (the library has 5)").
    /// - Parameter preferringExactTitle: whether a query that matches several albums names the one whose
    ///   title is exactly its text, when there is one (what `show` reads; a change — `delete`, `edit`,
    ///   `select` — never guesses, and lists them).
    package func locate(_ reference: AlbumReference, preferringExactTitle: Bool = false) throws -> (
        album: Album, index: Int
    ) {
        switch reference {
        case .index(let index):
            guard let album = try album(at: index) else {
                let count = try count()
                let size = count == 0 ? "the library is empty" : "the library has \(count)"
                throw LibraryError(.notFound, "no album at index \(index) (\(size))")
            }
            return (album, index)
        case .id(let id):
            guard let found = try locate(id) else {
                throw LibraryError(.notFound, "no album with id \(id)")
            }
            return found
        case .query(let query, let text):
            var matches: [(album: Album, index: Int)] = []
            try forEachAlbum(matching: query, offset: 0, limit: 6) { matches.append(($0, $1)) }
            if preferringExactTitle, matches.count > 1, let exact = try exactTitle(query) { return exact }
            guard matches.count == 1, let only = matches.first else {
                guard !matches.isEmpty else { throw LibraryError(.notFound, "no album matches '\(text)'") }
                let total = try count(matching: query)
                let named = matches.prefix(5).map { "\($0.index) \($0.album.artist) - \($0.album.title)" }
                let more = total > 5 ? "; and \(total - 5) more" : ""
                throw LibraryError(
                    .notFound,
                    "'\(text)' matches \(total) albums (\(named.joined(separator: "; "))\(more)); name one by its index or id"
                )
            }
            return only
        }
    }

    /// The one album among those `query` matches whose title is exactly the query's text (any case,
    /// any accents: ``Query/titleText``), if there is exactly one.
    private func exactTitle(_ query: Query) throws -> (album: Album, index: Int)? {
        guard let title = query.titleText, let terms = query.groups.first else { return nil }
        var exact: [(album: Album, index: Int)] = []
        // Only albums whose title holds the text can have it as their whole title.
        let narrowed = Query(groups: [terms + [Query.Term(.contains(.title, title))]])
        try forEachAlbum(matching: narrowed, offset: 0, limit: 1000) { album, index in
            if SearchKey.fold(album.title) == title && exact.count < 2 { exact.append((album, index)) }
        }
        return exact.count == 1 ? exact[0] : nil
    }

    /// The library's state: the current album, the count, and whether undo and redo are possible.
    package func state() throws -> LibraryState {
        let stored = try storedState()
        // The saved album, still in the library, is where the stored state says.
        let current =
            if let saved = stored.saved, let index = stored.savedIndex {
                CurrentAlbum(id: saved.id, index: index)
            } else {
                try resolveCurrent(saved: stored.saved, count: stored.count)
            }
        return LibraryState(
            current: current, count: stored.count, canUndo: stored.canUndo, canRedo: stored.canRedo)
    }

    /// The current album and its index (the restored memento), or `nil` when the library is empty.
    package func currentAlbum() throws -> (album: Album, index: Int)? {
        guard let current = try resolveCurrent() else { return nil }
        return try album(at: current.index).map { ($0, current.index) }
    }

    /// The saved current album, found by id (`preferred` first, when given); when it is gone, the
    /// album now at its saved index, clamped into range; the first album when nothing was saved.
    package func resolveCurrent(preferring preferred: AlbumID? = nil) throws -> CurrentAlbum? {
        try resolveCurrent(preferring: preferred, saved: try savedCurrent(), count: nil)
    }

    /// ``resolveCurrent(preferring:)`` from the `saved` current album, and the number of albums when the
    /// caller has read it already.
    private func resolveCurrent(preferring preferred: AlbumID? = nil, saved: CurrentAlbum?, count known: Int?)
        throws -> CurrentAlbum?
    {
        for id in [preferred, saved?.id].compactMap({ $0 }) {
            if let (_, index) = try locate(id) { return CurrentAlbum(id: id, index: index) }
        }
        let count = try known ?? count()
        guard count > 0 else { return nil }
        let index = min(max(saved?.index ?? 0, 0), count - 1)
        return try album(at: index).map { CurrentAlbum(id: $0.id, index: index) }
    }
}

extension LibraryReader {
    /// Counts albums, distinct artists and genres, tracks and their length, and the range of years, in
    /// one pass.
    package func statistics() throws -> LibraryStatistics {
        var statistics = LibraryStatistics(state: try state())
        var artists = Set<String>()
        var genres = Set<String>()
        try forEachAlbum(matching: .all) { album, _ in
            statistics.albums += 1
            statistics.tracks += album.trackCount
            statistics.length += album.length
            artists.insert(SearchKey.fold(album.artist))
            // Each genre the album's genre text names (``GenreParts``): "Alternative; Art Rock" is two.
            for genre in CreditSeparators.current.split(album.genre) { genres.insert(SearchKey.fold(genre)) }
            if let year = album.year {
                statistics.years =
                    statistics.years.map { min($0.lowerBound, year)...max($0.upperBound, year) }
                    ?? year...year
            }
        }
        statistics.artists = artists.count
        statistics.genres = genres.count
        return statistics
    }
}
