import BlueLibraryCore
import BlueLibraryServices
import BlueLibraryStore
import TestSupport
import Testing

/// A long-running facade keeps its most frequent reads until the library changes: a page read twice is
/// read from the store once, a change made through it drops what it kept, and so does another process's
/// change once the facade hears of it.
struct ReadCacheTests {
    let directory = TemporaryDirectory("read-cache")

    @Test func readsAreKeptUntilTheLibraryChangesHereOrElsewhere() async throws {
        let library = LibraryAPI(path: directory.file("library.db"))
        let elsewhere = LibraryAPI(path: directory.file("library.db"))
        _ = try await library.checkForExternalChanges()
        let first = try await library.page(limit: 3)
        #expect(first.total == 5)
        #expect(try await library.state().count == 5)
        #expect(
            try await library.page(matching: .all, in: nil, order: .title, offset: 0, limit: 3).total == 5)
        // Another process adds an album: until the change is heard, the pages kept are answered.
        try await elsewhere.add(Fixtures.album("Elsewhere"))
        #expect(try await library.page(limit: 3).total == 5)
        #expect(try await library.state().count == 5)
        #expect(try await library.checkForExternalChanges() != nil)
        #expect(try await library.page(limit: 3).total == 6)
        #expect(
            try await library.page(matching: .all, in: nil, order: .title, offset: 0, limit: 3).total == 6)
        // A change made here is seen at once.
        try await library.delete(.index(0))
        #expect(try await library.page(limit: 3).total == 5)
        #expect(try await library.state().count == 5)
        #expect(try await library.groups(by: .artist, offset: 0, limit: 10).total == 5)
    }

    @Test func aValueReadBeforeADropIsNotKeptAfterIt() async throws {
        let cache = ReadCache()
        // A read that began before the library changed finishes after the drop: its value is answered
        // but not kept, so the next read reads again.
        let stale = try await cache.value(for: .state) { () async throws -> Int in
            cache.drop()
            return 1
        }
        #expect(stale == 1)
        #expect(try await cache.value(for: .state) { 2 } == 2)
        #expect(try await cache.value(for: .state) { 3 } == 2)
        cache.drop()
        #expect(try await cache.value(for: .state) { 4 } == 4)
    }
}
