import BlueLibraryCore
import BlueLibraryStorage
import TestSupport
import Testing

@testable import BlueLibraryServices

/// An import is one undo step; a step that can no longer apply is dropped, never left on top for ever.
struct GroupedHistoryTests {
    let directory = TemporaryDirectory("grouped")

    private func library(_ kind: String) -> LibraryAPI {
        kind == "memory"
            ? LibraryAPI(store: TestLibrary.store())
            : LibraryAPI(store: SQLiteLibraryStore(path: directory.file("\(kind).db"), bucketCapacity: 3))
    }

    @Test(arguments: ["memory", "sqlite"])
    func anImportIsOneUndoStepThatRemovesExactlyWhatItAdded(kind: String) async throws {
        let library = library(kind)
        try await library.delete(.index(0))
        let imported = (0..<10).map { Fixtures.album("I\($0)") }
        let result = try await library.importAlbums([Album.seeds[1]] + imported)
        #expect(result.added == 10)
        #expect(result.alreadyPresent == 1)
        let undone = try #require(try await library.undo())
        #expect(undone.effect?.summary == "import of 10 albums")
        #expect(try await library.albums().map(\.title) == Array(Fixtures.seedTitles.dropFirst()))
        try await library.redo()
        #expect(try await library.albums().map(\.title).suffix(10) == imported.map(\.title))
        // Undo the import again, then the delete before it: the history goes back past the import.
        try await library.undo()
        try await library.undo()
        #expect(try await library.albums().map(\.title) == Fixtures.seedTitles)
        #expect(try await library.undo() == nil)
    }

    @Test(arguments: ["memory", "sqlite"])
    func exportDeleteReimportThenUndoIsNeverStuck(kind: String) async throws {
        // Export, delete an album, import the export, then undo.
        let library = library(kind)
        let export = try await library.albums()
        try await library.delete(.index(2))
        #expect(try await library.importAlbums(export).added == 1)
        #expect(try await library.undo()?.effect?.isImport == true)
        #expect(try await library.count() == 4)
        #expect(try await library.undo()?.kind == .undo)
        #expect(try await library.albums() == export)
        #expect(try await library.undo() == nil)
    }

    @Test(arguments: ["memory", "sqlite"])
    func aStepThatCannotApplyIsDroppedWithAMessage(kind: String) async throws {
        let library = library(kind)
        let album = Album.seeds[2]
        try await library.delete(.id(album.id))
        // Something outside the history puts the album back: undoing the delete cannot apply any more.
        try await library.store.write { try $0.insert(album, at: 0) }
        await #expect(
            throws: LibraryError(
                .conflict,
                "cannot undo add \"Nothing Like The Sun\": album \(album.id) (\"Nothing Like The Sun\") is already in the library; the step was dropped from the history"
            )
        ) { try await library.undo() }
        #expect(try await library.undo() == nil, "the history is not stuck on the step")
        #expect(try await library.count() == 5)
    }

    @Test(arguments: ["memory", "sqlite"])
    func removingManyAndPuttingThemBackRestoresEveryIndex(kind: String) async throws {
        let library = library(kind)
        try await library.importAlbums((0..<20).map { Fixtures.album("M\($0)") })
        let before = try await library.albums()
        let ids = [before[1], before[7], before[8], before[24], before[13]].map(\.id)
        let removed = try await library.store.write { try $0.removeAll(ids) }
        #expect(removed.map(\.index) == [24, 13, 8, 7, 1], "from the last index down")
        #expect(try await library.count() == 20)
        try await library.store.write { writer in
            try writer.insertAll(removed.reversed().map { ($0.album, $0.index) })
        }
        #expect(try await library.albums() == before)
    }
}
