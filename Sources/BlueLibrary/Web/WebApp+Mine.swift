import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibrarySubsonic

/// The signed-in person's own music on the page, under `/api/mine/`: their favourites (stars) and
/// ratings of albums and tracks, the plays the page counts, and their Favourites, Recently played and
/// Most played. Each is the same data the Subsonic API keeps for that user — a star given on the page is
/// one a phone's app shows, and the other way round — and a listener keeps theirs too.
extension WebApp {
    /// The most albums a Recently played or Most played list gives.
    static let playedListLength = 60

    /// The signed-in user and the Subsonic API that keeps their data.
    /// - Throws: ``WebRefusal`` 401 without a session, 404 on a server without the Subsonic API.
    func person(_ request: WebRequest) async throws -> (StoredUser, SubsonicAPI) {
        guard let user = await signedIn(request) else {
            throw WebRefusal(
                .error(401, code: "unauthorized", message: "sign in first: favourites are a person's own"))
        }
        guard let subsonic else {
            throw WebRefusal(.error(404, code: "not_found", message: "this server keeps no one's favourites"))
        }
        return (user, subsonic)
    }

    /// `GET /api/mine/albums/{id}`: what the person recorded about an album and each of its tracks.
    func myAlbum(_ id: String, _ request: WebRequest) async throws -> WebResponse {
        let (user, _) = try await person(request)
        guard let albumID = AlbumID(id) else {
            throw LibraryError(.notFound, "no album with id \(id.prefix(80))")
        }
        let details = try await library.album(.id(albumID))
        let trackIDs = details.tracks.map(\.id)
        let (album, tracks) = try await library.listening { reader in
            (
                try reader.annotations(of: user.id, kind: .album, ids: [albumID.rawValue])[albumID.rawValue],
                try reader.annotations(of: user.id, kind: .song, ids: trackIDs)
            )
        }
        return .json(
            .object(
                Self.annotationMembers(album) + [
                    (
                        "tracks",
                        .array(
                            trackIDs.map {
                                .object([("id", .string($0))] + Self.annotationMembers(tracks[$0]))
                            })
                    )
                ]))
    }

    private static func annotationMembers(_ annotation: ItemAnnotation?) -> [(String, JSONValue)] {
        [
            ("starred", .bool(annotation?.starred != nil)),
            ("rating", annotation?.rating.map { .number(String($0)) } ?? .null),
            ("plays", .number(String(annotation?.playCount ?? 0))),
        ]
    }

    /// `GET /api/mine/artist?name=`: an artist as the person's music apps name them (their id, for a star
    /// or a rating) with what the person recorded about them.
    func myArtist(_ request: WebRequest) async throws -> WebResponse {
        let (user, subsonic) = try await person(request)
        guard let name = request.query["name"], !name.isEmpty else {
            throw LibraryError(.malformedInput, "give the artist's \"name\"")
        }
        let artist = try await subsonic.artist(named: name, for: user)
        return .json(
            .object(
                [("id", .string(artist.id)), ("name", .string(artist.name))]
                    + Self.annotationMembers(artist.annotation).filter { $0.0 != "plays" }))
    }

    /// `PUT /api/mine/stars` with `{"id", "starred"}`: favourites (or no longer) the album, track or artist.
    func setMyStar(_ request: WebRequest) async throws -> WebResponse {
        let (user, subsonic) = try await person(request)
        let body = try jsonObject(request)
        guard case .string(let id)? = body.first(where: { $0.key == "id" })?.value,
            case .bool(let starred)? = body.first(where: { $0.key == "starred" })?.value, body.count == 2
        else {
            throw LibraryError(
                .malformedInput,
                "give \"id\" (an album's, a track's or an artist's) and \"starred\" (true or false)")
        }
        try await subsonic.star(id, on: starred, for: user)
        return .json(.object([("id", .string(id)), ("starred", .bool(starred))]))
    }

    /// `PUT /api/mine/ratings` with `{"id", "rating"}`: rates the album or track 1 to 5 (0 takes it away).
    func setMyRating(_ request: WebRequest) async throws -> WebResponse {
        let (user, subsonic) = try await person(request)
        let body = try jsonObject(request)
        guard case .string(let id)? = body.first(where: { $0.key == "id" })?.value,
            case .number(let text)? = body.first(where: { $0.key == "rating" })?.value,
            let rating = Int(text),
            body.count == 2
        else {
            throw LibraryError(
                .malformedInput, "give \"id\" (an album's, a track's or an artist's) and \"rating\" (0 to 5)")
        }
        try await subsonic.rate(id, rating, for: user)
        return .json(.object([("id", .string(id)), ("rating", rating == 0 ? .null : .number(text))]))
    }

    /// `POST /api/mine/plays` with `{"id"}`: counts a play of the track (the page sends it once half of it,
    /// or 4 minutes, has played).
    func countMyPlay(_ request: WebRequest) async throws -> WebResponse {
        let (user, subsonic) = try await person(request)
        let body = try jsonObject(request)
        guard case .string(let id)? = body.first(where: { $0.key == "id" })?.value, body.count == 1 else {
            throw LibraryError(.malformedInput, "give the track's \"id\"")
        }
        try await subsonic.countPlay(of: id, for: user)
        return .json(.object([("id", .string(id)), ("counted", .bool(true))]))
    }

    /// `GET /api/mine/favourites`: the albums and tracks the person starred, the latest first.
    func myFavourites(_ request: WebRequest) async throws -> WebResponse {
        let (user, subsonic) = try await person(request)
        let artists = try await subsonic.starredArtists(of: user)
        let (albums, tracks) = try await library.listening { reader in
            let albumIDs = try reader.starred(by: user.id, kind: .album).compactMap(AlbumID.init)
            let trackIDs = try reader.starred(by: user.id, kind: .song)
            return (
                try reader.catalogAlbums(
                    AlbumSelection(ids: albumIDs, order: .given), offset: 0, limit: .max),
                try reader.catalogTracks(TrackSelection(ids: trackIDs), offset: 0, limit: .max)
            )
        }
        return .json(
            .object([
                (
                    "artists",
                    .array(
                        artists.map {
                            .object([
                                ("id", .string($0.id)), ("name", .string($0.name)),
                                ("albums", .number(String($0.albums))),
                            ])
                        })
                ),
                ("albums", .array(albums.map { Self.albumJSON($0.album) })),
                ("tracks", .array(tracks.map { Self.pageTrackJSON($0.stored.track, $0.album) })),
            ]))
    }

    /// `GET /api/mine/played?order=recent|most`: the albums the person played, the latest played (or the
    /// most played) first, at most 60.
    func myPlayed(_ request: WebRequest) async throws -> WebResponse {
        let (user, _) = try await person(request)
        let order: PersonalOrder
        switch request.query["order"] ?? "recent" {
        case "recent": order = .recent
        case "most": order = .frequent
        case let other:
            throw LibraryError(.malformedInput, "invalid order '\(other.prefix(40))': use recent or most")
        }
        let albums = try await library.listening { reader in
            let ids = try reader.albumIDs(of: user.id, by: order, offset: 0, limit: Self.playedListLength)
            return try reader.catalogAlbums(AlbumSelection(ids: ids, order: .given), offset: 0, limit: .max)
        }
        return .json(.object([("albums", .array(albums.map { Self.albumJSON($0.album) }))]))
    }

    /// A track as the page lists tracks: its fields, the URL that plays it and its album.
    static func pageTrackJSON(_ track: Track, _ album: Album) -> JSONValue {
        guard case .object(let members) = AlbumCoding.json(track, file: .audio(url: audioPath(of:))) else {
            return .null
        }
        return .object(members + [("album", albumJSON(album))])
    }
}
