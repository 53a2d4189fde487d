import TerminalKit
import Testing

@MainActor
struct ListViewTests {
    private func list(_ titles: [String]) -> ListView {
        let list = ListView()
        list.setRows(titles.map { ListRow(title: $0) })
        return list
    }

    @Test func keysMoveOpenAndGoBack() {
        let list = list(["a", "b", "c"])
        var opened: [Int] = []
        var backs = 0
        list.onOpen = { opened.append($0) }
        list.onBack = { backs += 1 }
        #expect(list.handle(.down) && list.handle(.character("j")))
        #expect(list.selectedIndex == 2)
        #expect(list.handle(.down))
        #expect(list.selectedIndex == 2, "the last row stays selected")
        #expect(list.handle(.character("k")) && list.handle(.enter) && list.handle(.right))
        #expect(opened == [1, 1])
        #expect(list.handle(.backspace) && list.handle(.left))
        #expect(backs == 2)
        #expect(!list.handle(.character("q")), "other keys go on to the app")
    }

    @Test func rowChangesKeepTheSelectionOnItsRow() {
        let list = list(["b", "d"])
        list.selectedIndex = 1
        list.insertRow(ListRow(title: "a"), at: 0)
        #expect(list.selectedIndex == 2)
        list.removeRow(at: 0)
        #expect(list.selectedIndex == 1)
        list.moveRow(from: 1, to: 0, row: ListRow(title: "c"))
        #expect(list.rows.map(\.title) == ["c", "b"])
        #expect(list.selectedIndex == 0)
        list.moveRow(from: 1, to: 0, row: ListRow(title: "a"))
        #expect(list.selectedIndex == 1)
        list.removeRow(at: 1)
        #expect(list.selectedIndex == 0, "the row that takes the removed one's place")
        list.removeRow(at: 0)
        #expect(list.selectedIndex == nil)
    }

    @Test func theSelectedRowScrollsIntoView() {
        let list = list((0..<20).map { "row \($0)" })
        list.selectedIndex = 15
        var canvas = Canvas(width: 20, height: 5, glyphs: .ascii)
        list.draw(in: canvas.bounds, on: &canvas)
        #expect(
            canvas.screen.text.split(separator: "\n").last == ">row 15", "unfocused, the selection is marked")
    }
}

@MainActor
struct DialogAndLayoutTests {
    @Test func aTextDialogTypesConfirmsAndCancels() {
        let dialog = Dialog(title: "Create Folder", placeholder: "Folder Name", confirm: "Create")
        var confirmed: [String] = []
        var cancelled = 0
        dialog.onConfirm = { confirmed.append($0) }
        dialog.onCancel = { cancelled += 1 }
        for key in [Key.character("W"), .character("x"), .backspace, .character("o"), .enter, .escape] {
            _ = dialog.handle(key)
        }
        #expect(confirmed == ["Wo"])
        #expect(cancelled == 1)
    }

    @Test func aQuestionAnswersToYAndN() {
        let dialog = Dialog(title: "Delete", prompt: "Sure? (y/n)", confirm: "Delete")
        var answers: [Bool] = []
        dialog.onConfirm = { _ in answers.append(true) }
        dialog.onCancel = { answers.append(false) }
        _ = dialog.handle(.character("n"))
        _ = dialog.handle(.character("y"))
        #expect(answers == [false, true])
    }

    @Test func theSplitViewShowsOnePaneBelowEightyColumns() {
        let split = SplitView(master: Label("master"), detail: Label("detail"))
        var wide = Canvas(width: 100, height: 3, glyphs: .unicode)
        split.draw(in: wide.bounds, on: &wide)
        #expect(wide.screen.text.contains("master") && wide.screen.text.contains("detail"))
        var narrow = Canvas(width: 79, height: 3, glyphs: .unicode)
        split.focus = .detail
        split.draw(in: narrow.bounds, on: &narrow)
        #expect(!narrow.screen.text.contains("master") && narrow.screen.text.contains("detail"))
    }

    @Test func theNavigationStackMakesThePath() {
        let stack = NavigationStack()
        stack.push(Label(), title: "Recordings")
        let work = Label()
        stack.push(work, title: "Work")
        stack.setTitle("Arbeit", of: work)
        #expect(stack.path(separator: Glyphs.unicode.pathSeparator) == "Recordings › Arbeit")
        stack.pop()
        #expect(stack.pop() == nil, "the root stays")
    }

    @Test(
        arguments: [
            (["LANG": "en_US.UTF-8"], true), (["LANG": "C"], false),
            (["LC_ALL": "C", "LANG": "C.UTF-8"], false),
            (["LC_CTYPE": "de_DE.utf8"], true), ([:], false),
        ] as [([String: String], Bool)])
    func glyphsFollowTheLocale(environment: [String: String], unicode: Bool) {
        #expect(Glyphs.forEnvironment(environment).isUnicode == unicode)
    }

    @Test func theProgressBarPutsItsKnobAtTheFraction() {
        let bar = ProgressBar(fraction: 0.5)
        var canvas = Canvas(width: 11, height: 1, glyphs: .ascii)
        bar.draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.screen.text == "=====O-----")
    }
}

/// Text in terminal columns: wide characters take two cells, and nothing is cut in half.
struct TerminalTextTests {
    @Test(
        arguments: [
            ("abc", 3), ("東京事変", 8), ("é", 1), ("e\u{301}", 1), ("🎸", 2), ("🇬🇧", 2), ("👩‍🎤", 2),
            ("♪●━", 3), ("\u{1B}x", 2),
        ] as [(String, Int)])
    func columnsCountWideCharactersTwice(text: String, columns: Int) {
        #expect(text.terminalColumns == columns)
    }

    @Test(
        arguments: [
            ("Best of Bowie", 20, "Best of Bowie"), ("Best of Bowie", 8, "Best of…"),
            ("東京事変 教育", 6, "東京…"), ("東京事変 教育", 7, "東京事…"), ("ab🇬🇧cd", 5, "ab🇬🇧…"),
            ("ab🇬🇧cd", 3, "ab…"), ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"), ("abc", 0, ""),
        ] as [(String, Int, String)])
    func truncationEndsWithAnEllipsisAndNeverSplitsACharacter(text: String, columns: Int, expected: String) {
        let result = text.truncated(toColumns: columns)
        #expect(result == expected)
        #expect(result.terminalColumns <= columns)
    }

    @Test(
        arguments: [
            (
                "invalid year '12': must be between 1000 and 9999", 34, 2,
                ["invalid year '12': must be between", "1000 and 9999"]
            ),
            ("one two three four", 9, 2, ["one two", "three fo…"]),
            ("abcdefghij", 4, 5, ["abcd", "efgh", "ij"]),
            ("東京事変 教育", 5, 3, ["東京", "事変", "教育"]),
            ("  spaced   out ", 20, 1, ["spaced out"]), ("", 10, 2, []),
        ] as [(String, Int, Int, [String])])
    func wrappingBreaksBetweenWordsAndShortensTheLastLine(
        text: String, columns: Int, maxLines: Int, expected: [String]
    ) {
        let lines = text.wrapped(toColumns: columns, maxLines: maxLines)
        #expect(lines == expected)
        #expect(lines.allSatisfy { $0.terminalColumns <= columns })
    }

    @Test func truncationCanKeepTheEnd() {
        #expect("artist:bowie year:1990..1999".truncated(toColumns: 10, keepingEnd: true) == "…990..1999")
        #expect("東京事変".truncated(toColumns: 4, keepingEnd: true) == "…変")
    }
}

/// The screen places wide characters over two cells and never keeps half of one.
struct WideCellTests {
    @Test func aWideCharacterTakesTwoCellsAndTextStopsBeforeOneThatDoesNotFit() {
        var screen = TerminalScreen(width: 8, height: 1)
        #expect(screen.write("ab東京", x: 0, y: 0) == 6)
        #expect(screen.cells[0][3].isContinuation && screen.cells[0][5].isContinuation)
        #expect(screen.text == "ab東京")
        var clipped = TerminalScreen(width: 8, height: 1)
        #expect(clipped.write("abc東京", x: 0, y: 0, maxWidth: 4) == 3, "half of 東 does not fit")
        #expect(clipped.text == "abc")
        var edge = TerminalScreen(width: 3, height: 1)
        edge.write("ab東", x: 0, y: 0)
        #expect(edge.text == "ab", "nor at the screen's edge")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var screen = TerminalScreen(width: 6, height: 1)
        screen.write("東京", x: 0, y: 0)
        screen.put("x", x: 1, y: 0)
        #expect(screen.text == " x京")
        screen.put("y", x: 2, y: 0)
        #expect(screen.text == " xy")
        #expect(!screen.cells[0].contains { $0.isContinuation })
        screen.write("東", x: 3, y: 0)
        screen.fill(x: 4, y: 0, width: 2, height: 1, with: .blank)
        #expect(screen.text == " xy")
    }

    @Test func theRendererWritesAWideCharacterOnceAndMovesOn() {
        let renderer = FrameRenderer(mode: .noColor)
        var first = TerminalScreen(width: 6, height: 1)
        first.write("abcdef", x: 0, y: 0)
        var second = first
        second.write("東", x: 1, y: 0)
        #expect(renderer.update(from: first, to: second) == "\u{1B}[1;2H\u{1B}[0m東\u{1B}[0m")
        #expect(renderer.update(from: nil, to: second).hasSuffix("a東def\u{1B}[0m"))
    }

    @Test func pageKeysAreParsed() {
        var parser = KeyParser()
        #expect(parser.feed(Array("\u{1B}[5~\u{1B}[6~".utf8)) == [.pageUp, .pageDown])
    }
}
