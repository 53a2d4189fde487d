import AudioKit
import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibrarySQLite
import BlueLibraryServices
import BlueLibraryStore
import BlueLibraryTerminal
import TerminalKit
import TestSupport
import Testing

/// The terminal face driven by scripted keys and read back from its in-memory screen. Frames are drawn
/// without colour so golden files are plain text; covers are generated artwork (no HTTP client).
@MainActor
struct TerminalAppTests {
    let library: LibraryAPI
    let app: TerminalApp

    init() async throws {
        library = LibraryAPI(store: TestLibrary.store())
        let covers = CoverService(httpClient: nil, cache: nil)
        Task { await covers.run() }
        app = TerminalApp(
            controller: LibraryController(library: library), coverCenter: covers.center, mode: .noColor,
            width: 80, height: 24, player: QueuePlayerTwin.playingNothing())
        try await app.start()
    }

    /// Draws until every visible cover has arrived, then returns the frame. Covers are made on a shared
    /// pool that a busy machine may run late, so it waits up to a minute (a frame still loading then fails
    /// the test's check of it).
    private func settledFrame() async throws -> TerminalScreen {
        _ = app.render()
        let deadline = ContinuousClock.now + .seconds(60)
        while app.isLoadingCovers && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
            _ = app.render()
        }
        return app.render()
    }

    private func type(_ text: String) async {
        var parser = KeyParser()
        for key in parser.feed(Array(text.utf8)) { await app.handle(key) }
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
        await type("\u{1B}[C\u{1B}[C")
        let frame = try await settledFrame()
        snapshot(frame, "tui-after-two-rights")
        #expect(try await library.currentAlbum()?.index == 2)
        await type("h")
        #expect(try await library.currentAlbum()?.index == 1)
        await type("\u{1B}[F")
        #expect(try await library.currentAlbum()?.index == 4)
        await type("\u{1B}[H")
        #expect(try await library.currentAlbum()?.index == 0)
    }

    @Test func deleteThenUndoPutsTheAlbumBack() async throws {
        await type("ld")
        #expect(
            try await library.albums().map(\.title) == [
                "Best of Bowie", "Nothing Like The Sun", "Staring at the Sun", "American Pie",
            ])
        let afterDelete = try await settledFrame()
        snapshot(afterDelete, "tui-after-delete")
        #expect(afterDelete.cells[22][1].style.bold, "Undo is enabled")
        await type("u")
        #expect(try await library.albums().map(\.title) == Fixtures.seedTitles)
        #expect(try await library.currentAlbum()?.index == 1)
        await type("\u{12}")
        #expect(try await library.count() == 4)
    }

    @Test func anEmptyLibraryDisablesTrash() async throws {
        await type("ddddd")
        let frame = try await settledFrame()
        snapshot(frame, "tui-empty")
        #expect(frame.cells[22][72].style.dim)
        await type("d")
        #expect(try await library.count() == 0)
    }

    @Test func aClickOnACoverSelectsIt() async throws {
        _ = try await settledFrame()
        // The current cover is centred (columns 31…48); the next one starts 20 columns to the right.
        await type("\u{1B}[<0;55;5M")
        #expect(try await library.currentAlbum()?.index == 1)
        await type("\u{1B}[<0;2;23M")
        #expect(try await library.state().canUndo == false, "a click on a disabled Undo does nothing")
    }

    @Test func searchFiltersWithTheQueryLanguageAndEscapeClears() async throws {
        await type("/sun")
        snapshot(try await settledFrame(), "tui-typing-a-search")
        await type("\r")
        #expect(app.controller.screen.albums.map(\.title) == ["Nothing Like The Sun", "Staring at the Sun"])
        await type("/\u{1B}")
        #expect(app.controller.screen.albums.count == 5)
    }

    @Test func theAddFormAddsAnAlbum() async throws {
        await type("aHeroes\tDavid Bowie\tRock\t1977")
        snapshot(try await settledFrame(), "tui-add-form")
        await type("\r")
        #expect(try await library.albums().last?.title == "Heroes")
        #expect(try await library.currentAlbum()?.album.year == 1977)
    }

    @Test func aBadYearInTheFormSaysWhyAndKeepsTheForm() async throws {
        await type("aX\tY\t\t12\r")
        #expect(try await library.count() == 5)
        // The form says why, under its fields; the status line does not repeat it.
        let rows = app.render().text.split(separator: "\n").map(String.init)
        let year = try #require(rows.firstIndex { $0.contains("› Year    12▏") })
        #expect(rows[year + 1].hasPrefix("│    invalid year '12': must be between 1000 and 9999"))
        #expect(app.controller.screen.message == nil)
        await type("\u{1B}")
        #expect(app.controller.screen.message == nil)
        #expect(!app.render().text.contains("invalid year"))
    }

    @Test func aTooSmallTerminalSaysSo() async {
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
        await type("l")
        let after = try await settledFrame()
        let delta = renderer.update(from: before, to: after)
        #expect(!delta.isEmpty)
        #expect(delta.count < full.count)
        #expect(renderer.update(from: after, to: app.render()).isEmpty, "an idle frame writes nothing")
    }

    @Test func qQuits() async {
        #expect(!app.wantsToQuit)
        await type("q")
        #expect(app.wantsToQuit)
    }
}

@MainActor
struct TerminalLiveTests {
    @Test func changesFromAnotherProcessShowUp() async throws {
        let directory = TemporaryDirectory("live")
        let path = directory.file("library.db")
        let library = LibraryAPI(store: SQLiteLibraryStore(path: path))
        let app = TerminalApp(
            controller: LibraryController(library: library), coverCenter: CoverCenter(), mode: .noColor,
            width: 80, height: 24, player: QueuePlayerTwin.playingNothing())
        try await app.start()
        #expect(try await library.checkForExternalChanges() == nil)
        // Another process: its own store on the same file.
        try await LibraryAPI(store: SQLiteLibraryStore(path: path)).delete(.index(0))
        let change = try #require(try await library.checkForExternalChanges())
        await app.controller.waitUntilShowing(change)
        #expect(app.controller.screen.albums.count == 4)
        #expect(app.render().text.contains("album 1 of 4"))
    }
}
