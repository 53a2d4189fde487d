import BlueLibraryCore
import BlueLibraryStore
import TestSupport
import Testing

@testable import BlueLibraryPostgres
@testable import BlueLibrarySQLite

/// Both stores keep the library order in buckets of positions (`AlbumPositions`); these tests run
/// long random sequences of inserts and deletes — at the front, the back and the middle — with tiny
/// buckets, so that splits, merges and the spreading of keys happen often, and check after every step
/// that the order, the indexes and the counts are exactly those of a plain array given the same steps.
struct PositionKeyTests {

    /// A small, seedable generator, so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    private func compare(_ sqlite: any LibraryStore, _ expected: [Album], step: String) async throws {
        let actual = try await sqlite.read { reader in
            (
                try reader.albums(), try reader.count(),
                try reader.albums().indices.map { try reader.album(at: $0) }
            )
        }
        #expect(actual.0.map(\.title) == expected.map(\.title), "\(step)")
        #expect(actual.1 == expected.count, "\(step)")
        #expect(actual.2 == expected.map { Optional($0) }, "\(step): album(at:) agrees with the order")
        let located = try await sqlite.read { reader in try expected.map { try reader.locate($0.id)?.index } }
        #expect(located == expected.indices.map { Optional($0) }, "\(step): locate gives each album's index")
        // The stored state finds a saved album's index in SQL, from the same buckets.
        guard !expected.isEmpty else { return }
        let middle = expected.count / 2
        try await sqlite.write { try $0.saveCurrent(CurrentAlbum(id: expected[middle].id, index: 0)) }
        let saved = try await sqlite.read { try $0.storedState().savedIndex }
        #expect(saved == middle, "\(step): the stored state gives the saved album's index")
    }

    /// The buckets' counts, in order.
    private func buckets(_ store: any LibraryStore) async throws -> [Int] {
        try await store.read { reader in
            if let sqlite = reader as? SQLiteAlbums { return try sqlite.bucketMap().buckets.map(\.count) }
            if let postgres = reader as? PostgresAlbums {
                return try postgres.bucketMap().buckets.map(\.count)
            }
            return []
        }
    }

    static let kinds: [StoreKind] = [.sqlite, .postgres]

    @Test(arguments: kinds, [(1 as UInt64, 2), (2, 3), (3, 4), (4, 8)])
    func randomInsertsAndDeletesKeepTheOrderOfTheTwin(kind: StoreKind, run: (UInt64, Int)) async throws {
        let (seed, capacity) = run
        let (sqlite, directory) = try await kind.make(bucketCapacity: capacity)
        defer { withExtendedLifetime(directory) {} }
        var model = Album.seeds
        var random = Generator(state: seed)
        for step in 0..<300 {
            let count = model.count
            let roll = Int.random(in: 0..<10, using: &random)
            if roll < 6 || count == 0 {
                let index = [0, count, Int.random(in: 0...count, using: &random)][roll % 3]
                let album = Fixtures.album("A\(step)")
                try await sqlite.write { try $0.insert(album, at: index) }
                model.insert(album, at: index)
            } else {
                let index = [0, count - 1, Int.random(in: 0..<count, using: &random)][roll % 3]
                let removed = try await sqlite.write { try $0.remove(at: index) }
                #expect(removed == model.remove(at: index), "step \(step)")
            }
            try await compare(sqlite, model, step: "seed \(seed) step \(step)")
        }
    }

    @Test(arguments: kinds)
    func insertingAtTheFrontOverAndOverSpreadsTheKeys(kind: StoreKind) async throws {
        // Capacity 2: every third insert at index 0 splits the first bucket, halving the room before it;
        // after 16 such splits there is none, and every key is laid out afresh.
        let (sqlite, directory) = try await kind.make(bucketCapacity: 2)
        defer { withExtendedLifetime(directory) {} }
        var model = Album.seeds
        for step in 0..<120 {
            let album = Fixtures.album("F\(step)")
            try await sqlite.write { try $0.insert(album, at: 0) }
            model.insert(album, at: 0)
        }
        try await compare(sqlite, model, step: "after 120 inserts at the front")
        #expect(try await buckets(sqlite).count > 30, "the front grew many buckets")
    }

    @Test(arguments: kinds)
    func undoAndRedoOfDeletesAndAddsAnywhereKeepTheOrder(kind: StoreKind) async throws {
        let (sqlite, directory) = try await kind.make(bucketCapacity: 2)
        defer { withExtendedLifetime(directory) {} }
        let albums = (0..<40).map { Fixtures.album("H\($0)") }
        try await sqlite.write { try $0.append(albums) }
        var model = Album.seeds + albums
        var random = Generator(state: 42)
        for step in 0..<60 {
            let index = Int.random(in: 0..<model.count, using: &random)
            // Delete, then undo it (put the very album back at its index), then redo the delete.
            let removed = try await sqlite.write { try $0.remove(at: index) }
            let album = try #require(removed)
            #expect(album == model[index])
            try await sqlite.write { try $0.insert(album, at: index) }
            if step.isMultiple(of: 2) {
                _ = try await sqlite.write { try $0.remove(at: index) }
                model.remove(at: index)
            }
            try await compare(sqlite, model, step: "step \(step)")
        }
    }

    @Test(arguments: kinds)
    func appendingFillsBucketsAndMovesNothing(kind: StoreKind) async throws {
        let (sqlite, directory) = try await kind.make(bucketCapacity: 4)
        defer { withExtendedLifetime(directory) {} }
        try await sqlite.write { try $0.append((0..<18).map { Fixtures.album("P\($0)") }) }
        #expect(
            try await buckets(sqlite) == [5, 4, 4, 4, 4, 2],
            "the seeds came in one bucket; the 18 more, four to a bucket")
        #expect(try await sqlite.read { try $0.album(at: 22)?.title } == "P17")
    }
}
