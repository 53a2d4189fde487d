import BlueLibraryCore
import BlueLibraryPresentation
import TerminalKit

/// The keys and clicks of browsing and of the search prompt (see ``KeyHelp`` for the list).
extension TerminalApp {
    func handleBrowsing(_ key: Key) async {
        let screen = controller.screen
        let current = screen.currentIndex ?? 0
        let page = scroller.viewsPerScreen
        switch key {
        case .left, .character("h"): await select(current - 1)
        case .right, .character("l"): await select(current + 1)
        case .home: await select(0)
        case .end: await select(screen.albums.count - 1)
        case .pageUp: await select(max(current - page, 0))
        case .pageDown: await select(min(current + page, screen.albums.count - 1))
        case .character("d"), .delete: _ = try? await controller.deleteCurrent()
        case .character("u"), .control("z"): _ = try? await controller.undo()
        case .character("r"), .control("r"): _ = try? await controller.redo()
        case .character("/"): input = .search(SearchPrompt(query: screen.search))
        case .escape where !screen.search.isEmpty: try? await controller.search("")
        case .character("a"): input = .form(AlbumForm())
        case .character("e"):
            guard let album = screen.currentAlbum else {
                let empty = screen.albums.isEmpty && screen.search.isEmpty
                controller.setMessage(
                    empty
                        ? "The library is empty: nothing to edit. Press a to add an album."
                        : "No album to edit")
                return
            }
            input = .form(AlbumForm(editing: album))
        case .character("?"): input = .help
        case .character("q"), .control("c"), .control("d"): quit()
        case .click(let column, let row): await click(column: column, row: row)
        default: break
        }
    }

    private func select(_ index: Int) async {
        guard controller.screen.albums.indices.contains(index),
            index != controller.screen.currentIndex
        else { return }
        _ = try? await controller.clickedView(at: index)
    }

    private func click(column: Int, row: Int) async {
        let layout = layout
        if layout.scrollerRows.contains(row) {
            clickedIndex = nil
            scroller.click(atColumn: column)
            if let index = clickedIndex { _ = try? await controller.clickedView(at: index) }
        } else if row == layout.toolbarRow {
            let buttons = layout.toolbarButtons
            if buttons.undo.contains(column), controller.screen.isUndoEnabled {
                _ = try? await controller.undo()
            }
            if buttons.trash.contains(column), controller.screen.isTrashEnabled {
                _ = try? await controller.deleteCurrent()
            }
        }
    }

    /// The search prompt: Enter applies the query, Esc clears the search; the rest edits the text.
    func handleSearch(_ key: Key, prompt: SearchPrompt) async {
        var prompt = prompt
        switch key {
        case .escape:
            input = .browse
            try? await controller.search("")
        case .enter:
            input = .browse
            try? await controller.search(prompt.text)
        default:
            if prompt.edit(key) { input = .search(prompt) }
        }
    }
}
