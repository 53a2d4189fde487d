import BlueLibraryCore
import BlueLibraryPresentation
import TerminalKit

/// Drawing the album screen into a ``TerminalScreen``.
extension TerminalApp {

    var scrollerTop: Int { 1 }
    var tableTop: Int { scrollerTop + Self.tileHeight + 2 * Self.padding }

    /// Draws the whole screen for the current state.
    public func render() -> TerminalScreen {
        var screen = TerminalScreen(width: size.width, height: size.height)
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
            let lines = [
                "Terminal too small:", "\(size.width)×\(size.height), need at least",
                "\(Self.minimumSize.width)×\(Self.minimumSize.height). Enlarge it, or q quits.",
            ]
            for (offset, line) in lines.enumerated() {
                screen.write(
                    line, x: 1, y: size.height / 2 - 1 + offset, style: CellStyle(bold: true),
                    maxWidth: size.width - 1)
            }
            return screen
        }
        let state = controller.screen
        followCurrentAlbum(state)
        drawTitle(state, into: &screen)
        scroller.draw(into: &screen, top: scrollerTop, tick: tick)
        drawDetails(state, into: &screen)
        drawInput(into: &screen)
        drawToolbar(state, into: &screen)
        screen.write(
            state.message ?? "", x: 1, y: size.height - 1, style: CellStyle(bold: true),
            maxWidth: size.width - 2)
        pruneTiles()
        return screen
    }

    /// Keeps the scroller in step with the controller: a new count, and the current album centred.
    private func followCurrentAlbum(_ state: LibraryScreen) {
        if scroller.count != state.albums.count { scroller.reloadKeepingPosition() }
        let current = state.currentAlbum?.id
        if current != centeredOn, let index = state.currentIndex {
            scroller.center(on: index)
        }
        centeredOn = current
    }

    private func drawTitle(_ state: LibraryScreen, into screen: inout TerminalScreen) {
        let bar = CellStyle(inverse: true)
        screen.fill(x: 0, y: 0, width: size.width, height: 1, with: Cell(character: " ", style: bar))
        screen.write(" BlueLibrary", x: 0, y: 0, style: CellStyle(bold: true, inverse: true))
        let count = state.albums.count
        let position = state.currentIndex.map { "album \($0 + 1) of \(count)" } ?? "\(count) albums"
        let right = (state.search.isEmpty ? "" : "search: \(state.search) · ") + position
        screen.write(right + " ", x: max(size.width - right.count - 1, 13), y: 0, style: bar)
    }

    private func drawDetails(_ state: LibraryScreen, into screen: inout TerminalScreen) {
        guard !state.details.isEmpty else {
            let hint =
                state.search.isEmpty
                ? "The library is empty. Press a to add an album."
                : "No album matches the search. Press / then Esc to clear it."
            screen.write(hint, x: 2, y: tableTop + 1, style: CellStyle(dim: true), maxWidth: size.width - 4)
            return
        }
        for (offset, row) in state.details.enumerated() {
            let y = tableTop + offset
            screen.write(row.title, x: 2, y: y, style: CellStyle(bold: true))
            screen.write("│", x: 10, y: y, style: CellStyle(dim: true))
            screen.write(row.value, x: 12, y: y, maxWidth: size.width - 14)
        }
    }

    private func drawInput(into screen: inout TerminalScreen) {
        let top = tableTop + 5
        switch input {
        case .browse: break
        case .search(let text):
            screen.write(
                "Search: " + text + "▏", x: 2, y: top, style: CellStyle(bold: true), maxWidth: size.width - 4)
            screen.write(
                "query language, e.g. artist:bowie year:1990..1999 — Enter to apply, Esc to clear", x: 2,
                y: top + 1, style: CellStyle(dim: true), maxWidth: size.width - 4)
        case .add(let form):
            screen.write(
                "Add an album — Tab moves, Enter adds, Esc cancels", x: 2, y: top,
                style: CellStyle(dim: true), maxWidth: size.width - 4)
            for (index, label) in AddForm.labels.enumerated() {
                let focused = index == form.focus
                let value = form.values[index] + (focused ? "▏" : "")
                screen.write(
                    (focused ? "› " : "  ") + label, x: 2, y: top + 1 + index, style: CellStyle(bold: focused)
                )
                screen.write(
                    value, x: 12, y: top + 1 + index, style: CellStyle(inverse: focused),
                    maxWidth: size.width - 14)
            }
        }
    }

    var toolbarLayout: (undo: Range<Int>, trash: Range<Int>) {
        (1..<7, (size.width - 8)..<(size.width - 1))
    }

    private func drawToolbar(_ state: LibraryScreen, into screen: inout TerminalScreen) {
        let y = size.height - 2
        let layout = toolbarLayout
        screen.write(
            "[Undo]", x: layout.undo.lowerBound, y: y,
            style: CellStyle(bold: state.isUndoEnabled, dim: !state.isUndoEnabled))
        screen.write(
            "[Trash]", x: layout.trash.lowerBound, y: y,
            style: CellStyle(bold: state.isTrashEnabled, dim: !state.isTrashEnabled))
        let hints = "←/→ browse  d delete  u undo  r redo  / search  a add  q quit"
        let space = layout.trash.lowerBound - layout.undo.upperBound - 2
        if space >= 10 {
            let shown = String(hints.prefix(space))
            screen.write(
                shown, x: layout.undo.upperBound + 1 + max((space - shown.count) / 2, 0), y: y,
                style: CellStyle(dim: true))
        }
    }

    /// Whether a visible tile is still waiting for its cover.
    package var isLoadingCovers: Bool {
        scroller.visibleIndexes.contains { index in
            controller.album(forViewAt: index).flatMap { tiles[$0.id] }?.view.isLoadingIndicatorVisible
                ?? true
        }
    }

    /// Forgets tiles far from view so a large library does not keep thousands of covers in memory.
    private func pruneTiles() {
        guard tiles.count > 200 else { return }
        let visible = Set(scroller.visibleIndexes.compactMap { controller.album(forViewAt: $0)?.id })
        tiles = tiles.filter { visible.contains($0.key) }
    }
}
