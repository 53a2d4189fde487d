import BlueLibraryCore
import BlueLibraryPresentation
import TerminalKit

/// The keys and clicks of browsing, of the track list and of the search prompt (see ``KeyHelp`` for the
/// list).
extension TerminalApp {
    func handleBrowsing(_ key: Key) async {
        if trackList.isFocused, handleTrackList(key) { return }
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
        case .character("?"): input = .help(top: 0)
        case .character("y"): await openLyrics()
        case .tab: focusTrackList()
        case .enter, .character("p"): play(fromTrack: 0)
        case .character(" "): togglePause()
        case .character("n"): skipTrack(by: 1)
        case .character("b"): skipTrack(by: -1)
        case .character(","): seek(by: -10)
        case .character("."): seek(by: 10)
        case .character(let digit) where digit.isASCII && digit.isWholeNumber:
            seek(toTenth: digit.wholeNumberValue ?? 0)
        case .character("s"): stopPlaying()
        case .character("q"), .control("c"), .control("d"): quit()
        case .click(let column, let row): await click(column: column, row: row)
        default: break
        }
    }

    /// Tab: the keys go to the track list, if the album has one and it is on the screen.
    private func focusTrackList() {
        guard let album = controller.screen.currentAlbum else { return }
        guard !controller.screen.tracks.isEmpty else {
            controller.setMessage("\"\(album.title)\" has no track list: albums typed by hand have none")
            return
        }
        guard trackListRows > 0 else {
            controller.setMessage("The terminal is too small for the track list")
            return
        }
        trackList.follow(album.id)
        trackList.isFocused = true
    }

    /// The keys of the focused track list: ↑/↓ (k/j), PgUp/PgDn and Home/End move the cursor, Enter
    /// plays from it, e edits its track, Tab or Esc give the keys back to the covers, ←/→ do too and
    /// browse.
    /// - Returns: whether the key was the list's.
    private func handleTrackList(_ key: Key) -> Bool {
        let count = controller.screen.tracks.count
        let visible = trackListRows
        switch key {
        case .up, .character("k"): trackList.move(by: -1, count: count, visible: visible)
        case .down, .character("j"): trackList.move(by: 1, count: count, visible: visible)
        case .pageUp: trackList.move(by: -max(visible - 1, 1), count: count, visible: visible)
        case .pageDown: trackList.move(by: max(visible - 1, 1), count: count, visible: visible)
        case .home: trackList.move(by: -count, count: count, visible: visible)
        case .end: trackList.move(by: count, count: count, visible: visible)
        case .enter: play(fromTrack: trackList.cursor)
        case .character("e"):
            let tracks = controller.screen.tracks
            guard tracks.indices.contains(trackList.cursor) else { return true }
            input = .form(AlbumForm(editing: tracks[trackList.cursor]))
        case .tab, .backTab, .escape: trackList.isFocused = false
        case .left, .right, .character("h"), .character("l"):
            trackList.isFocused = false
            return false
        default: return false
        }
        return true
    }

    /// The keys overlay: ↑/↓ (k/j, PgUp/PgDn) scroll a list taller than the screen; any other key closes it.
    func scrollKeys(_ key: Key, from top: Int) {
        let visible = keysLayout.visible
        let hidden = KeyHelp.entries.count - visible
        guard hidden > 0 else {
            input = .browse
            return
        }
        switch key {
        case .down, .character("j"): input = .help(top: min(top + 1, hidden))
        case .up, .character("k"): input = .help(top: max(top - 1, 0))
        case .pageDown: input = .help(top: min(top + visible, hidden))
        case .pageUp: input = .help(top: max(top - visible, 0))
        default: input = .browse
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
