import TerminalKit

/// Drawing what the keyboard is doing over the screen: the search prompt under the details (over them
/// in a small terminal), the add and edit form as a modal box there, and the list of keys in a box in
/// the middle.
extension TerminalApp {
    func drawInput(layout: ScreenLayout, into screen: inout TerminalScreen) {
        switch input {
        case .browse: break
        case .search(let prompt): drawSearch(prompt, layout: layout, into: &screen)
        case .form(let form): drawForm(form, layout: layout, into: &screen)
        case .help(let top): drawKeys(from: top, into: &screen)
        case .lyrics(let panel): drawLyrics(panel, into: &screen)
        }
    }

    private func drawSearch(_ prompt: SearchPrompt, layout: ScreenLayout, into screen: inout TerminalScreen) {
        let top = layout.panelTop(rows: 2)
        screen.fill(x: 0, y: top, width: size.width, height: 2, with: .blank)
        let label = "Search: "
        let x = 2 + screen.write(label, x: 2, y: top, style: CellStyle(bold: true))
        let text = prompt.text.truncated(toColumns: size.width - x - 3, keepingEnd: true)
        let end =
            x + screen.write(text, x: x, y: top, style: CellStyle(bold: true, inverse: prompt.isSelected))
        screen.put("▏", x: end, y: top, style: CellStyle(bold: true))
        let hints = [
            "e.g. artist:bowie year:1990..1999 — Enter applies, Esc clears the search",
            "Enter applies, Esc clears the search", "Enter applies, Esc clears",
        ]
        let hint = hints.first { $0.terminalColumns <= size.width - 4 } ?? ""
        screen.write(hint, x: 2, y: top + 1, style: CellStyle(dim: true))
    }

    /// The form is modal: a box whose inside shows nothing of what is under it, over a screen drawn dim.
    /// Its heading (what it does and its keys) is the box's title; a mistake is shown under the fields,
    /// on two lines when one is too short for it.
    private func drawForm(_ form: AlbumForm, layout: ScreenLayout, into screen: inout TerminalScreen) {
        let error = form.error?.wrapped(toColumns: size.width - 7, maxLines: 2) ?? []
        let rows = form.labels.count + error.count + 2
        let box = Rect(
            x: 0, y: max(min(layout.inputTop - 1, layout.toolbarRow - rows), 1), width: size.width,
            height: rows)
        dimAll(of: &screen)
        var canvas = Canvas(width: 0, height: 0, glyphs: .unicode)
        canvas.screen = screen
        canvas.box(box)
        screen = canvas.screen
        let heading = " " + form.heading(columns: size.width - 6) + " "
        screen.write(heading, x: 2, y: box.y, style: CellStyle(bold: true), maxWidth: size.width - 4)
        for (index, label) in form.labels.enumerated() {
            let focused = index == form.focus
            let y = box.y + 1 + index
            screen.write((focused ? "› " : "  ") + label, x: 3, y: y, style: CellStyle(bold: focused))
            // The end of a long value stays in view: that is where typing happens.
            let value = form.values[index].truncated(
                toColumns: size.width - 15 - (focused ? 1 : 0), keepingEnd: true)
            let end = 13 + screen.write(value, x: 13, y: y, style: CellStyle(inverse: focused))
            if focused { screen.put("▏", x: end, y: y, style: CellStyle(inverse: true)) }
        }
        for (offset, line) in error.enumerated() {
            screen.write(
                line, x: 5, y: box.y + 1 + form.labels.count + offset, style: CellStyle(bold: true))
        }
    }

    /// Draws every cell dim: what is under a modal box.
    private func dimAll(of screen: inout TerminalScreen) {
        for y in 0..<screen.height {
            for x in 0..<screen.width {
                var cell = screen.cells[y][x]
                guard !cell.isContinuation else { continue }
                cell.style.dim = true
                screen.put(cell.character, x: x, y: y, style: cell.style)
            }
        }
    }

    /// Where the keys overlay sits: its box, the blank rows above and below the list, and how many
    /// entries it shows at once (fewer than there are in a small terminal: ↑/↓ scroll them).
    var keysLayout: (box: Rect, margin: Int, visible: Int) {
        let entries = KeyHelp.entries
        let keyWidth = entries.map(\.keys.terminalColumns).max() ?? 0
        let actionWidth = entries.map(\.action.terminalColumns).max() ?? 0
        // A blank row above and below the list when the terminal has room for them and the box still
        // ends above the toolbar.
        let margin = size.height >= entries.count + 7 ? 1 : 0
        let width = min(keyWidth + 2 + actionWidth + 4, size.width)
        let height = min(entries.count + 2 + 2 * margin, size.height)
        let box = Rect(
            x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
        return (box, margin, max(height - 2 - 2 * margin, 0))
    }

    /// The keys, in a box in the middle of the screen, from entry `top`; any key closes it.
    func drawKeys(from top: Int, into screen: inout TerminalScreen) {
        let entries = KeyHelp.entries
        let keyWidth = entries.map(\.keys.terminalColumns).max() ?? 0
        let (box, margin, visible) = keysLayout
        var canvas = Canvas(width: 0, height: 0, glyphs: .unicode)
        canvas.screen = screen
        canvas.box(box, title: "Keys")
        screen = canvas.screen
        let scrolls = visible < entries.count
        let footer = scrolls ? " ↑/↓ more, any key closes " : " any key closes "
        screen.write(
            footer, x: box.x + max((box.width - footer.terminalColumns) / 2, 1), y: box.y + box.height - 1,
            style: CellStyle(dim: true), maxWidth: box.width - 2)
        let x = box.x + 2
        for (offset, entry) in entries.dropFirst(top).prefix(visible).enumerated() {
            let y = box.y + 1 + margin + offset
            screen.write(entry.keys, x: x, y: y, style: CellStyle(bold: true), maxWidth: box.width - 4)
            screen.write(
                entry.action.truncated(toColumns: box.width - 6 - keyWidth), x: x + keyWidth + 2, y: y)
        }
    }
}
