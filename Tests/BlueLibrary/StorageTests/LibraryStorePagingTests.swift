import BlueLibraryCore
import BlueLibraryStore
import TestSupport
import Testing

/// Pages of a long list (the web page's scroller reads the library a window at a time): every window,
/// count and position agrees with the whole list read in one walk, on both stores, for queries that
/// filter, sort, or do both.
struct LibraryStorePagingTests {
    static let queries = [
        "", "sun", "year-", "artist:band year+ title-", "genre:rock", "nothing matches this",
    ]

    /// The seeds, then 40 albums by two artists over a few years (ties included, so sorting needs the
    /// library order to break them).
    private func store(_ kind: StoreKind) async throws -> (any LibraryStore, TemporaryDirectory) {
        let (store, directory) = try await kind.make()
        let more = (0..<40).map { number in
            Fixtures.album(
                "Song \(number)", by: number % 3 == 0 ? "The Band" : "Solo",
                genre: number % 2 == 0 ? "Rock" : "Pop",
                year: number % 4 == 0 ? nil : 1990 + number % 5)
        }
        try await store.write { try $0.append(more) }
        return (store, directory)
    }

    @Test(arguments: StoreKind.allCases, queries)
    func everyWindowIsASliceOfTheWholeList(kind: StoreKind, text: String) async throws {
        let (store, directory) = try await store(kind)
        defer { withExtendedLifetime(directory) {} }
        let query = try Query(parsing: text)
        let whole = try await store.read { reader in
            var all: [IndexedTitle] = []
            try reader.forEachAlbum(matching: query) { all.append(IndexedTitle($0.title, $1)) }
            return all
        }
        #expect(try await store.read { try $0.count(matching: query) } == whole.count)
        for (offset, limit) in [(0, 7), (3, 10), (40, 100), (whole.count - 1, 5), (whole.count, 5), (2, 0)] {
            let window = try await store.read { reader in
                var page: [IndexedTitle] = []
                try reader.forEachAlbum(matching: query, offset: offset, limit: limit) {
                    page.append(IndexedTitle($0.title, $1))
                }
                return page
            }
            let start = min(max(offset, 0), whole.count)
            #expect(
                window == Array(whole[start..<min(start + limit, whole.count)]),
                "offset \(offset) limit \(limit)")
        }
    }

    @Test(arguments: StoreKind.allCases, queries)
    func theFoundPositionIsWhereTheAlbumIsAmongTheMatches(kind: StoreKind, text: String) async throws {
        let (store, directory) = try await store(kind)
        defer { withExtendedLifetime(directory) {} }
        let query = try Query(parsing: text)
        let (matching, everything) = try await store.read { reader in
            (try reader.albums(matching: query).map(\.id), try reader.albums(matching: .all).map(\.id))
        }
        for id in everything {
            let position = try await store.read { try $0.position(of: id, matching: query) }
            #expect(position == matching.firstIndex(of: id))
        }
        #expect(try await store.read { try $0.position(of: AlbumID.random(), matching: query) } == nil)
    }
}

/// A title and library index, comparable (tuples are not Equatable in arrays).
private struct IndexedTitle: Equatable, CustomStringConvertible {
    let title: String
    let index: Int

    init(_ title: String, _ index: Int) {
        self.title = title
        self.index = index
    }

    var description: String { "\(index):\(title)" }
}
