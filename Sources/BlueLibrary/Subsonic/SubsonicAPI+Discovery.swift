import BlueLibraryCore

/// Discovery from the library itself — no internet service is asked: `getTopSongs` (an artist's songs
/// the user played most), `getSimilarSongs`/`getSimilarSongs2` (a mix of the seed artist's songs and
/// songs of the same genre and decade), `getArtistInfo`/`getArtistInfo2` (a summary and the artists
/// sharing a genre) and `getAlbumInfo`/`getAlbumInfo2` (a summary and the MusicBrainz id). What apps
/// call "radio" and "mix" plays these.
extension SubsonicAPI {
    static let discoveryEndpoints: [String: Endpoint] = [
        "getTopSongs": { api, call in try await api.topSongs(call) },
        "getSimilarSongs": { api, call in try await api.similarSongs(call, element: .similarSongs) },
        "getSimilarSongs2": { api, call in try await api.similarSongs(call, element: .similarSongs2) },
        "getArtistInfo": { api, call in
            try await api.artistInfo(call, shape: SubsonicShapes.artist, .artistInfo)
        },
        "getArtistInfo2": { api, call in
            try await api.artistInfo(call, shape: SubsonicShapes.artistID3, .artistInfo2)
        },
        "getAlbumInfo": { api, call in try await api.albumInfo(call) },
        "getAlbumInfo2": { api, call in try await api.albumInfo(call) },
    ]

    /// `getTopSongs?artist=NAME&count=`: the artist's songs, the ones the user played most first (then in
    /// album order); an unknown artist has none.
    private func topSongs(_ call: Call) async throws -> Outcome {
        let name = try call.parameters.required("artist")
        let count = try call.parameters.integer("count", default: 50, in: 0...Self.maximumListSize)
        let user = call.user.id
        let songs = try await library.listening { reader -> [SubsonicElement] in
            let key = SearchKey.fold(name)
            guard
                let artist = try reader.catalogArtists(matching: [key], offset: 0, limit: .max).first(where: {
                    $0.key == key
                })
            else { return [] }
            let tracks = try Self.tracks(of: artist, reader)
            let plays = try reader.annotations(of: user, kind: .song, ids: tracks.map(\.stored.track.id))
            let ranked = tracks.enumerated().sorted { first, second in
                let (a, b) = (
                    plays[first.element.stored.track.id]?.playCount ?? 0,
                    plays[second.element.stored.track.id]?.playCount ?? 0
                )
                return a != b ? a > b : first.offset < second.offset
            }
            return try Self.songs(Array(ranked.prefix(count).map(\.element)), reader, user: user)
        }
        var element = SubsonicElement()
        element.add(.song, list: songs)
        return .element(.topSongs, element)
    }

    /// `getSimilarSongs?id=&count=` (an artist, an album or a song) and `getSimilarSongs2?id=` (an
    /// artist): songs of the same genre, of the same decade and of the seed's artist, taken in turn, each
    /// source shuffled; never the seed song itself.
    private func similarSongs(_ call: Call, element name: SubsonicName) async throws -> Outcome {
        let id = try call.parameters.required("id")
        let count = try call.parameters.integer("count", default: 50, in: 0...Self.maximumListSize)
        let user = call.user.id
        let songs = try await library.listening { reader -> [SubsonicElement] in
            let seed = try Self.item(id, reader)
            let albums: [Album]
            var skipped: String?
            switch seed {
            case .song(let track):
                albums = [track.album]
                skipped = track.stored.track.id
            case .album(let album): albums = [album.album]
            case .artist(let artist):
                albums = try reader.catalogAlbums(
                    AlbumSelection(artistKey: artist.key, order: .title), offset: 0, limit: .max
                ).map(\.album)
            }
            var sources: [[CatalogTrack]] = []
            if let genre = albums.first(where: { !$0.genre.isEmpty })?.genre {
                sources.append(
                    try reader.catalogTracks(
                        TrackSelection(genreKey: SearchKey.fold(genre), random: true), offset: 0, limit: count
                    ))
            }
            if let year = albums.compactMap(\.year).first {
                let decade = year - year % 10
                sources.append(
                    try reader.catalogTracks(
                        TrackSelection(years: decade...(decade + 9), random: true), offset: 0, limit: count))
            }
            if let artist = albums.first?.artist {
                let key = SearchKey.fold(artist)
                let found = try reader.catalogArtists(matching: [key], offset: 0, limit: .max)
                if let artist = found.first(where: { $0.key == key }) {
                    sources.append(try Self.tracks(of: artist, reader).shuffled())
                }
            }
            var picked: [CatalogTrack] = []
            var seen: Set<String> = skipped.map { [$0] } ?? []
            var cursors = Array(repeating: 0, count: sources.count)
            while picked.count < count, cursors.indices.contains(where: { cursors[$0] < sources[$0].count }) {
                for source in sources.indices
                where picked.count < count && cursors[source] < sources[source].count {
                    let track = sources[source][cursors[source]]
                    cursors[source] += 1
                    if seen.insert(track.stored.track.id).inserted { picked.append(track) }
                }
            }
            return try Self.songs(picked, reader, user: user)
        }
        var element = SubsonicElement()
        element.add(.song, list: songs)
        return .element(name, element)
    }

    /// `getArtistInfo?id=&count=` / `getArtistInfo2`: what the library knows of an artist (a line of
    /// biography: albums, years, genres) and up to `count` artists sharing one of their genres, those
    /// sharing the most first.
    private func artistInfo(
        _ call: Call, shape: @escaping @Sendable (CatalogArtist, ItemAnnotation?) -> SubsonicElement,
        _ name: SubsonicName
    ) async throws -> Outcome {
        let id = try call.parameters.required("id")
        let count = try call.parameters.integer("count", default: 20, in: 0...Self.maximumListSize)
        let user = call.user.id
        let element = try await library.listening { reader -> SubsonicElement in
            guard let artist = try Self.artist(id: id, reader) else {
                throw SubsonicError.notFound("no artist has id \(id.prefix(80))")
            }
            let albums = try reader.catalogAlbums(
                AlbumSelection(artistKey: artist.key, order: .year(ascending: true)), offset: 0, limit: .max
            ).map(\.album)
            let genres = Self.distinct(albums.map(\.genre).filter { !$0.isEmpty })
            var shared: [String: (artist: CatalogArtist?, genres: Int)] = [:]
            for genre in genres {
                let others = try reader.catalogAlbums(
                    AlbumSelection(genreKey: SearchKey.fold(genre), order: .artist), offset: 0, limit: 2_000)
                for key in Set(others.map { SearchKey.fold($0.album.artist) }) where key != artist.key {
                    shared[key, default: (nil, 0)].genres += 1
                }
            }
            let ranked = shared.sorted {
                $0.value.genres != $1.value.genres ? $0.value.genres > $1.value.genres : $0.key < $1.key
            }
            var similar: [CatalogArtist] = []
            for (key, _) in ranked where similar.count < count {
                if let found = try reader.catalogArtists(matching: [key], offset: 0, limit: .max).first(
                    where: { $0.key == key })
                {
                    similar.append(found)
                }
            }
            var element = SubsonicElement()
            element.set(.biography, Self.biography(of: artist, albums: albums, genres: genres))
            element.add(.similarArtist, list: try Self.artists(similar, reader, user: user, shape: shape))
            return element
        }
        return .element(name, element)
    }

    /// `getAlbumInfo?id=` / `getAlbumInfo2`: a line of notes and the album's MusicBrainz release id.
    private func albumInfo(_ call: Call) async throws -> Outcome {
        let id = try call.parameters.required("id")
        let element = try await library.listening { reader -> SubsonicElement in
            let album: Album
            switch try Self.item(id, reader) {
            case .album(let found): album = found.album
            case .song(let track): album = track.album
            case .artist: throw SubsonicError.notFound("no album or song has id \(id.prefix(80))")
            }
            var element = SubsonicElement()
            element.set(.notes, Self.notes(of: album))
            element.set(.musicBrainzId, album.mbid)
            return element
        }
        return .element(.albumInfo, element)
    }

    /// Every track of the artist's albums, in album order.
    private static func tracks(of artist: CatalogArtist, _ reader: Reader) throws -> [CatalogTrack] {
        try reader.catalogAlbums(
            AlbumSelection(artistKey: artist.key, order: .year(ascending: true)), offset: 0, limit: .max
        )
        .flatMap { try reader.catalogTracks(TrackSelection(album: $0.album.id), offset: 0, limit: .max) }
    }

    /// "2 albums in this library, 1993–2001: Début, Post. Pop, Electronic."
    static func biography(of artist: CatalogArtist, albums: [Album], genres: [String]) -> String {
        let years = albums.compactMap(\.year)
        let span =
            years.min().map { low in low == years.max() ? ", \(low)" : ", \(low)–\(years.max() ?? low)" }
            ?? ""
        let count = albums.count == 1 ? "1 album" : "\(albums.count) albums"
        let titles = albums.prefix(10).map(\.title).joined(separator: ", ") + (albums.count > 10 ? ", …" : "")
        let kinds = genres.isEmpty ? "" : " " + genres.joined(separator: ", ") + "."
        return "\(artist.name): \(count) in this library\(span): \(titles).\(kinds)"
    }

    /// "Début by Björk, 1993. Pop. 11 tracks, 48:20."
    static func notes(of album: Album) -> String {
        let year = album.year.map { ", \($0)" } ?? ""
        let genre = album.genre.isEmpty ? "" : " \(album.genre)."
        let seconds = SubsonicShapes.seconds(album.length)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let length =
            seconds >= 3600
            ? "\(seconds / 3600):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
            : "\(seconds / 60):\(two(seconds % 60))"
        let tracks = album.trackCount == 1 ? "1 track" : "\(album.trackCount) tracks"
        return "\(album.title) by \(album.artist)\(year).\(genre) \(tracks), \(length)."
    }

    /// `values` without repeats (compared folded), in order.
    private static func distinct(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert(SearchKey.fold($0)).inserted }
    }
}
