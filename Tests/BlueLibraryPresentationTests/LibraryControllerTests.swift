import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices
import BlueLibraryStorage
import BlueLibraryTestSupport
import Testing

struct LibraryControllerTests {
    let library = LibraryAPI(store: InMemoryLibraryStore())
    let controller: LibraryController

    init() throws {
        controller = LibraryController(library: library)
        try controller.load()
    }

    @Test func startsOnTheFirstAlbumWithItsTable() {
        let screen = controller.screen
        #expect(screen.albums.count == 5)
        #expect(screen.currentIndex == 0)
        #expect(screen.details.map(\.title) == ["Artist", "Album", "Genre", "Year"])
        #expect(screen.details.map(\.value) == ["David Bowie", "Best of Bowie", "Pop", "1992"])
        #expect(!screen.isUndoEnabled)
        #expect(screen.isTrashEnabled)
    }

    @Test func showAlbumChecksBounds() {
        controller.showAlbum(at: 3)
        #expect(controller.screen.details.first?.value == "U2")
        controller.showAlbum(at: 5)
        #expect(controller.screen.details.isEmpty)
        controller.showAlbum(at: -1)
        #expect(controller.screen.details.isEmpty)
    }

    @Test func aClickHighlightsOnlyTheClickedViewAndSavesIt() throws {
        try controller.clickedView(at: 2)
        #expect((0..<5).map(controller.isHighlighted) == [false, false, true, false, false])
        #expect(controller.screen.details.first?.value == "Sting")
        #expect(try library.state().current?.index == 2)
        #expect(controller.initialViewIndex == 2)
    }

    @Test func theScrollerDataSourceMirrorsTheAlbums() {
        #expect(controller.numberOfViews == 5)
        #expect(controller.album(forViewAt: 4)?.title == "American Pie")
        #expect(controller.album(forViewAt: 5) == nil)
    }

    @Test func deleteThenUndoPutsTheAlbumBackAndTogglesTheToolbar() throws {
        try controller.clickedView(at: 1)
        try controller.deleteCurrent()
        #expect(
            controller.screen.albums.map(\.title) == [
                "Best of Bowie", "Nothing Like The Sun", "Staring at the Sun", "American Pie",
            ])
        #expect(controller.screen.currentIndex == 1)
        #expect(controller.screen.isUndoEnabled)
        #expect(controller.screen.message == "Deleted \"It's My Life\"")
        try controller.undo()
        #expect(controller.screen.albums.map(\.title) == Fixtures.seedTitles)
        #expect(controller.screen.currentIndex == 1)
        #expect(controller.screen.details[1].value == "It's My Life")
        #expect(!controller.screen.isUndoEnabled)
        #expect(controller.screen.isRedoEnabled)
        try controller.redo()
        #expect(controller.screen.albums.count == 4)
    }

    @Test func trashIsDisabledWhenTheLibraryIsEmptyAndDeleteThenDoesNothing() throws {
        for _ in 0..<5 { try controller.deleteCurrent() }
        #expect(controller.screen.albums.isEmpty)
        #expect(controller.screen.currentIndex == nil)
        #expect(controller.screen.details.isEmpty)
        #expect(!controller.screen.isTrashEnabled)
        try controller.deleteCurrent()
        try controller.undo()
        #expect(controller.screen.isTrashEnabled)
        #expect(controller.screen.albums.count == 1)
    }

    @Test func changesMadeThroughTheFacadeByAnotherFaceReachTheController() throws {
        try library.add(Fixtures.album("From the web"), at: 0)
        #expect(controller.screen.albums.first?.title == "From the web")
        try library.select(.index(3))
        #expect(controller.screen.currentIndex == 3)
    }

    @Test func errorsBecomeTheStatusMessage() throws {
        let empty = LibraryController(library: LibraryAPI(store: InMemoryLibraryStore(albums: [])))
        try empty.load()
        #expect(throws: LibraryError.self) { try empty.clickedView(at: 3) }
        #expect(empty.screen.message == "no album at index 3 (the library is empty)")
    }

    @Test func reloadRestoresTheSavedCurrentAlbum() throws {
        try library.select(.index(4))
        let second = LibraryController(library: library)
        try second.load()
        #expect(second.screen.currentIndex == 4)
        #expect(second.initialViewIndex == 4)
    }

    @Test func tableRepresentationIsArtistAlbumGenreYear() throws {
        let album = try Album(title: "T", artist: "A", genre: "", year: nil)
        #expect(
            album.tableRepresentation == [
                TableRow(title: "Artist", value: "A"), TableRow(title: "Album", value: "T"),
                TableRow(title: "Genre", value: ""), TableRow(title: "Year", value: ""),
            ])
    }
}

struct LibraryControllerSearchTests {
    let library = LibraryAPI(store: InMemoryLibraryStore())
    let controller: LibraryController

    init() throws {
        controller = LibraryController(library: library)
        try controller.load()
    }

    @Test func aSearchShowsOnlyMatchesAndKeepsIndexesLocal() throws {
        try controller.clickedView(at: 3)
        try controller.search("sun")
        #expect(controller.screen.albums.map(\.title) == ["Nothing Like The Sun", "Staring at the Sun"])
        #expect(controller.screen.currentIndex == 1, "U2 stays current, at its place in the matches")
        #expect(controller.screen.message == "2 albums match sun")
        try controller.clickedView(at: 0)
        #expect(try library.currentAlbum()?.album.title == "Nothing Like The Sun")
        try controller.deleteCurrent()
        #expect(controller.screen.albums.map(\.title) == ["Staring at the Sun"])
        #expect(try library.count() == 4)
        try controller.search("")
        #expect(controller.screen.albums.count == 4)
    }

    @Test func whenTheCurrentAlbumIsFilteredOutTheFirstMatchBecomesCurrent() throws {
        try controller.search("madonna")
        #expect(controller.screen.currentIndex == 0)
        #expect(controller.screen.details.first?.value == "Madonna")
    }

    @Test func aBadSearchKeepsTheListAndSaysWhy() throws {
        #expect(throws: LibraryError.self) { try controller.search("colour:red") }
        #expect(controller.screen.albums.count == 5)
        #expect(controller.screen.message?.hasPrefix("invalid query term 'colour:red'") == true)
    }

    @Test func addingAnAlbumMakesItCurrent() throws {
        try controller.add(Fixtures.album("Heroes", by: "David Bowie"))
        #expect(controller.screen.albums.count == 6)
        #expect(controller.screen.currentIndex == 5)
        #expect(controller.screen.message == "Added \"Heroes\"")
        try controller.undo()
        #expect(controller.screen.albums.count == 5)
    }
}
