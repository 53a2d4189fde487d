import BlueLibraryCore

/// What several endpoints read inside their transaction: items with the user's stars, ratings and plays,
/// and an id's item whatever its kind.
extension SubsonicAPI {
    typealias Reader = any CatalogReader & UserDataReader

    /// Albums shaped by `shape`, each with what `user` recorded about it.
    static func albums(
        _ albums: [CatalogAlbum], _ reader: Reader, user: String,
        shape: (CatalogAlbum, ItemAnnotation?) -> SubsonicElement = SubsonicShapes.albumID3
    ) throws -> [SubsonicElement] {
        let notes = try reader.annotations(of: user, kind: .album, ids: albums.map(\.album.id.rawValue))
        return albums.map { shape($0, notes[$0.album.id.rawValue]) }
    }

    /// Songs, each with what `user` recorded about it.
    static func songs(_ tracks: [CatalogTrack], _ reader: Reader, user: String) throws -> [SubsonicElement] {
        let notes = try reader.annotations(of: user, kind: .song, ids: tracks.map(\.stored.track.id))
        return tracks.map { SubsonicShapes.song($0, notes[$0.stored.track.id]) }
    }

    /// Artists shaped by `shape`, each with what `user` recorded about them.
    static func artists(
        _ artists: [CatalogArtist], _ reader: Reader, user: String,
        shape: (CatalogArtist, ItemAnnotation?) -> SubsonicElement = SubsonicShapes.artistID3
    ) throws -> [SubsonicElement] {
        let ids = artists.map { SubsonicShapes.artistID(key: $0.key) }
        let notes = try reader.annotations(of: user, kind: .artist, ids: ids)
        return zip(artists, ids).map { shape($0, notes[$1]) }
    }

    /// Every artist of the library by their derived id.
    static func artistsByID(_ reader: Reader) throws -> [String: CatalogArtist] {
        Dictionary(
            try reader.catalogArtists(matching: [], offset: 0, limit: .max).map {
                (SubsonicShapes.artistID(key: $0.key), $0)
            }
        ) { first, _ in first }
    }

    /// The artist with a derived id, if any: an album artist, else an artist only credited on tracks (a
    /// guest, a compilation's artist: their songs carry that id), whose albums are those they appear on.
    static func artist(id: String, _ reader: Reader) throws -> CatalogArtist? {
        guard id.hasPrefix(SubsonicShapes.artistPrefix) else { return nil }
        if let artist = try reader.catalogArtists(matching: [], offset: 0, limit: .max).first(where: {
            SubsonicShapes.artistID(key: $0.key) == id
        }) {
            return artist
        }
        guard
            let credited = try reader.creditedArtists().first(where: {
                SubsonicShapes.artistID(key: $0.key) == id
            }),
            case let albums = try reader.albumsCrediting(credited.key),
            let cover = albums.min(by: { $0.rawValue < $1.rawValue })
        else { return nil }
        return CatalogArtist(
            key: credited.key, name: credited.value, albumCount: albums.count, coverAlbum: cover)
    }

    /// The album with tracks that `id` names, if any.
    static func album(id: String, _ reader: Reader) throws -> CatalogAlbum? {
        guard let albumID = AlbumID(id) else { return nil }
        return try reader.catalogAlbums(AlbumSelection(ids: [albumID], order: .given), offset: 0, limit: 1)
            .first
    }

    /// The library's track that `id` names, if any.
    static func track(id: String, _ reader: Reader) throws -> CatalogTrack? {
        guard let trackID = TrackID(id) else { return nil }
        return try reader.catalogTracks(TrackSelection(ids: [trackID.rawValue]), offset: 0, limit: 1).first
    }

    /// What an id names: a song, an album or an artist, with its normal form.
    enum Item {
        case song(CatalogTrack)
        case album(CatalogAlbum)
        case artist(CatalogArtist)

        /// The kind stars and ratings are kept under.
        var kind: ItemKind {
            switch self {
            case .song: .song
            case .album: .album
            case .artist: .artist
            }
        }

        /// The id stars and ratings are kept under.
        var id: String {
            switch self {
            case .song(let track): track.stored.track.id
            case .album(let album): album.album.id.rawValue
            case .artist(let artist): SubsonicShapes.artistID(key: artist.key)
            }
        }
    }

    /// The item `id` names.
    /// - Throws: 70 when it names none.
    static func item(_ id: String, _ reader: Reader) throws -> Item {
        if let artist = try artist(id: id, reader) { return .artist(artist) }
        if let track = try track(id: id, reader) { return .song(track) }
        if let album = try album(id: id, reader) { return .album(album) }
        throw SubsonicError.notFound("no song, album or artist has id \(id.prefix(80))")
    }
}
