import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices

/// What the page browses besides the paged albums: the album artists and genres with their album counts,
/// the decades, where each initial or decade starts (a rail that jumps), and the tracks a search
/// finds. Every list comes a window at a time, at most ``maximumPageSize`` entries (tracks: at most
/// ``maximumTrackPageSize``), however large the library.
extension WebApp {
    /// How many tracks one answer of `GET /api/tracks` holds when `limit` is not given.
    package static let defaultTrackPageSize = 50
    /// The most tracks one answer holds.
    package static let maximumTrackPageSize = 200

    /// `GET /api/albums/sections`: where each initial, decade or group starts in a listing of albums.
    func albumSections(_ request: WebRequest) async throws -> WebResponse {
        let (query, group, order) = try listing(request)
        let sections = try await library.sections(matching: query, in: group, order: order ?? .artist)
        return .json(.object([("sections", .array(sections.map(Self.json)))]))
    }

    /// `GET /api/artists` and `/api/genres`: a window of the album artists or genres with their album
    /// counts.
    func groups(by field: AlbumGroup.Field, _ request: WebRequest) async throws -> WebResponse {
        let limit = try Self.whole(
            "limit", request.query["limit"], default: Self.defaultPageSize, in: 0...Self.maximumPageSize)
        let offset = try Self.whole("offset", request.query["offset"], default: 0, in: 0...Int.max)
        let page = try await library.groups(by: field, offset: offset, limit: limit)
        let groups = page.groups.map { name, count in
            JSONValue.object([("name", .string(name)), ("albums", .number(String(count)))])
        }
        // The albums without an artist or a genre are a group, the first (its name is empty), but not
        // an artist or a genre: `named` leaves it out, as `stats` does.
        let first =
            offset == 0 && !page.groups.isEmpty
            ? page.groups.first?.name
            : try await library.groups(by: field, offset: 0, limit: 1).groups.first?.name
        let named = page.total - (first == "" ? 1 : 0)
        return .json(
            .object([
                ("total", .number(String(page.total))), ("named", .number(String(named))),
                ("offset", .number(String(page.offset))), ("limit", .number(String(limit))),
                (field == .artist ? "artists" : "genres", .array(groups)),
            ]))
    }

    /// `GET /api/artists/sections` and `/api/genres/sections`: where each initial starts.
    func groupSections(by field: AlbumGroup.Field) async throws -> WebResponse {
        let sections = try await library.groupSections(by: field)
        return .json(.object([("sections", .array(sections.map(Self.json)))]))
    }

    /// `GET /api/years`: the decades are the sections of the albums in year order: at most 901 (years
    /// 1000–9999, and none), so one answer holds them all.
    func decades() async throws -> WebResponse {
        let decades = try await library.sections(order: .year).map { section in
            JSONValue.object([
                ("decade", section.decade.map { .number(String($0)) } ?? .null),
                ("label", .string(section.label)), ("albums", .number(String(section.count))),
                ("offset", .number(String(section.offset))),
            ])
        }
        return .json(.object([("decades", .array(decades))]))
    }

    /// `GET /api/tracks?q=&offset=&limit=`: the tracks the query finds, each with its album and the URL
    /// that plays it.
    func trackPage(_ request: WebRequest) async throws -> WebResponse {
        let query = try Query(parsing: request.query["q"] ?? "")
        let limit = try Self.whole(
            "limit", request.query["limit"], default: Self.defaultTrackPageSize,
            in: 0...Self.maximumTrackPageSize)
        let offset = try Self.whole("offset", request.query["offset"], default: 0, in: 0...Int.max)
        let page = try await library.tracks(matching: query, offset: offset, limit: limit)
        let tracks = page.tracks.map { Self.pageTrackJSON($0, $1) }
        return .json(
            .object([
                ("offset", .number(String(page.offset))), ("limit", .number(String(limit))),
                ("more", .bool(page.more)), ("tracks", .array(tracks)),
            ]))
    }

    /// The most albums `GET /api/appearances` lists.
    static let appearancesLength = 500

    /// `GET /api/appearances?artist=NAME`: the albums the artist appears on without being their album
    /// artist — a guest ("Ann feat. Bob" credits Bob), a compilation's artist — in library order, at most
    /// ``appearancesLength``: an artist's page lists them below their own.
    func appearances(_ request: WebRequest) async throws -> WebResponse {
        guard let name = request.query["artist"], !name.isEmpty else {
            throw LibraryError(.malformedInput, "artist= is required: the name of the artist")
        }
        let albums = try await library.appearances(
            of: String(name.prefix(1000)), limit: Self.appearancesLength)
        return .json(.object([("albums", .array(albums.map { Self.albumJSON($0) }))]))
    }

    /// A section of a list as JSON: `{"label", "offset", "count"}`.
    private static func json(_ section: ListSection) -> JSONValue {
        .object([
            ("label", .string(section.label)), ("offset", .number(String(section.offset))),
            ("count", .number(String(section.count))),
        ])
    }

    /// What a listing of albums asks for: the query `q`, the group (`artist=` or `genre=`, one at most)
    /// and the order `sort=` (`nil`: library order).
    func listing(_ request: WebRequest) throws -> (Query, AlbumGroup?, AlbumOrder?) {
        let query = try Query(parsing: request.query["q"] ?? "")
        let order = try request.query["sort"].map { name in
            guard let order = AlbumOrder(rawValue: name) else {
                throw LibraryError(
                    .malformedInput, "sort=\(name.prefix(40)) is not an order (orders: \(AlbumOrder.names))")
            }
            return order
        }
        let groups = AlbumGroup.Field.allCases.compactMap { field in
            request.query[field.rawValue].map { AlbumGroup(field, String($0.prefix(1000))) }
        }
        guard groups.count <= 1 else {
            throw LibraryError(.malformedInput, "artist= and genre= cannot be asked for together")
        }
        return (query, groups.first, order)
    }
}
