import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices

/// `GET /api/albums`: the albums in pages. A library of 100,000 albums is never one answer: each page
/// holds at most ``maximumPageSize`` albums, so a request holds no more than that however large the
/// library is, and the page asks only for the albums near its view.
extension WebApp {
    /// The most albums one page holds (`limit` above it is refused).
    package static let maximumPageSize = 500
    /// How many albums a page holds when `limit` is not given.
    package static let defaultPageSize = 100

    /// Answers `GET /api/albums?q=&sort=&artist=&genre=&offset=&limit=&around=` with
    /// `{"total", "offset", "limit", ["position",] "albums"}`: the albums matching `q` (of one artist or
    /// genre, when asked), in library order or the order `sort` names.
    func albumPage(_ request: WebRequest) async throws -> WebResponse {
        let (query, group, order) = try listing(request)
        let limit = try Self.whole(
            "limit", request.query["limit"], default: Self.defaultPageSize, in: 0...Self.maximumPageSize)
        let offset = try Self.whole("offset", request.query["offset"], default: 0, in: 0...Int.max)
        let around = try request.query["around"].map { text in
            guard let id = AlbumID(text) else {
                throw LibraryError(.malformedInput, "around=\(text.prefix(60)) is not an album id")
            }
            return id
        }
        let page: AlbumPage
        if order != nil || group != nil {
            guard around == nil else {
                throw LibraryError(
                    .malformedInput, "around= works in library order only, without sort=, artist= or genre=")
            }
            page = try await library.page(
                matching: query, in: group, order: order ?? .artist, offset: offset, limit: limit)
        } else {
            page = try await library.page(matching: query, offset: offset, limit: limit, around: around)
        }
        var members: [(key: String, value: JSONValue)] = [
            ("total", .number(String(page.total))), ("offset", .number(String(page.offset))),
            ("limit", .number(String(limit))),
        ]
        if around != nil { members.append(("position", page.position.map { .number(String($0)) } ?? .null)) }
        members.append(("albums", .array(page.albums.map { Self.albumJSON($0.album, index: $0.index) })))
        return .json(.object(members))
    }

    /// A whole-number query parameter within `range`, or `fallback` when absent.
    static func whole(
        _ name: String, _ text: String?, default fallback: Int, in range: ClosedRange<Int>
    )
        throws -> Int
    {
        guard let text else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            let bounds =
                range.upperBound == Int.max
                ? "\(range.lowerBound) or more" : "from \(range.lowerBound) to \(range.upperBound)"
            throw LibraryError(.malformedInput, "\(name)=\(text.prefix(40)) must be a whole number \(bounds)")
        }
        return number
    }
}
