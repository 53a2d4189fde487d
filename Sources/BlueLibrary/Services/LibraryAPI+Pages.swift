import BlueLibraryCore
import BlueLibraryStorage

/// A window of a long list of albums: what a face that never holds the whole library (the web page)
/// asks for.
public struct AlbumPage: Sendable {
    /// How many albums match the query.
    public var total: Int
    /// The position of the first album of the page among the matches (0 is the first match).
    public var offset: Int
    /// The position among the matches of the album the page was asked to surround, or `nil` when it
    /// was not asked for, does not match the query or is not in the library.
    public var position: Int?
    /// The page's albums in the query's order, each with its library index.
    public var albums: [(album: Album, index: Int)]

    /// Creates a page.
    public init(total: Int, offset: Int, position: Int?, albums: [(album: Album, index: Int)]) {
        self.total = total
        self.offset = offset
        self.position = position
        self.albums = albums
    }
}

extension LibraryAPI {
    /// A page of the albums matching `query`, read in one snapshot with the number of matches: at
    /// most `limit` albums from the `offset`-th match — or, when `around` names an album that matches,
    /// the page that has that album in its middle (clamped to the ends of the list).
    public func page(matching query: Query = .all, offset: Int = 0, limit: Int, around: AlbumID? = nil)
        async throws -> AlbumPage
    {
        try await store.read { reader in
            let total = try reader.count(matching: query)
            let position = try around.flatMap { try reader.position(of: $0, matching: query) }
            let start = position.map { min(max($0 - limit / 2, 0), max(total - limit, 0)) } ?? max(offset, 0)
            var albums: [(album: Album, index: Int)] = []
            albums.reserveCapacity(min(limit, max(total - start, 0)))
            try reader.forEachAlbum(matching: query, offset: start, limit: limit) { albums.append(($0, $1)) }
            return AlbumPage(total: total, offset: start, position: position, albums: albums)
        }
    }
}
