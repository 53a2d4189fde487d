import BlueLibraryCore
import TestSupport
import Testing

@testable import BlueLibraryServices

/// An import is one undo step; a step that can no longer apply is dropped, never left on top for ever.
struct GroupedHistoryTests {
    /// A facade over a new library of `kind` (with tiny buckets but on the scratch store), and the directory
    /// that keeps its file alive.
    private func library(_ kind: StoreKind) async throws -> (LibraryAPI, TemporaryDirectory) {
        let (store, directory) = try await kind.make(bucketCapacity: 3)
        return (LibraryAPI(store: store), directory)
    }

    @Test(arguments: StoreKind.allCases)
    func anImportIsOneUndoStepThatRemovesExactlyWhatItAdded(kind: StoreKind) async throws {
        let (library, directory) = try await library(kind)
        defer { withExtendedLifetime(directory) {} }
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

    @Test(arguments: StoreKind.allCases)
    func exportDeleteReimportThenUndoIsNeverStuck(kind: StoreKind) async throws {
        // Export, delete an album, import the export, then undo.
        let (library, directory) = try await library(kind)
        defer { withExtendedLifetime(directory) {} }
        let export = try await library.albums()
        try await library.delete(.index(2))
        #expect(try await library.importAlbums(export).added == 1)
        #expect(try await library.undo()?.effect?.isImport == true)
        #expect(try await library.count() == 4)
        #expect(try await library.undo()?.kind == .undo)
        #expect(try await library.albums() == export)
        #expect(try await library.undo() == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func aStepThatCannotApplyIsDroppedWithAMessage(kind: StoreKind) async throws {
        let (library, directory) = try await library(kind)
        defer { withExtendedLifetime(directory) {} }
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

    @Test(arguments: StoreKind.allCases)
    func removingManyAndRestoringThemPutsEachBackAtItsIndex(kind: StoreKind) async throws {
        let (library, directory) = try await library(kind)
        defer { withExtendedLifetime(directory) {} }
        // The seeds and 20 more (an import that holds the seeds keeps them).
        try await library.importAlbums(Album.seeds + (0..<20).map { Fixtures.album("M\($0)") })
        let before = try await library.albums()
        let ids = [before[1], before[7], before[8], before[24], before[13]].map(\.id)
        let removed = try await library.store.write { try $0.removeAll(ids) }
        #expect(removed.map(\.index) == [24, 13, 8, 7, 1], "from the last index down")
        #expect(try await library.count() == 20)
        try await library.store.write { writer in
            for (album, index) in removed.reversed() { _ = try writer.restore(album.id, at: index) }
        }
        #expect(try await library.albums() == before)
    }
}
