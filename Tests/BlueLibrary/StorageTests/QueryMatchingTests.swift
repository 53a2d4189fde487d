import BlueLibraryCore
import BlueLibraryStore
import TestSupport
import Testing

/// What a query matches and how it sorts, asked of the store that answers it (the SQL the query compiles
/// to, over the stored folded keys).
struct QueryMatchingTests {
    let bowie = try! Album(title: "Best of Bowie", artist: "David Bowie", genre: "Pop", year: 1992)
    let bjork = try! Album(title: "Homogenic", artist: "BJÖRK", genre: "Electronic", year: nil)

    private func matches(_ query: String, _ album: Album) async throws -> Bool {
        let store = try await TestLibrary.store(albums: [album])
        return try await store.read { try $0.count(matching: try Query(parsing: query)) } == 1
    }

    @Test(arguments: [
        ("bowie", true), ("BOWIE", true), ("pop", true), ("artist:david", true), ("title:david", false),
        (#"artist:="David Bowie""#, true), (#"artist:="david bowie""#, false), ("year:1990..1999", true),
        ("year:1993..", false), ("^year:1993..", true), ("^pop", false), ("rock , bowie", true),
        ("rock , jazz", false), ("best year:..1991", false),
    ])
    func matchesLikeBeets(query: String, matches expected: Bool) async throws {
        #expect(try await matches(query, bowie) == expected)
    }

    @Test(arguments: ["björk", "bjork", "BJORK", "homogénic"])
    func foldingIgnoresCaseAndAccents(query: String) async throws {
        #expect(try await matches(query, bjork))
    }

    @Test func anAlbumWithoutYearIsOutsideEveryRangeAndInsideEveryNegatedOne() async throws {
        #expect(try await !matches("year:1000..9999", bjork))
        #expect(try await matches("^year:1000..9999", bjork))
    }

    @Test func sortingPutsMissingYearsFirstAndBreaksTiesByIndex() async throws {
        let a = try Album(title: "A", artist: "X", year: 2000)
        let b = try Album(title: "B", artist: "X", year: nil)
        let c = try Album(title: "c", artist: "X", year: 2000)
        let store = try await TestLibrary.store(albums: [a, b, c])
        func order(_ text: String) async throws -> [Int] {
            try await store.read { reader in
                var indexes: [Int] = []
                try reader.forEachAlbum(matching: try Query(parsing: text)) { indexes.append($1) }
                return indexes
            }
        }
        #expect(try await order("year+") == [1, 0, 2])
        #expect(try await order("year-") == [0, 2, 1])
        #expect(try await order("title-") == [2, 1, 0])
    }
}
