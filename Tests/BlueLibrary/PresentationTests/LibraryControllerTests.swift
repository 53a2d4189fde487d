import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices
import BlueLibraryStore
import TestSupport
import Testing

@MainActor
struct LibraryControllerTests {
    let library = LibraryAPI(store: TestLibrary.store())
    let controller: LibraryController

    init() async throws {
        controller = LibraryController(library: library)
        try await controller.load()
    }

    @Test func startsOnTheFirstAlbumWithItsTable() async {
        let screen = controller.screen
        #expect(screen.albums.count == 5)
        #expect(screen.currentIndex == 0)
        #expect(screen.details.map(\.title) == ["Artist", "Album", "Genre", "Year"])
        #expect(screen.details.map(\.value) == ["David Bowie", "Best of Bowie", "Pop", "1992"])
        #expect(!screen.isUndoEnabled)
        #expect(screen.isTrashEnabled)
    }

    @Test func showAlbumChecksBounds() async {
        controller.showAlbum(at: 3)
        #expect(controller.screen.details.first?.value == "U2")
        controller.showAlbum(at: 5)
        #expect(controller.screen.details.isEmpty)
        controller.showAlbum(at: -1)
        #expect(controller.screen.details.isEmpty)
    }

    @Test func aClickHighlightsOnlyTheClickedViewAndSavesIt() async throws {
        try await controller.clickedView(at: 2)
        #expect((0..<5).map(controller.isHighlighted) == [false, false, true, false, false])
        #expect(controller.screen.details.first?.value == "Sting")
        #expect(try await library.state().current?.index == 2)
        #expect(controller.initialViewIndex == 2)
    }

    @Test func theScrollerDataSourceMirrorsTheAlbums() async {
        #expect(controller.numberOfViews == 5)
        #expect(controller.album(forViewAt: 4)?.title == "American Pie")
        #expect(controller.album(forViewAt: 5) == nil)
    }

    @Test func deleteThenUndoPutsTheAlbumBackAndTogglesTheToolbar() async throws {
        try await controller.clickedView(at: 1)
        try await controller.deleteCurrent()
        #expect(
            controller.screen.albums.map(\.title) == [
                "Best of Bowie", "Nothing Like The Sun", "Staring at the Sun", "American Pie",
            ])
        #expect(controller.screen.currentIndex == 1)
        #expect(controller.screen.isUndoEnabled)
        #expect(controller.screen.message == "Deleted \"It's My Life\"")
        try await controller.undo()
        #expect(controller.screen.albums.map(\.title) == Fixtures.seedTitles)
        #expect(controller.screen.currentIndex == 1)
        #expect(controller.screen.details[1].value == "It's My Life")
        #expect(!controller.screen.isUndoEnabled)
        #expect(controller.screen.isRedoEnabled)
        try await controller.redo()
        #expect(controller.screen.albums.count == 4)
    }

    @Test func editChangesTheAlbumOnScreenAsOneUndoStep() async throws {
        try await controller.clickedView(at: 2)
        let id = try #require(controller.screen.currentAlbum?.id)
        let change = try await controller.edit(
            id, with: AlbumPatch(title: "Ten Summoner's Tales", year: 1993))
        // The screen already shows it when the action returns, and the album stays current.
        #expect(change.album?.title == "Ten Summoner's Tales")
        #expect(controller.screen.currentIndex == 2)
        #expect(controller.screen.details.map(\.value) == ["Sting", "Ten Summoner's Tales", "Pop", "1993"])
        #expect(controller.screen.message == "Edited \"Ten Summoner's Tales\"")
        #expect(try await library.locate(.id(id)).album.year == 1993)
        try await controller.undo()
        #expect(controller.screen.details.map(\.value) == ["Sting", "Nothing Like The Sun", "Pop", "1999"])
        #expect(controller.screen.message == "Undid edit \"Ten Summoner's Tales\"")
        #expect(!controller.screen.isUndoEnabled)
    }

    @Test func aBadEditChangesNothingAndSaysWhy() async throws {
        let id = try #require(controller.screen.currentAlbum?.id)
        await #expect(throws: LibraryError.self) {
            try await controller.edit(id, with: AlbumPatch(title: " "))
        }
        #expect(controller.screen.message == "invalid title ' ': must not be empty")
        #expect(controller.screen.albums.map(\.title) == Fixtures.seedTitles)
        #expect(!controller.screen.isUndoEnabled)
    }

    @Test func trashIsDisabledWhenTheLibraryIsEmptyAndDeleteThenDoesNothing() async throws {
        for _ in 0..<5 { try await controller.deleteCurrent() }
        #expect(controller.screen.albums.isEmpty)
        #expect(controller.screen.currentIndex == nil)
        #expect(controller.screen.details.isEmpty)
        #expect(!controller.screen.isTrashEnabled)
        try await controller.deleteCurrent()
        try await controller.undo()
        #expect(controller.screen.isTrashEnabled)
        #expect(controller.screen.albums.count == 1)
    }

    @Test func changesMadeThroughTheFacadeByAnotherFaceReachTheController() async throws {
        let added = try await library.add(Fixtures.album("From the web"), at: 0)
        await controller.waitUntilShowing(added)
        #expect(controller.screen.albums.first?.title == "From the web")
        let selected = try await library.select(.index(3))
        await controller.waitUntilShowing(selected)
        #expect(controller.screen.currentIndex == 3)
    }

    @Test func errorsBecomeTheStatusMessage() async throws {
        let empty = LibraryController(library: LibraryAPI(store: try await TestLibrary.store(albums: [])))
        try await empty.load()
        await #expect(throws: LibraryError.self) { try await empty.clickedView(at: 3) }
        #expect(empty.screen.message == "no album at index 3 (the library is empty)")
    }

    @Test func reloadRestoresTheSavedCurrentAlbum() async throws {
        try await library.select(.index(4))
        let second = LibraryController(library: library)
        try await second.load()
        #expect(second.screen.currentIndex == 4)
        #expect(second.initialViewIndex == 4)
    }

    @Test func tableRepresentationIsArtistAlbumGenreYear() async throws {
        let album = try Album(title: "T", artist: "A", genre: "", year: nil)
        #expect(
            album.tableRepresentation == [
                TableRow(title: "Artist", value: "A"), TableRow(title: "Album", value: "T"),
                TableRow(title: "Genre", value: ""), TableRow(title: "Year", value: ""),
            ])
    }

    @Test func trackLinesNumberDiscsOnlyWhenThereAreSeveralAndNameGuests() throws {
        let album = try Album(title: "T", artist: "Band")
        func track(_ disc: Int, _ number: Int?, _ artist: String, _ seconds: Double) -> Track {
            Track(
                disc: disc, number: number, title: "S", artist: artist,
                duration: seconds, path: "/m")
        }
        let single = album.trackLines([track(1, 3, "Band", 187.4), track(1, nil, "Guest", 3725)])
        #expect(
            single == [
                TrackLine(position: "03", title: "S", artist: nil, duration: "3:07"),
                TrackLine(position: "--", title: "S", artist: "Guest", duration: "1:02:05"),
            ])
        #expect(
            album.trackLines([track(1, 12, "", 1), track(2, 1, "Band", 1)]).map(\.position) == [
                "1-12", "2-01",
            ])
        #expect(Album.trackSummary([track(1, 1, "", 60), track(1, 2, "", 61)]) == "2 tracks, 2:01")
        #expect(Album.trackSummary([track(1, 1, "", 60)]) == "1 track, 1:00")
    }
}

@MainActor
struct LibraryControllerSearchTests {
    let library = LibraryAPI(store: TestLibrary.store())
    let controller: LibraryController

    init() async throws {
        controller = LibraryController(library: library)
        try await controller.load()
    }

    @Test func aSearchShowsOnlyMatchesAndKeepsIndexesLocal() async throws {
        try await controller.clickedView(at: 3)
        try await controller.search("sun")
        #expect(controller.screen.albums.map(\.title) == ["Nothing Like The Sun", "Staring at the Sun"])
        #expect(controller.screen.currentIndex == 1, "U2 stays current, at its place in the matches")
        #expect(controller.screen.message == "2 albums match sun")
        try await controller.clickedView(at: 0)
        #expect(try await library.currentAlbum()?.album.title == "Nothing Like The Sun")
        try await controller.deleteCurrent()
        #expect(controller.screen.albums.map(\.title) == ["Staring at the Sun"])
        #expect(try await library.count() == 4)
        try await controller.search("")
        #expect(controller.screen.albums.count == 4)
    }

    @Test func whenTheCurrentAlbumIsFilteredOutTheFirstMatchBecomesCurrent() async throws {
        try await controller.search("madonna")
        #expect(controller.screen.currentIndex == 0)
        #expect(controller.screen.details.first?.value == "Madonna")
    }

    @Test func aBadSearchKeepsTheListAndSaysWhy() async throws {
        await #expect(throws: LibraryError.self) { try await controller.search("colour:red") }
        #expect(controller.screen.albums.count == 5)
        #expect(controller.screen.message?.hasPrefix("invalid query term 'colour:red'") == true)
    }

    @Test func addingAnAlbumMakesItCurrent() async throws {
        try await controller.add(Fixtures.album("Heroes", by: "David Bowie"))
        #expect(controller.screen.albums.count == 6)
        #expect(controller.screen.currentIndex == 5)
        #expect(controller.screen.message == "Added \"Heroes\"")
        try await controller.undo()
        #expect(controller.screen.albums.count == 5)
    }
}
