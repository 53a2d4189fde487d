import BlueLibraryCore
import BlueLibraryStorage
import BlueLibraryTestSupport
import Synchronization
import Testing

@testable import BlueLibraryServices

struct LibraryAPITests {
    let library = LibraryAPI(store: InMemoryLibraryStore())

    private var titles: [String] { (try? library.albums().map(\.title)) ?? [] }

    @Test(
        arguments: [
            (0, 0), (3, 3), (5, 5), (6, 5), (-1, 5), (nil, 5),
        ] as [(Int?, Int)])
    func addInsertsWithinZeroThroughCountAndAppendsOtherwise(requested: Int?, expected: Int) throws {
        let album = Fixtures.album("New")
        #expect(try library.add(album, at: requested) == expected)
        #expect(try library.album(at: expected) == album)
        #expect(try library.count() == 6)
    }

    @Test func deleteByIndexOrIdReturnsTheAlbumAndItsIndex() throws {
        let (album, index) = try library.delete(.index(1))
        #expect(album.title == "It's My Life")
        #expect(index == 1)
        let byID = try library.delete(.id(Album.seeds[3].id))
        #expect(byID.index == 2)
        #expect(titles == ["Best of Bowie", "Nothing Like The Sun", "American Pie"])
    }

    @Test func missingAlbumsAreReportedClearly() {
        #expect(throws: LibraryError(.notFound, "no album at index 7 (the library has 5)")) {
            try library.delete(.index(7))
        }
        let ghost = AlbumID.random()
        #expect(throws: LibraryError(.notFound, "no album with id \(ghost)")) {
            try library.locate(.id(ghost))
        }
    }

    @Test func deletingFromAnEmptyLibraryIsAnErrorNotACrash() throws {
        for _ in 0..<5 { try library.delete(.index(0)) }
        #expect(throws: LibraryError(.notFound, "no album at index 0 (the library is empty)")) {
            try library.delete(.index(0))
        }
        #expect(try library.state() == LibraryState(current: nil, count: 0, canUndo: true, canRedo: false))
    }

    @Test func undoRestoresTheVeryAlbumAtItsIndexAndMakesItCurrent() throws {
        try library.select(.index(0))
        let (deleted, _) = try library.delete(.index(2))
        #expect(try library.state().current?.id == Album.seeds[0].id)
        let change = try #require(try library.undo())
        #expect(change.kind == .undo)
        #expect(change.effect == .add(deleted, index: 2))
        #expect(try library.album(at: 2) == deleted)
        #expect(try library.state().current == CurrentAlbum(id: deleted.id, index: 2))
        #expect(titles == Fixtures.seedTitles)
    }

    @Test func redoReappliesAndANewChangeClearsRedo() throws {
        try library.delete(.index(0))
        try library.undo()
        #expect(try library.state().canRedo)
        try library.redo()
        #expect(titles == Array(Fixtures.seedTitles.dropFirst()))
        try library.undo()
        try library.add(Fixtures.album("Fresh"))
        #expect(try !library.state().canRedo)
        #expect(try library.redo() == nil)
    }

    @Test func undoAndRedoOfAddAndUpdate() throws {
        let album = Fixtures.album("Added")
        try library.add(album, at: 1)
        try library.update(.id(album.id), with: AlbumPatch(title: "Renamed"))
        #expect(try library.album(at: 1).title == "Renamed")
        try library.undo()
        #expect(try library.album(at: 1) == album)
        try library.undo()
        #expect(titles == Fixtures.seedTitles)
        try library.redo()
        try library.redo()
        #expect(try library.album(at: 1).title == "Renamed")
        #expect(try library.album(at: 1).id == album.id)
    }

    @Test func nothingToUndoReturnsNil() throws {
        #expect(try library.undo() == nil)
        #expect(try library.redo() == nil)
    }

    @Test func historyIsBounded() throws {
        let small = LibraryAPI(store: InMemoryLibraryStore(), historyLimit: 2)
        for index in 0..<3 { try small.add(Fixtures.album("A\(index)")) }
        #expect(try small.undo() != nil)
        #expect(try small.undo() != nil)
        #expect(try small.undo() == nil)
        #expect(try small.count() == 6)
    }

    @Test func deletingTheCurrentAlbumMakesTheNextOneCurrentClamped() throws {
        try library.select(.index(4))
        try library.delete(.index(4))
        #expect(try library.state().current == CurrentAlbum(id: Album.seeds[3].id, index: 3))
        try library.select(.index(1))
        try library.delete(.index(1))
        #expect(try library.state().current == CurrentAlbum(id: Album.seeds[2].id, index: 1))
    }

    @Test func theCurrentAlbumFollowsItsIdWhenIndexesShift() throws {
        try library.select(.index(2))
        try library.add(Fixtures.album("Before"), at: 0)
        #expect(try library.currentAlbum()?.album == Album.seeds[2])
        #expect(try library.currentAlbum()?.index == 3)
    }

    @Test func failedMutationsChangeNothingAndAnnounceNothing() throws {
        let received = Mutex(0)
        let observation = library.changes.observe { _ in received.withLock { $0 += 1 } }
        #expect(throws: LibraryError.self) { try library.add(Album.seeds[0]) }
        #expect(throws: LibraryError.self) {
            try library.update(.index(0), with: AlbumPatch(year: .some(12)))
        }
        #expect(titles == Fixtures.seedTitles)
        #expect(try library.state().canUndo == false)
        #expect(received.withLock { $0 } == 0)
        observation.cancel()
    }

    @Test func everyChangeIsAnnouncedAndACancelledObserverHearsNothing() throws {
        let kinds = Mutex<[LibraryChange.Kind]>([])
        let observation = library.changes.observe { change in kinds.withLock { $0.append(change.kind) } }
        try library.delete(.index(0))
        try library.undo()
        try library.redo()
        try library.select(.index(1))
        try library.importAlbums([Fixtures.album("I")])
        try library.update(.index(0), with: AlbumPatch(genre: "Rock"))
        observation.cancel()
        try library.add(Fixtures.album("Unheard"))
        #expect(kinds.withLock { $0 } == [.delete, .undo, .redo, .select, .importAlbums, .update])
        #expect(library.changes.observerCount == 0)
    }

    @Test func releasingASubscriptionUnsubscribes() throws {
        let heard = Mutex(false)
        do {
            let observation = library.changes.observe { _ in heard.withLock { $0 = true } }
            _ = observation
        }
        try library.delete(.index(0))
        #expect(heard.withLock { $0 } == false)
    }

    @Test func importIsAllOrNothing() throws {
        let changed = try Album.seeds[1].updating(AlbumPatch(genre: "Ska"))
        #expect(throws: LibraryError.self) {
            try library.importAlbums([Fixtures.album("One"), changed])
        }
        #expect(titles == Fixtures.seedTitles)
        let result = try library.importAlbums([Fixtures.album("One"), Album.seeds[1], Fixtures.album("Two")])
        #expect(result.added == 2)
        #expect(result.alreadyPresent == 1)
        #expect(titles.suffix(2) == ["One", "Two"])
    }
}

struct LibraryAPIPersistenceTests {
    let directory = TemporaryDirectory("api")
    var path: String { directory.file("library.db") }

    @Test func undoWorksAcrossARestart() throws {
        let deleted = try LibraryAPI(path: path).delete(.index(2)).album
        let restarted = LibraryAPI(path: path)
        #expect(try restarted.undo()?.effect == .add(deleted, index: 2))
        #expect(try LibraryAPI(path: path).album(at: 2) == deleted)
        #expect(try LibraryAPI(path: path).redo() != nil)
        #expect(try LibraryAPI(path: path).count() == 4)
    }

    @Test func theCurrentAlbumIsRestoredAndClampedOnStart() throws {
        try LibraryAPI(path: path).select(.index(3))
        #expect(try LibraryAPI(path: path).currentAlbum()?.index == 3)
        let library = LibraryAPI(path: path)
        try library.delete(.index(4))
        try library.delete(.index(3))
        #expect(try LibraryAPI(path: path).currentAlbum()?.index == 2)
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
        #expect(try LibraryAPI.shared.count() == 5)
        LibraryAPI.replaceShared(with: nil)
        #expect(LibraryAPI.shared !== replacement)
        LibraryAPI.replaceShared(with: nil)
    }

    @Test func referencesParseIndexesAndIds() throws {
        #expect(try AlbumReference(parsing: "3") == .index(3))
        #expect(try AlbumReference(parsing: "-1") == .index(-1))
        #expect(try AlbumReference(parsing: Album.seeds[0].id.rawValue) == .id(Album.seeds[0].id))
        #expect(throws: LibraryError(.usage, "'abc' is neither an album index nor an album id")) {
            try AlbumReference(parsing: "abc")
        }
    }
}
