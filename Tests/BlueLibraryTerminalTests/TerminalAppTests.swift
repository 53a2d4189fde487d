import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices
import BlueLibraryStorage
import BlueLibraryTerminal
import BlueLibraryTestSupport
import TerminalKit
import Testing

/// The terminal face driven by scripted keys and read back from its in-memory screen. Frames are drawn
/// without colour so golden files are plain text; covers are generated artwork (no HTTP client).
@MainActor
struct TerminalAppTests {
    let library: LibraryAPI
    let app: TerminalApp

    init() throws {
        let center = CoverCenter()
        library = LibraryAPI(store: InMemoryLibraryStore(), coverCenter: center)
        app = TerminalApp(
            controller: LibraryController(library: library), coverCenter: center, mode: .noColor, width: 80,
            height: 24)
        try app.start()
    }

    /// Draws until every visible cover has arrived, then returns the frame.
    private func settledFrame() async throws -> TerminalScreen {
        _ = app.render()
        for _ in 0..<1000 where app.isLoadingCovers {
            try await Task.sleep(for: .milliseconds(10))
            _ = app.render()
        }
        return app.render()
    }

    private func type(_ text: String) {
        var parser = KeyParser()
        for key in parser.feed(Array(text.utf8)) { app.handle(key) }
    }

    private func snapshot(
        _ screen: TerminalScreen, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(Snapshot.check(screen.text + "\n", named: name) == nil, sourceLocation: sourceLocation)
    }

    @Test func theFirstFrameShowsTheTutorialScreen() async throws {
        let frame = try await settledFrame()
        snapshot(frame, "tui-first-frame")
        let undo = frame.cells[22][1]
        #expect(undo.style.dim, "nothing to undo yet")
        #expect(frame.cells[22][72].style.bold, "Trash is enabled")
    }

    @Test func arrowsMoveTheSelectionAndKeepItCentred() async throws {
        type("\u{1B}[C\u{1B}[C")
        let frame = try await settledFrame()
        snapshot(frame, "tui-after-two-rights")
        #expect(try library.currentAlbum()?.index == 2)
        type("h")
        #expect(try library.currentAlbum()?.index == 1)
        type("\u{1B}[F")
        #expect(try library.currentAlbum()?.index == 4)
        type("\u{1B}[H")
        #expect(try library.currentAlbum()?.index == 0)
    }

    @Test func deleteThenUndoPutsTheAlbumBack() async throws {
        type("ld")
        #expect(
            try library.albums().map(\.title) == [
                "Best of Bowie", "Nothing Like The Sun", "Staring at the Sun", "American Pie",
            ])
        let afterDelete = try await settledFrame()
        snapshot(afterDelete, "tui-after-delete")
        #expect(afterDelete.cells[22][1].style.bold, "Undo is enabled")
        type("u")
        #expect(try library.albums().map(\.title) == Fixtures.seedTitles)
        #expect(try library.currentAlbum()?.index == 1)
        type("\u{12}")
        #expect(try library.count() == 4)
    }

    @Test func anEmptyLibraryDisablesTrash() async throws {
        type("ddddd")
        let frame = try await settledFrame()
        snapshot(frame, "tui-empty")
        #expect(frame.cells[22][72].style.dim)
        type("d")
        #expect(try library.count() == 0)
    }

    @Test func aClickOnACoverSelectsIt() async throws {
        _ = try await settledFrame()
        // The current cover is centred (columns 31…48); the next one starts 20 columns to the right.
        type("\u{1B}[<0;55;5M")
        #expect(try library.currentAlbum()?.index == 1)
        type("\u{1B}[<0;2;23M")
        #expect(try library.state().canUndo == false, "a click on a disabled Undo does nothing")
    }

    @Test func searchFiltersWithTheQueryLanguageAndEscapeClears() async throws {
        type("/sun")
        snapshot(try await settledFrame(), "tui-typing-a-search")
        type("\r")
        #expect(app.controller.screen.albums.map(\.title) == ["Nothing Like The Sun", "Staring at the Sun"])
        type("/\u{1B}")
        #expect(app.controller.screen.albums.count == 5)
    }

    @Test func theAddFormAddsAnAlbum() async throws {
        type("aHeroes\tDavid Bowie\tRock\t1977")
        snapshot(try await settledFrame(), "tui-add-form")
        type("\r")
        #expect(try library.albums().last?.title == "Heroes")
        #expect(try library.currentAlbum()?.album.year == 1977)
    }

    @Test func aBadYearInTheFormSaysWhyAndKeepsTheForm() async throws {
        type("aX\tY\t\t12\r")
        #expect(try library.count() == 5)
        #expect(app.controller.screen.message == "invalid year '12': must be between 1000 and 9999")
        type("\u{1B}")
        #expect(app.controller.screen.message == nil)
    }

    @Test func aTooSmallTerminalSaysSo() {
        app.resize(width: 30, height: 10)
        let text = app.render().text
        #expect(text.contains("Terminal too small:"))
        #expect(text.contains("30×10, need at least"))
        app.resize(width: 80, height: 24)
        #expect(app.render().text.contains("BlueLibrary"))
    }

    @Test func holdingAnArrowRewritesLittle() async throws {
        let renderer = FrameRenderer(mode: .trueColor)
        let before = try await settledFrame()
        let full = renderer.update(from: nil, to: before)
        type("l")
        let after = try await settledFrame()
        let delta = renderer.update(from: before, to: after)
        #expect(!delta.isEmpty)
        #expect(delta.count < full.count)
        #expect(renderer.update(from: after, to: app.render()).isEmpty, "an idle frame writes nothing")
    }

    @Test func qQuits() {
        #expect(!app.wantsToQuit)
        type("q")
        #expect(app.wantsToQuit)
    }
}

@MainActor
struct TerminalLiveTests {
    @Test func changesFromAnotherProcessShowUp() async throws {
        let directory = TemporaryDirectory("live")
        let path = directory.file("library.db")
        let center = CoverCenter()
        let library = LibraryAPI(store: SQLiteLibraryStore(path: path), coverCenter: center)
        let app = TerminalApp(
            controller: LibraryController(library: library), coverCenter: center, mode: .noColor, width: 80,
            height: 24)
        try app.start()
        #expect(try library.checkForExternalChanges() == false)
        // Another process: its own store on the same file.
        try LibraryAPI(store: SQLiteLibraryStore(path: path)).delete(.index(0))
        #expect(try library.checkForExternalChanges())
        #expect(app.controller.screen.albums.count == 4)
        #expect(app.render().text.contains("album 1 of 4"))
    }
}
