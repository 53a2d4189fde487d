import BlueLibraryCore
import BlueLibraryStore

/// The reads a face that browses a large library composes its views from (the web page's Albums,
/// Artists, Genres and Years views and its search): a window of a sorted or grouped list with its
/// length, where each initial or decade of it starts, the groups with their sizes, and the tracks a
/// search finds. Each read is one snapshot and returns at most the window it was asked for.
extension LibraryReading {
    /// A window of the albums matching `query` and in `group` (all when `nil`), in `order`: at most
    /// `limit` from the `offset`-th, with how many there are and the library's state.
    nonisolated(nonsending)
        package func page(
            matching query: Query = .all, in group: AlbumGroup? = nil, order: AlbumOrder, offset: Int,
            limit: Int
        ) async throws -> AlbumPage
    {
        try await cached(.sortedPage(query, group, order, offset: offset, limit: limit)) {
            try await sortedPage(matching: query, in: group, order: order, offset: offset, limit: limit)
        }
    }

    /// The albums with tracks that `artist` appears on without being their album artist — a guest ("Ann
    /// feat. Bob" credits Bob), a compilation's artist — in library order, at most `limit`: an artist's
    /// page, and `list artist:NAME`, name them below their own.
    nonisolated(nonsending)
        package func appearances(of artist: String, limit: Int) async throws -> [Album]
    {
        let key = SearchKey.fold(artist)
        guard !key.isEmpty else { return [] }
        return try await store.read { reader in
            let albums = try reader.catalogAlbums(
                AlbumSelection(ids: try reader.albumsCrediting(key), order: .given), offset: 0, limit: .max)
            return Array(albums.lazy.map(\.album).filter { SearchKey.fold($0.artist) != key }.prefix(limit))
        }
    }

    nonisolated(nonsending)
        private func sortedPage(
            matching query: Query, in group: AlbumGroup?, order: AlbumOrder, offset: Int, limit: Int
        ) async throws -> AlbumPage
    {
        try await store.read { reader in
            let total = try reader.count(matching: query, in: group)
            var albums: [(album: Album, index: Int)] = []
            albums.reserveCapacity(min(max(limit, 0), max(total - offset, 0)))
            try reader.forEachAlbum(matching: query, in: group, order: order, offset: offset, limit: limit) {
                albums.append(($0, $1))
            }
            return AlbumPage(
                total: total, offset: max(offset, 0), position: nil, albums: albums, state: try reader.state()
            )
        }
    }

    /// Where each part of that list starts, for a rail that jumps: by initial ("#" for digits and
    /// signs, then "A" to "Z") in artist or title order, by decade ("2020s" … "No year") in year order;
    /// none in the order of addition.
    nonisolated(nonsending)
        package func sections(matching query: Query = .all, in group: AlbumGroup? = nil, order: AlbumOrder)
        async throws -> [ListSection]
    {
        try await cached(.sections(query, group, order)) { try await uncachedSections(query, group, order) }
    }

    nonisolated(nonsending)
        private func uncachedSections(_ query: Query, _ group: AlbumGroup?, _ order: AlbumOrder)
        async throws -> [ListSection]
    {
        try await store.read { reader in
            switch order {
            case .artist:
                ListSection.initials(try reader.initialCounts(of: .artist, matching: query, in: group))
            case .title:
                ListSection.initials(try reader.initialCounts(of: .title, matching: query, in: group))
            case .year: ListSection.decades(try reader.decadeCounts(matching: query, in: group))
            case .added: []
            }
        }
    }

    /// A window of the album artists or genres, in folded order, each with how many albums it has, and
    /// how many there are.
    nonisolated(nonsending)
        package func groups(by field: AlbumGroup.Field, offset: Int, limit: Int) async throws -> GroupPage
    {
        try await cached(.groups(field, offset: offset, limit: limit)) {
            try await store.read { reader in
                GroupPage(
                    total: try reader.groupCount(by: field), offset: max(offset, 0),
                    groups: try reader.groups(by: field, offset: offset, limit: limit))
            }
        }
    }

    /// Where each initial starts in the list of album artists or genres.
    nonisolated(nonsending)
        package func groupSections(by field: AlbumGroup.Field) async throws -> [ListSection]
    {
        try await cached(.groupSections(field)) {
            try await store.read { ListSection.initials(try $0.groupInitialCounts(by: field)) }
        }
    }

    /// A window of the tracks `query` matches, each with its album, in library order and then album
    /// order: a bare word (and `track:`, `trackartist:`) matches a track's own title or artist, ignoring
    /// case and accents as every search does; album fields (`artist:`, `year:` …) match its album.
    /// `more` says whether tracks follow the window (found without counting every match).
    nonisolated(nonsending)
        package func tracks(matching query: Query, offset: Int, limit: Int) async throws -> TrackPage
    {
        let found = try await store.read { reader in
            var found: [(track: Track, album: Album)] = []
            // One more than asked for says whether more follow.
            try reader.forEachTrack(matching: query, offset: offset, limit: min(limit, .max - 1) + 1) {
                found.append(($0, $1))
            }
            return found
        }
        return TrackPage(
            offset: max(offset, 0), tracks: Array(found.prefix(limit)), more: found.count > limit)
    }
}

/// Where one part of a long list starts: its label ("A", "1990s"), the position of its first item
/// and how many items it has.
package struct ListSection: Sendable, Equatable {
    /// What a rail shows.
    package var label: String
    /// The position of the section's first item in the list (0 is the first).
    package var offset: Int
    /// How many items the section has.
    package var count: Int
    /// The decade the section is, for a list in year order (`nil` for albums without a year).
    package var decade: Int?

    /// A section.
    package init(label: String, offset: Int, count: Int, decade: Int? = nil) {
        self.label = label
        self.offset = offset
        self.count = count
        self.decade = decade
    }

    /// The sections of a list by initial, from how many items each first character begins (in the list's
    /// byte order): "#" for the characters before "a" (digits, signs, an empty text), "A" to "Z" for the
    /// letters; items in other scripts sort after "z" and are left in the last section.
    static func initials(_ counts: [(initial: String, count: Int)]) -> [ListSection] {
        var sections: [ListSection] = []
        var offset = 0
        for (initial, count) in counts {
            defer { offset += count }
            let byte = initial.utf8.first ?? 0
            let label: String
            if byte < UInt8(ascii: "a") {
                label = "#"
            } else if byte <= UInt8(ascii: "z") {
                label = initial.uppercased()
            } else {
                if !sections.isEmpty { sections[sections.count - 1].count += count }
                continue
            }
            if sections.last?.label == label {
                sections[sections.count - 1].count += count
            } else {
                sections.append(ListSection(label: label, offset: offset, count: count))
            }
        }
        return sections
    }

    /// The sections of a list in year order, one per decade (newest first, "No year" last).
    static func decades(_ counts: [(decade: Int?, count: Int)]) -> [ListSection] {
        var offset = 0
        return counts.map { decade, count in
            defer { offset += count }
            return ListSection(
                label: decade.map { "\($0)s" } ?? "No year", offset: offset, count: count, decade: decade)
        }
    }
}

/// A window of the album artists or genres.
package struct GroupPage: Sendable {
    /// How many groups there are.
    package var total: Int
    /// The position of the window's first group.
    package var offset: Int
    /// The groups, each with its number of albums, named by the first of its spellings in byte order
    /// ("Björk" before "bjork").
    package var groups: [(name: String, count: Int)]
}

/// A window of the tracks a search found.
package struct TrackPage: Sendable {
    /// The position of the window's first track among the matches.
    package var offset: Int
    /// The tracks, each with its album.
    package var tracks: [(track: Track, album: Album)]
    /// Whether more tracks match after the window.
    package var more: Bool
}
