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
