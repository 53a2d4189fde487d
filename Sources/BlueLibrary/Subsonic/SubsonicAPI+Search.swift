import BlueLibraryCore

/// Search: `search2` and `search3`. Every word of the query must match, ignoring case and accents, as a
/// bare word of the command line's queries does: an artist by name; an album by its title, artist or
/// genre or one of its tracks' titles and artists; a song by its title or artist or its album's title or
/// artist. An empty query — or `""`, as Symfonium sends it — matches everything, in pages: that is how
/// clients copy the whole library.
extension SubsonicAPI {
    static let searchEndpoints: [String: Endpoint] = [
        "search2": { api, call in
            .element(
                "searchResult2",
                try await api.search(call, artist: SubsonicShapes.artist, album: SubsonicShapes.albumChild))
        },
        "search3": { api, call in
            .element(
                "searchResult3",
                try await api.search(call, artist: SubsonicShapes.artistID3, album: SubsonicShapes.albumID3))
        },
    ]

    /// The folded words of a search query; none for an empty query or `""`.
    static func searchWords(_ query: String) -> [String] {
        var text = query.trimmed
        if text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") {
            text = String(text.dropFirst().dropLast())
        }
        // Lucene-style trailing wildcards (`abba*`) some clients add mean what a substring means already.
        return text.split(whereSeparator: \.isWhitespace).map { word in
            SearchKey.fold(String(word.hasSuffix("*") ? word.dropLast() : word))
        }
        .filter { !$0.isEmpty }
    }

    private func search(
        _ call: Call, artist: @escaping @Sendable (CatalogArtist, ItemAnnotation?) -> SubsonicElement,
        album: @escaping @Sendable (CatalogAlbum, ItemAnnotation?) -> SubsonicElement
    ) async throws -> SubsonicElement {
        let parameters = call.parameters
        let words = Self.searchWords(try parameters.required("query"))
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
            let artists = try reader.catalogArtists(matching: words, offset: artistOffset, limit: artistCount)
            element.add("artist", list: try Self.artists(artists, reader, user: user, shape: artist))
            let albums = try reader.catalogAlbums(
                AlbumSelection(words: words, order: .title), offset: albumOffset, limit: albumCount)
            element.add("album", list: try Self.albums(albums, reader, user: user, shape: album))
            let tracks = try reader.catalogTracks(
                TrackSelection(words: words), offset: songOffset, limit: songCount)
            element.add("song", list: try Self.songs(tracks, reader, user: user))
            return element
        }
    }
}
