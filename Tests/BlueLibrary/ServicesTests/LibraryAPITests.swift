import BlueLibraryCore
import BlueLibraryStore
import Synchronization
import TestSupport
import Testing

@testable import BlueLibraryServices

struct LibraryAPITests {
    let library = LibraryAPI(store: TestLibrary.store())

    private var titles: [String] {
        get async { (try? await library.albums().map(\.title)) ?? [] }
    }

    @Test(
        arguments: [
            (0, 0), (3, 3), (5, 5), (6, 5), (-1, 5), (nil, 5),
        ] as [(Int?, Int)])
    func addInsertsWithinZeroThroughCountAndAppendsOtherwise(requested: Int?, expected: Int) async throws {
        let album = Fixtures.album("New")
        #expect(try await library.add(album, at: requested).index == expected)
        #expect(try await library.album(at: expected) == album)
        #expect(try await library.count() == 6)
    }

    @Test func deleteByIndexOrIdReturnsTheAlbumAndItsIndex() async throws {
        let change = try await library.delete(.index(1))
        #expect(change.album?.title == "It's My Life")
        #expect(change.index == 1)
        let byID = try await library.delete(.id(Album.seeds[3].id))
        #expect(byID.index == 2)
        #expect(await titles == ["Best of Bowie", "Nothing Like The Sun", "American Pie"])
    }

    @Test func missingAlbumsAreReportedClearly() async {
        await #expect(throws: LibraryError(.notFound, "no album at index 7 (the library has 5)")) {
            try await library.delete(.index(7))
        }
        let ghost = AlbumID.random()
        await #expect(throws: LibraryError(.notFound, "no album with id \(ghost)")) {
            try await library.locate(.id(ghost))
        }
    }

    @Test func deletingFromAnEmptyLibraryIsAnErrorNotACrash() async throws {
        for _ in 0..<5 { try await library.delete(.index(0)) }
        await #expect(throws: LibraryError(.notFound, "no album at index 0 (the library is empty)")) {
            try await library.delete(.index(0))
        }
        #expect(
            try await library.state() == LibraryState(current: nil, count: 0, canUndo: true, canRedo: false))
    }

    @Test func undoRestoresTheVeryAlbumAtItsIndexAndMakesItCurrent() async throws {
        try await library.select(.index(0))
        let deleted = try #require(try await library.delete(.index(2)).album)
        #expect(try await library.state().current?.id == Album.seeds[0].id)
        let change = try #require(try await library.undo())
        #expect(change.kind == .undo)
        #expect(change.effect == .add(deleted, index: 2))
        #expect(try await library.album(at: 2) == deleted)
        #expect(try await library.state().current == CurrentAlbum(id: deleted.id, index: 2))
        #expect(await titles == Fixtures.seedTitles)
    }

    @Test func redoReappliesAndANewChangeClearsRedo() async throws {
        try await library.delete(.index(0))
        try await library.undo()
        #expect(try await library.state().canRedo)
        try await library.redo()
        #expect(await titles == Array(Fixtures.seedTitles.dropFirst()))
        try await library.undo()
        try await library.add(Fixtures.album("Fresh"))
        #expect(try await !library.state().canRedo)
        #expect(try await library.redo() == nil)
    }

    @Test func undoAndRedoOfAddAndUpdate() async throws {
        let album = Fixtures.album("Added")
        try await library.add(album, at: 1)
        try await library.update(.id(album.id), with: AlbumPatch(title: "Renamed"))
        #expect(try await library.album(at: 1).title == "Renamed")
        try await library.undo()
        #expect(try await library.album(at: 1) == album)
        try await library.undo()
        #expect(await titles == Fixtures.seedTitles)
        try await library.redo()
        try await library.redo()
        #expect(try await library.album(at: 1).title == "Renamed")
        #expect(try await library.album(at: 1).id == album.id)
    }

    @Test func nothingToUndoReturnsNil() async throws {
        #expect(try await library.undo() == nil)
        #expect(try await library.redo() == nil)
    }

    @Test func historyIsBounded() async throws {
        let small = LibraryAPI(store: TestLibrary.store(), historyLimit: 2)
        for index in 0..<3 { try await small.add(Fixtures.album("A\(index)")) }
        #expect(try await small.undo() != nil)
        #expect(try await small.undo() != nil)
        #expect(try await small.undo() == nil)
        #expect(try await small.count() == 6)
    }

    @Test func deletingTheCurrentAlbumMakesTheNextOneCurrentClamped() async throws {
        try await library.select(.index(4))
        try await library.delete(.index(4))
        #expect(try await library.state().current == CurrentAlbum(id: Album.seeds[3].id, index: 3))
        try await library.select(.index(1))
        try await library.delete(.index(1))
        #expect(try await library.state().current == CurrentAlbum(id: Album.seeds[2].id, index: 1))
    }

    @Test func theCurrentAlbumFollowsItsIdWhenIndexesShift() async throws {
        try await library.select(.index(2))
        try await library.add(Fixtures.album("Before"), at: 0)
        #expect(try await library.currentAlbum()?.album == Album.seeds[2])
        #expect(try await library.currentAlbum()?.index == 3)
    }

    @Test func failedMutationsChangeNothingAndAnnounceNothing() async throws {
        let received = Mutex(0)
        let observation = library.changes.observe { _ in received.withLock { $0 += 1 } }
        await #expect(throws: LibraryError.self) { try await library.add(Album.seeds[0]) }
        await #expect(throws: LibraryError.self) {
            try await library.update(.index(0), with: AlbumPatch(year: .some(12)))
        }
        #expect(await titles == Fixtures.seedTitles)
        #expect(try await library.state().canUndo == false)
        #expect(received.withLock { $0 } == 0)
        observation.cancel()
    }

    @Test func everyChangeIsAnnouncedAndACancelledObserverHearsNothing() async throws {
        let kinds = Mutex<[LibraryChange.Kind]>([])
        let observation = library.changes.observe { change in kinds.withLock { $0.append(change.kind) } }
        try await library.delete(.index(0))
        try await library.undo()
        try await library.redo()
        try await library.select(.index(1))
        try await library.importAlbums([Fixtures.album("I")])
        try await library.update(.index(0), with: AlbumPatch(genre: "Rock"))
        observation.cancel()
        try await library.add(Fixtures.album("Unheard"))
        #expect(kinds.withLock { $0 } == [.delete, .undo, .redo, .select, .importAlbums, .update])
        #expect(library.changes.observerCount == 0)
    }

    @Test func releasingASubscriptionUnsubscribes() async throws {
        let heard = Mutex(false)
        do {
            let observation = library.changes.observe { _ in heard.withLock { $0 = true } }
            _ = observation
        }
        try await library.delete(.index(0))
        #expect(heard.withLock { $0 } == false)
    }

    @Test func importIsAllOrNothing() async throws {
        let changed = try Album.seeds[1].updating(AlbumPatch(genre: "Ska"))
        await #expect(throws: LibraryError.self) {
            try await library.importAlbums([Fixtures.album("One"), changed])
        }
        #expect(await titles == Fixtures.seedTitles)
        let result = try await library.importAlbums([
            Fixtures.album("One"), Album.seeds[1], Fixtures.album("Two"),
        ])
        #expect(result.added == 2)
        #expect(result.alreadyPresent == 1)
        #expect(await titles.suffix(2) == ["One", "Two"])
    }
}

struct LibraryAPIPersistenceTests {
    let directory = TemporaryDirectory("api")
    var path: String { directory.file("library.db") }

    /// Runs `body` on the library as one run of the program would, and closes it, as the program does
    /// when it stops: a library merely released closes its file on its own thread, maybe while the
    /// next run opens it (then that run waits on SQLite's busy timeout, five seconds by default).
    @discardableResult
    private func run<T: Sendable>(_ body: (LibraryAPI) async throws -> T) async throws -> T {
        let library = LibraryAPI(path: path)
        do {
            let result = try await body(library)
            await library.close()
            return result
        } catch {
            await library.close()
            throw error
        }
    }

    @Test func undoWorksAcrossARestart() async throws {
        let removed = try await run { library in try await library.delete(.index(2)).album }
        let deleted = try #require(removed)
        let undone = try await run { library in try await library.undo()?.effect }
        #expect(undone == .add(deleted, index: 2))
        let restored = try await run { library in try await library.album(at: 2) }
        #expect(restored == deleted)
        let redone = try await run { library in try await library.redo() }
        #expect(redone != nil)
        let count = try await run { library in try await library.count() }
        #expect(count == 4)
    }

    @Test func theCurrentAlbumIsRestoredAndClampedOnStart() async throws {
        try await run { library in try await library.select(.index(3)) }
        let selected = try await run { library in try await library.currentAlbum()?.index }
        #expect(selected == 3)
        try await run { library in
            try await library.delete(.index(4))
            try await library.delete(.index(3))
        }
        let clamped = try await run { library in try await library.currentAlbum()?.index }
        #expect(clamped == 2)
    }
}

struct SharedInstanceTests {
    @Test func theSharedInstanceIsCreatedOnceLazilyAndCanBeReplaced() async throws {
        let directory = TemporaryDirectory("shared")
        let replacement = LibraryAPI(path: directory.file("library.db"))
        LibraryAPI.replaceShared(with: replacement)
        let seen = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 { group.addTask { ObjectIdentifier(LibraryAPI.shared) } }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(seen == [ObjectIdentifier(replacement)])
        #expect(try await LibraryAPI.shared.count() == 5)
        LibraryAPI.replaceShared(with: nil)
        #expect(LibraryAPI.shared !== replacement)
        LibraryAPI.replaceShared(with: nil)
    }

    @Test func referencesParseIndexesIdsAndQueries() async throws {
        #expect(try AlbumReference(parsing: "3") == .index(3))
        #expect(try AlbumReference(parsing: "-1") == .index(-1))
        #expect(try AlbumReference(parsing: Album.seeds[0].id.rawValue) == .id(Album.seeds[0].id))
        #expect(try AlbumReference(parsing: "abc") == .query(try Query(parsing: "abc"), text: "abc"))
        #expect(throws: LibraryError(.usage, "' ' names no album (give an index, an id or a query)")) {
            try AlbumReference(parsing: " ")
        }
    }

    @Test func aQueryNamesTheOneAlbumItMatchesAndListsSeveral() async throws {
        let library = LibraryAPI(store: TestLibrary.store())
        #expect(try await library.album(try AlbumReference(parsing: "nothing like")).index == 2)
        await #expect(
            throws: LibraryError(
                .notFound,
                "'sun' matches 2 albums (2 Sting - Nothing Like The Sun; 3 U2 - Staring at the Sun); name one by its index or id"
            )
        ) { try await library.album(try AlbumReference(parsing: "sun")) }
        await #expect(throws: LibraryError(.notFound, "no album matches 'kid a'")) {
            try await library.delete(try AlbumReference(parsing: "kid a"))
        }
        #expect(try await library.count() == 5)
    }
}
