import BlueLibraryCore

/// Browsing: by tags (`getArtists`, `getArtist`, `getAlbum`, `getSong`, `getGenres`) and as folders
/// (`getIndexes`, `getMusicDirectory`: the music folders' own folders, ``MusicFolderTree``; an artist's
/// or an album's id is a folder too — an artist's holds their albums, an album's its songs).
extension SubsonicAPI {
    static let browsingEndpoints: [String: Endpoint] = [
        "getArtists": { api, call in try await api.artists(call) },
        "getIndexes": { api, call in try await api.indexes(call) },
        "getArtist": { api, call in try await api.artist(call) },
        "getAlbum": { api, call in try await api.album(call) },
        "getSong": { api, call in try await api.song(call) },
        "getMusicDirectory": { api, call in try await api.directory(call) },
        "getGenres": { api, _ in try await api.genres() },
    ]

    private func artists(_ call: Call) async throws -> Outcome {
        .element(.artists, try await artistIndex(call, shape: SubsonicShapes.artistID3))
    }

    /// `getIndexes`: the top folders of the music folders by letter, and the songs right in them.
    private func indexes(_ call: Call) async throws -> Outcome {
        let user = call.user.id
        // The whole index is answered every time (`ifModifiedSince` is not followed), so "now" is right.
        let time = Int(now())
        let element = try await library.listening { reader -> SubsonicElement in
            let tree = try self.folderTree(reader)
            var element = SubsonicElement()
            element.set(.lastModified, time)
            element.set(.ignoredArticles, SubsonicShapes.ignoredArticles.joined(separator: " "))
            let index = SubsonicShapes.indexes(
                tree.topFolders, sortName: { MusicFolderTree.sortName(tree.folders[$0]?.name ?? $0) }
            ) { path in
                var folder = SubsonicElement()
                folder.set(.id, tree.folders[path]?.id ?? MusicFolderTree.id(ofFolder: path))
                folder.set(.name, tree.folders[path]?.name ?? path)
                return folder
            }
            element.add(.index, list: index)
            if !tree.topTracks.isEmpty {
                element.add(.child, list: try Self.songs(tree.topTracks, reader, user: user))
            }
            return element
        }
        return .element(.indexes, element)
    }

    /// The music folders as folders, from where every track's file is (kept until the library changes).
    func folderTree(_ reader: Reader) throws -> MusicFolderTree {
        try folderTrees.tree {
            MusicFolderTree(
                tracks: try reader.catalogTracks(TrackSelection(), offset: 0, limit: .max),
                roots: try reader.musicFolders())
        }
    }

    /// A folder of the tree (the root with ``MusicFolderTree/rootID``) as a `Directory`, its subfolders
    /// first, then its songs; `nil` when `id` is no folder's.
    private func folderDirectory(_ id: String, _ reader: Reader, user: String) throws
        -> SubsonicElement?
    {
        guard id == MusicFolderTree.rootID || id.hasPrefix(MusicFolderTree.folderPrefix) else { return nil }
        let tree = try folderTree(reader)
        var element = SubsonicElement()
        let (folders, tracks): ([String], [CatalogTrack])
        if id == MusicFolderTree.rootID || tree.rootIDs.contains(id) {
            element.set(.id, id)
            element.set(.name, "Music")
            (folders, tracks) = (tree.topFolders, tree.topTracks)
        } else {
            guard let folder = tree.folder(id: id) else { return nil }
            let note = try reader.annotations(of: user, kind: .folder, ids: [folder.id])[folder.id]
            element.set(.id, folder.id)
            element.set(.parent, folder.parent)
            element.set(.name, folder.name)
            element.set(.starred, note?.starred.map { SubsonicShapes.date(milliseconds: $0) })
            element.set(.userRating, note?.rating)
            (folders, tracks) = (folder.folders, folder.tracks)
        }
        let notes = try reader.annotations(
            of: user, kind: .folder, ids: folders.compactMap { tree.folders[$0]?.id })
        let songs = try Self.songs(tracks, reader, user: user).map { song in
            var song = song
            song.replace(.parent, with: id)
            return song
        }
        element.add(.child, list: folders.map { tree.child($0, notes) } + songs)
        return element
    }

    /// Every artist, each shaped by `shape` with what the user recorded about them, grouped by initial:
    /// `getArtists` (by tags) and `getIndexes` (as folders) differ only in each artist's shape. The
    /// artists only credited on tracks are listed too, each counting the albums they appear on (what
    /// `getArtist` answers for their id).
    private func artistIndex(
        _ call: Call, shape: @escaping @Sendable (CatalogArtist, ItemAnnotation?) -> SubsonicElement
    ) async throws -> SubsonicElement {
        let user = call.user.id
        let artists = try await library.catalogArtistsWithGuests()
        let indexes = try await library.listening { reader in
            let ids = artists.map { SubsonicShapes.artistID(key: $0.key) }
            let notes = try reader.annotations(of: user, kind: .artist, ids: ids)
            return SubsonicShapes.indexes(artists) { shape($0, notes[SubsonicShapes.artistID(key: $0.key)]) }
        }
        var element = SubsonicElement()
        element.set(.ignoredArticles, SubsonicShapes.ignoredArticles.joined(separator: " "))
        element.add(.index, list: indexes)
        return element
    }

    private func artist(_ call: Call) async throws -> Outcome {
        let id = try call.parameters.required("id")
        let user = call.user.id
        let element = try await library.listening { reader -> SubsonicElement in
            guard let artist = try Self.artist(id: id, reader) else {
                throw SubsonicError.notFound("no artist has id \(id.prefix(80))")
            }
            var albums = try reader.catalogAlbums(
                AlbumSelection(artistKey: artist.key, order: .year(ascending: true)), offset: 0, limit: .max)
            if albums.isEmpty {
                // An artist only credited on tracks: the albums they appear on.
                let appearances = try reader.albumsCrediting(artist.key)
                albums = try reader.catalogAlbums(
                    AlbumSelection(ids: appearances, order: .year(ascending: true)), offset: 0, limit: .max)
            }
            var element = try Self.artists([artist], reader, user: user)[0]
            element.add(
                .album, list: try Self.albums(albums, reader, user: user, shape: Self.albumWithTitle))
            return element
        }
        return .element(.artist, element)
    }

    private func album(_ call: Call) async throws -> Outcome {
        let id = try call.parameters.required("id")
        let user = call.user.id
        let element = try await library.listening { reader -> SubsonicElement in
            guard let album = try Self.album(id: id, reader) else {
                throw SubsonicError.notFound("no album has id \(id.prefix(80))")
            }
            let tracks = try reader.catalogTracks(
                TrackSelection(album: album.album.id), offset: 0, limit: .max)
            var element = try Self.albums([album], reader, user: user)[0]
            element.add(.song, list: try Self.songs(tracks, reader, user: user))
            return element
        }
        return .element(.album, element)
    }

    private func song(_ call: Call) async throws -> Outcome {
        let id = try call.parameters.required("id")
        let user = call.user.id
        let element = try await library.listening { reader -> SubsonicElement in
            guard let track = try Self.track(id: id, reader) else {
                throw SubsonicError.notFound("no song has id \(id.prefix(80))")
            }
            return try Self.songs([track], reader, user: user)[0]
        }
        return .element(.song, element)
    }

    /// `getMusicDirectory?id=`: a folder of the music folders (or the root), an artist's albums as
    /// folders, or an album's songs.
    private func directory(_ call: Call) async throws -> Outcome {
        let id = try call.parameters.required("id")
        let user = call.user.id
        let element = try await library.listening { reader -> SubsonicElement in
            if let folder = try self.folderDirectory(id, reader, user: user) { return folder }
            var element = SubsonicElement()
            if let artist = try Self.artist(id: id, reader) {
                let albums = try reader.catalogAlbums(
                    AlbumSelection(artistKey: artist.key, order: .year(ascending: true)), offset: 0,
                    limit: .max)
                let note = try reader.annotations(of: user, kind: .artist, ids: [id])[id]
                element.set(.id, id)
                element.set(.parent, String(SubsonicShapes.musicFolderID))
                element.set(.name, artist.name)
                element.set(.starred, note?.starred.map { SubsonicShapes.date(milliseconds: $0) })
                element.set(.userRating, note?.rating)
                element.add(
                    .child,
                    list: try Self.albums(albums, reader, user: user, shape: SubsonicShapes.albumChild))
                return element
            }
            guard let album = try Self.album(id: id, reader) else {
                throw SubsonicError.notFound("no folder, artist or album has id \(id.prefix(80))")
            }
            let tracks = try reader.catalogTracks(
                TrackSelection(album: album.album.id), offset: 0, limit: .max)
            let albumID = album.album.id.rawValue
            let note = try reader.annotations(of: user, kind: .album, ids: [albumID])[albumID]
            element.set(.id, album.album.id.rawValue)
            element.set(.parent, SubsonicShapes.artistID(of: album.album))
            element.set(.name, album.album.title)
            element.set(.starred, note?.starred.map { SubsonicShapes.date(milliseconds: $0) })
            element.set(.userRating, note?.rating)
            element.set(.playCount, note?.playCount ?? 0)
            element.add(.child, list: try Self.songs(tracks, reader, user: user))
            return element
        }
        return .element(.directory, element)
    }

    private func genres() async throws -> Outcome {
        // Each genre an album's genre text names is one ("Alternative; Art Rock" is two), its albums
        // counted once.
        let wholes = try await library.listening { try $0.catalogGenres() }
        let genres = GenreParts(wholes.map { ($0.name, $0.albumCount, $0.songCount) }).parts
        let sorted = genres.sorted { SearchKey.precedes($0.key, $1.key) }
        var element = SubsonicElement()
        element.add(
            .genre,
            list: sorted.map { genre in
                var item = SubsonicElement()
                item.set(.songCount, genre.songs)
                item.set(.albumCount, genre.albums)
                item.text = genre.name
                return item
            })
        return .element(.genres, element)
    }
}
