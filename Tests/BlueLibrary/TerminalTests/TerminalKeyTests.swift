import BlueLibraryCore
import BlueLibraryTerminal
import TerminalKit
import TestSupport
import Testing

/// Key sessions: the search prompt, clearing the filter, paging, and the keys overlay.
@MainActor
struct TerminalKeyTests {
    /// The search prompt's row of a frame.
    private func promptRow(_ screen: TerminalScreen) -> (text: String, row: Int)? {
        let rows = screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return rows.firstIndex { $0.hasPrefix("  Search: ") }.map { (rows[$0], $0) }
    }

    @Test func thePromptOpensOnTheQueryInForceSelectedAndTypingReplacesIt() async throws {
        let harness = try await TerminalHarness()
        await harness.type("/")
        #expect(promptRow(harness.app.render())?.text == "  Search: ▏", "no query: the prompt opens empty")
        await harness.type("sun\r")
        #expect(harness.app.controller.screen.albums.count == 2)
        await harness.type("/")
        let frame = harness.app.render()
        let (text, row) = try #require(promptRow(frame))
        #expect(text == "  Search: sun▏")
        #expect((10..<13).allSatisfy { frame.cells[row][$0].style.inverse }, "the query is selected")
        #expect(!frame.cells[row][13].style.inverse)
        await harness.type("pie\r")
        #expect(harness.app.controller.screen.search == "pie")
        #expect(harness.app.controller.screen.albums.map(\.title) == ["American Pie"])
    }

    @Test(arguments: ["\u{1B}[C", "\u{1B}[F", "\u{1B}[4~"])
    func rightOrEndKeepsTheQueryToEditIt(key: String) async throws {
        let harness = try await TerminalHarness()
        await harness.type("/sun\r/" + key)
        let frame = harness.app.render()
        let (text, row) = try #require(promptRow(frame))
        #expect(text == "  Search: sun▏")
        #expect(!frame.cells[row][10].style.inverse, "no longer selected")
        await harness.type(" ^u2\r")
        #expect(harness.app.controller.screen.search == "sun ^u2")
        #expect(harness.app.controller.screen.albums.map(\.title) == ["Nothing Like The Sun"])
    }

    @Test func backspaceOnTheSelectedQueryDeletesAllOfIt() async throws {
        let harness = try await TerminalHarness()
        await harness.type("/sun\r/\u{7F}")
        #expect(promptRow(harness.app.render())?.text == "  Search: ▏")
        await harness.type("\r")
        #expect(harness.app.controller.screen.albums.count == 5)
    }

    @Test func ctrlUClearsTheField() async throws {
        let harness = try await TerminalHarness()
        await harness.type("/madonna\u{15}")
        #expect(promptRow(harness.app.render())?.text == "  Search: ▏")
        await harness.type("u2\r")
        #expect(harness.app.controller.screen.albums.map(\.title) == ["Staring at the Sun"])
        // On a query being edited too.
        await harness.type("/\u{1B}[C\u{15}bowie\r")
        #expect(harness.app.controller.screen.albums.map(\.title) == ["Best of Bowie"])
    }

    @Test func escapeOutsideThePromptClearsAnActiveFilter() async throws {
        let harness = try await TerminalHarness()
        await harness.type("/sun\r")
        #expect(harness.app.render().text.contains("search: sun · album 1 of 2"))
        await harness.press(.escape)
        #expect(harness.app.controller.screen.search == "")
        #expect(harness.app.controller.screen.albums.count == 5)
        let text = harness.app.render().text
        #expect(!text.contains("search:") && text.contains("album 3 of 5"), "the current album stays current")
        // Without a filter Esc changes nothing.
        await harness.press(.escape)
        #expect(harness.app.controller.screen.albums.count == 5)
        #expect(try await harness.library.currentAlbum()?.index == 2)
    }

    @Test func noMatchesSaysEscClearsTheSearch() async throws {
        let harness = try await TerminalHarness()
        await harness.type("/nothing like this\r")
        #expect(harness.app.render().text.contains("No album matches the search. Press Esc to clear it."))
        await harness.press(.escape)
        #expect(harness.app.controller.screen.albums.count == 5)
    }

    @Test(arguments: [(80, 24, 4), (40, 12, 3), (124, 30, 4)])
    func pageDownAndPageUpMoveAScreenfulOfCovers(width: Int, height: Int, page: Int) async throws {
        let albums = Album.seeds + (1...7).map { Fixtures.album("Extra \($0)") }
        let harness = try await TerminalHarness(width: width, height: height, albums: albums)
        var expected = 0
        for _ in 0..<4 {
            await harness.type("\u{1B}[6~")
            expected = min(expected + page, 11)
            #expect(try await harness.library.currentAlbum()?.index == expected)
        }
        #expect(expected == 11, "the last album stops it")
        for _ in 0..<4 {
            await harness.type("\u{1B}[5~")
            expected = max(expected - page, 0)
            #expect(try await harness.library.currentAlbum()?.index == expected)
        }
        #expect(harness.app.render().text.contains("album 1 of 12"))
    }
}

/// The cover row after a search is applied and cleared shows the current album centred at once, as it
/// is when the album was chosen without searching.
@MainActor
struct TerminalSearchRedrawTests {
    /// The title bar and the covers' top and bottom edges (where each cover is, and which is current:
    /// heavy lines), without the pictures, which load when they will.
    private func coverRows(_ harness: TerminalHarness) -> [String] {
        let rows = harness.app.render().text.split(separator: "\n", omittingEmptySubsequences: false)
        return [0, 2, 10].map { String(rows[$0]) }
    }

    @Test func clearingASearchCentresTheCurrentAlbumAtOnce() async throws {
        let plain = try await TerminalHarness()
        await plain.type("\u{1B}[C\u{1B}[C\u{1B}[C")
        #expect(plain.app.controller.screen.currentAlbum?.title == "Staring at the Sun")
        let expected = coverRows(plain)

        let searched = try await TerminalHarness()
        await searched.type("\u{1B}[C\u{1B}[C\u{1B}[C")
        await searched.type("/sun\r")
        #expect(searched.app.controller.screen.albums.count == 2)
        _ = searched.app.render()
        await searched.press(.escape)
        #expect(searched.app.controller.screen.albums.count == 5)
        #expect(coverRows(searched) == expected)
    }
}
