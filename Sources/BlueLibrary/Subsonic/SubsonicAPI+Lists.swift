import BlueLibraryCore

/// Lists: `getAlbumList` and `getAlbumList2` (random, newest, highest, frequent, recent, starred,
/// alphabeticalByName, alphabeticalByArtist, byYear, byGenre), `getRandomSongs`, `getSongsByGenre`,
/// `getNowPlaying`, `getStarred` and `getStarred2`.
extension SubsonicAPI {
    static let listEndpoints: [String: Endpoint] = [
        "getAlbumList": { api, call in
            .element(.albumList, try await api.albumList(call, shape: SubsonicShapes.albumChild))
        },
        "getAlbumList2": { api, call in
            .element(.albumList2, try await api.albumList(call, shape: SubsonicShapes.albumID3))
        },
        "getRandomSongs": { api, call in try await api.randomSongs(call) },
        "getSongsByGenre": { api, call in try await api.songsByGenre(call) },
        "getNowPlaying": { api, call in try await api.nowPlayingList(call) },
        "getStarred": { api, call in
            .element(
                .starred,
                try await api.starred(
                    call, artist: SubsonicShapes.artist, album: SubsonicShapes.albumChild, folders: true))
        },
        "getStarred2": { api, call in
            .element(
                .starred2,
                try await api.starred(
                    call, artist: SubsonicShapes.artistID3, album: SubsonicShapes.albumID3, folders: false))
        },
    ]

    /// The most items a list answers at once.
    static let maximumListSize = 500
    /// The largest offset into a list (beyond any library; it keeps offset + size within range).
    static let maximumOffset = 100_000_000

    /// `getAlbumList(2)?type=&size=&offset=` (and `fromYear`/`toYear`, `genre`).
    private func albumList(
        _ call: Call, shape: @escaping @Sendable (CatalogAlbum, ItemAnnotation?) -> SubsonicElement
    ) async throws -> SubsonicElement {
        let parameters = call.parameters
        let type = try parameters.required("type")
        let size = try parameters.integer("size", default: 10, in: 0...Self.maximumListSize)
        let offset = try parameters.integer("offset", default: 0, in: 0...Self.maximumOffset)
        let user = call.user.id
        enum Source: Sendable {
            case selection(AlbumSelection)
            case personal(PersonalOrder)
            case starred
        }
        let source: Source
        switch type {
        case "random": source = .selection(AlbumSelection(order: .random))
        case "newest": source = .selection(AlbumSelection(order: .newest))
        case "alphabeticalByName": source = .selection(AlbumSelection(order: .title))
        case "alphabeticalByArtist": source = .selection(AlbumSelection(order: .artist))
        case "byYear":
            guard let from = try parameters.optionalInteger("fromYear") else {
                throw SubsonicError.missing("fromYear")
            }
            guard let to = try parameters.optionalInteger("toYear") else {
                throw SubsonicError.missing("toYear")
            }
            // fromYear > toYear asks for the same years, latest first.
            source = .selection(
                AlbumSelection(years: min(from, to)...max(from, to), order: .year(ascending: from <= to)))
        case "byGenre":
            let genre = try parameters.required("genre")
            source = .selection(AlbumSelection(genreKey: SearchKey.fold(genre), order: .title))
        case "frequent": source = .personal(.frequent)
        case "recent": source = .personal(.recent)
        case "highest": source = .personal(.highest)
        case "starred": source = .starred
        default:
            throw SubsonicError.generic(
                "unknown list type '\(type.prefix(40))': use random, newest, highest, frequent, recent, starred, alphabeticalByName, alphabeticalByArtist, byYear or byGenre"
            )
        }
        let albums = try await library.listening { reader -> [SubsonicElement] in
            let found: [CatalogAlbum]
            switch source {
            case .selection(let selection):
                found = try reader.catalogAlbums(selection, offset: offset, limit: size)
            case .personal(let order):
                // Albums played or rated may have left the library since: ask for more until the page is full.
                let ids = try reader.albumIDs(of: user, by: order, offset: 0, limit: offset + size + 100)
                found = try reader.catalogAlbums(
                    AlbumSelection(ids: ids, order: .given), offset: offset, limit: size)
            case .starred:
                let ids = try reader.starred(by: user, kind: .album).compactMap(AlbumID.init)
                found = try reader.catalogAlbums(
                    AlbumSelection(ids: ids, order: .given), offset: offset, limit: size)
            }
            return try Self.albums(found, reader, user: user, shape: shape)
        }
        var element = SubsonicElement()
        element.add(.album, list: albums)
        return element
    }

    /// `getRandomSongs?size=&genre=&fromYear=&toYear=`.
    private func randomSongs(_ call: Call) async throws -> Outcome {
        let parameters = call.parameters
        let size = try parameters.integer("size", default: 10, in: 0...Self.maximumListSize)
        let from = try parameters.optionalInteger("fromYear")
        let to = try parameters.optionalInteger("toYear")
        var selection = TrackSelection(genreKey: parameters["genre"].map(SearchKey.fold), random: true)
        if from != nil || to != nil {
            let low = from ?? Album.yearRange.lowerBound
            let high = to ?? Album.yearRange.upperBound
            selection.years = min(low, high)...max(low, high)
        }
        let user = call.user.id
        let chosen = selection
        let songs = try await library.listening { reader in
            try Self.songs(try reader.catalogTracks(chosen, offset: 0, limit: size), reader, user: user)
        }
        var element = SubsonicElement()
        element.add(.song, list: songs)
        return .element(.randomSongs, element)
    }

    /// `getSongsByGenre?genre=&count=&offset=`.
    private func songsByGenre(_ call: Call) async throws -> Outcome {
        let parameters = call.parameters
        let genre = SearchKey.fold(try parameters.required("genre"))
        let count = try parameters.integer("count", default: 10, in: 0...Self.maximumListSize)
        let offset = try parameters.integer("offset", default: 0, in: 0...Self.maximumOffset)
        let user = call.user.id
        let songs = try await library.listening { reader in
            try Self.songs(
                try reader.catalogTracks(TrackSelection(genreKey: genre), offset: offset, limit: count),
                reader,
                user: user)
        }
        var element = SubsonicElement()
        element.add(.song, list: songs)
        return .element(.songsByGenre, element)
    }

    /// `getNowPlaying`: what every user's players said they play, the latest first.
    private func nowPlayingList(_ call: Call) async throws -> Outcome {
        let time = now()
        let entries = nowPlaying.current(at: time)
        let user = call.user.id
        let elements = try await library.listening { reader -> [SubsonicElement] in
            var elements: [SubsonicElement] = []
            for (number, entry) in entries.enumerated() {
                guard let track = try Self.track(id: entry.trackID, reader) else { continue }
                var element = try Self.songs([track], reader, user: user)[0]
                element.set(.username, entry.userName)
                element.set(.minutesAgo, Int((time - entry.since) / 60_000))
                element.set(.playerId, number + 1)
                element.set(.playerName, entry.player)
                elements.append(element)
            }
            return elements
        }
        var element = SubsonicElement()
        element.add(.entry, list: elements)
        return .element(.nowPlaying, element)
    }

    /// `getStarred` and `getStarred2`: the user's starred artists, albums and songs, latest first; with
    /// `folders` (`getStarred`, which browses by folder) the starred folders after the albums, as
    /// directories.
    private func starred(
        _ call: Call, artist: @escaping @Sendable (CatalogArtist, ItemAnnotation?) -> SubsonicElement,
        album: @escaping @Sendable (CatalogAlbum, ItemAnnotation?) -> SubsonicElement, folders: Bool
    ) async throws -> SubsonicElement {
        let user = call.user.id
        return try await library.listening { reader in
            let artistIDs = try reader.starred(by: user, kind: .artist)
            let byID = try Self.artistsByID(reader)
            let artists = artistIDs.compactMap { byID[$0] }
            let albumIDs = try reader.starred(by: user, kind: .album).compactMap(AlbumID.init)
            let albums = try reader.catalogAlbums(
                AlbumSelection(ids: albumIDs, order: .given), offset: 0, limit: .max)
            let tracks = try reader.catalogTracks(
                TrackSelection(ids: try reader.starred(by: user, kind: .song)), offset: 0, limit: .max)
            var element = SubsonicElement()
            element.add(.artist, list: try Self.artists(artists, reader, user: user, shape: artist))
            var albumList = try Self.albums(albums, reader, user: user, shape: album)
            let folderIDs = folders ? try reader.starred(by: user, kind: .folder) : []
            if !folderIDs.isEmpty {
                let tree = try self.folderTree(reader)
                let notes = try reader.annotations(of: user, kind: .folder, ids: folderIDs)
                albumList += folderIDs.compactMap { tree.path(ofFolder: $0) }.map { tree.child($0, notes) }
            }
            element.add(.album, list: albumList)
            element.add(.song, list: try Self.songs(tracks, reader, user: user))
            return element
        }
    }
}
