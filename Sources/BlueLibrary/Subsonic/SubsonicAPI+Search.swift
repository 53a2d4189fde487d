import BlueLibraryCore

/// Search: `search2` and `search3`. The query is the one query language every face reads (the command
/// line's `list`, the web page's search and the JSON API): bare words must each match, ignoring case and
/// accents, and `field:value`, `^`, `,` and quotes mean what they mean there. An album matches as `list`
/// matches it; a song as the web page's track search does (a bare word its own title or artist); an
/// artist by name (the bare words and `artist:` terms, when the query has no other kind). A comma is part
/// of a name ("Tyler, The Creator"), not a list of alternatives as on the command line. Text that is
/// not a valid query (`Live: 1975` names no field) is searched as plain words, as a search box would. An
/// empty query — or `""`, as Symfonium sends it — matches everything, in pages: that is how clients
/// copy the whole library.
extension SubsonicAPI {
    static let searchEndpoints: [String: Endpoint] = [
        "search2": { api, call in
            .element(
                .searchResult2,
                try await api.search(call, artist: SubsonicShapes.artist, album: SubsonicShapes.albumChild))
        },
        "search3": { api, call in
            .element(
                .searchResult3,
                try await api.search(call, artist: SubsonicShapes.artistID3, album: albumWithTitle))
        },
    ]

    /// An `AlbumID3` that also has the `title` a `Child` has, which some clients read from search results
    /// and an artist's albums (Mopidy-Subidy finds an artist's album by it).
    static func albumWithTitle(_ entry: CatalogAlbum, _ annotation: ItemAnnotation?) -> SubsonicElement {
        var element = SubsonicShapes.albumID3(entry, annotation)
        element.set(.title, entry.album.title)
        return element
    }

    /// The query a search's text means (see the top of this file); Lucene-style trailing wildcards
    /// (`abba*`) some clients add mean what a substring means already.
    static func searchQuery(_ text: String) -> Query {
        let trimmed = text.trimmed
        guard !trimmed.isEmpty, trimmed != "\"\"" else { return .all }
        let words =
            (try? Query.split(trimmed)) ?? trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
        // A comma is part of a name in a search box ("Tyler, The Creator"), never a list of alternatives.
        let unstarred = words.map { word in
            let bare = String(word.drop { $0 == "," }.reversed().drop { $0 == "," }.reversed())
            return bare.hasSuffix("*") ? String(bare.dropLast()) : bare
        }
        .filter { !$0.isEmpty }
        if let query = try? Query(terms: unstarred) { return query }
        // Plain words: each a bare word, as typed.
        let plain = unstarred.map { $0.filter { $0 != "\"" } }.filter { !$0.trimmed.isEmpty }
        return Query(groups: [
            plain.prefix(Query.maximumTerms).map { Query.Term(.anyText(SearchKey.fold($0))) }
        ])
    }

    /// The folded words an artist's name must hold for `query`: its bare words and `artist:` values, or
    /// `nil` when the query says more than that (another field, a negation, alternatives).
    static func artistWords(_ query: Query) -> [String]? {
        guard query.groups.count <= 1 else { return nil }
        var words: [String] = []
        for term in query.groups.first ?? [] {
            switch (term.predicate, term.negated) {
            case (.anyText(let word), false), (.contains(.artist, let word), false): words.append(word)
            default: return nil
            }
        }
        return words
    }

    private func search(
        _ call: Call, artist: @escaping @Sendable (CatalogArtist, ItemAnnotation?) -> SubsonicElement,
        album: @escaping @Sendable (CatalogAlbum, ItemAnnotation?) -> SubsonicElement
    ) async throws -> SubsonicElement {
        let parameters = call.parameters
        let query = Self.searchQuery(try parameters.required("query"))
        let range = 0...Self.maximumListSize
        let artistCount = try parameters.integer("artistCount", default: 20, in: range)
        let artistOffset = try parameters.integer("artistOffset", default: 0, in: 0...Self.maximumOffset)
        let albumCount = try parameters.integer("albumCount", default: 20, in: range)
        let albumOffset = try parameters.integer("albumOffset", default: 0, in: 0...Self.maximumOffset)
        let songCount = try parameters.integer("songCount", default: 20, in: range)
        let songOffset = try parameters.integer("songOffset", default: 0, in: 0...Self.maximumOffset)
        let user = call.user.id
        return try await library.listening { reader in
            var element = SubsonicElement()
            let artists =
                try Self.artistWords(query).map {
                    try reader.catalogArtists(matching: $0, offset: artistOffset, limit: artistCount)
                } ?? []
            element.add(.artist, list: try Self.artists(artists, reader, user: user, shape: artist))
            let albums = try reader.catalogAlbums(
                AlbumSelection(query: query, order: .title), offset: albumOffset, limit: albumCount)
            element.add(.album, list: try Self.albums(albums, reader, user: user, shape: album))
            let tracks = try reader.catalogTracks(
                TrackSelection(query: query), offset: songOffset, limit: songCount)
            element.add(.song, list: try Self.songs(tracks, reader, user: user))
            return element
        }
    }
}
