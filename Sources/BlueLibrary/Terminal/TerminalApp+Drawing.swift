import BlueLibraryCore
import BlueLibraryPresentation
import TerminalKit

/// Drawing the album screen into a ``TerminalScreen``, laid out by ``ScreenLayout``. Text that does
/// not fit its place ends with "…".
extension TerminalApp {
    /// Draws the whole screen for the current state.
    package func render() -> TerminalScreen {
        var screen = TerminalScreen(width: size.width, height: size.height)
        let layout = layout
        guard layout.fits else {
            let minimum = ScreenLayout.minimumSize
            let lines = [
                "Terminal too small:", "\(size.width)×\(size.height), need at least",
                "\(minimum.width)×\(minimum.height). Enlarge it, or q quits.",
            ]
            for (offset, line) in lines.enumerated() {
                screen.write(
                    line, x: 1, y: size.height / 2 - 1 + offset, style: CellStyle(bold: true),
                    maxWidth: size.width - 1)
            }
            return screen
        }
        showPlayerFailures()
        let state = controller.screen
        trackList.follow(state.currentAlbum?.id)
        if scroller.layout.viewHeight != layout.tileHeight {
            // Another album's track list wants other room: the covers change size, centred as before.
            scroller.resize(
                visibleWidth: size.width, viewWidth: layout.tileWidth, viewHeight: layout.tileHeight)
            if let index = state.currentIndex { scroller.center(on: index) }
        }
        followCurrentAlbum(state)
        drawTitle(state, layout: layout, into: &screen)
        scroller.draw(into: &screen, top: layout.tilesTop - layout.padding, tick: tick)
        drawDetails(state, layout: layout, into: &screen)
        if let now = nowPlaying { drawPlayer(now, layout: layout, into: &screen) }
        drawToolbar(state, layout: layout, into: &screen)
        screen.write(
            (state.message ?? "").truncated(toColumns: size.width - 2), x: 1, y: layout.messageRow,
            style: CellStyle(bold: true))
        // What the keyboard is doing goes over everything: the search prompt, a form, the keys.
        drawInput(layout: layout, into: &screen)
        pruneTiles()
        return screen
    }

    /// Keeps the scroller in step with the controller: a new count, and the current album centred —
    /// when it is another album, or the same one at another index (a search applied or cleared, an
    /// album added or deleted before it), so the covers never show the old list's place.
    private func followCurrentAlbum(_ state: LibraryScreen) {
        if scroller.count != state.albums.count { scroller.reloadKeepingPosition() }
        let current = state.currentAlbum?.id
        if current != centeredOn || state.currentIndex != centeredIndex, let index = state.currentIndex {
            scroller.center(on: index)
        }
        centeredOn = current
        centeredIndex = state.currentIndex
    }

    /// The title bar: the app's name, and on the right the position and the search in force; a long
    /// query is shortened, the position never.
    private func drawTitle(_ state: LibraryScreen, layout: ScreenLayout, into screen: inout TerminalScreen) {
        let bar = CellStyle(inverse: true)
        let name = " BlueLibrary"
        screen.fill(x: 0, y: 0, width: size.width, height: 1, with: Cell(character: " ", style: bar))
        screen.write(name, x: 0, y: 0, style: CellStyle(bold: true, inverse: true))
        let count = state.albums.count
        let position = state.currentIndex.map { "album \($0 + 1) of \(count)" } ?? "\(count) albums"
        // One blank column after the name and one at the right edge.
        let room = size.width - name.count - 2
        var right = position
        let searchRoom = room - position.terminalColumns - "search:  · ".count
        if !state.search.isEmpty, searchRoom >= 4 {
            right = "search: \(state.search.truncated(toColumns: searchRoom)) · " + position
        }
        right = right.truncated(toColumns: room)
        screen.write(right, x: size.width - right.terminalColumns - 1, y: 0, style: bar)
    }

    /// The details table: the spec's four rows, and in a tall terminal the cover and the id.
    private func drawDetails(_ state: LibraryScreen, layout: ScreenLayout, into screen: inout TerminalScreen)
    {
        guard let album = state.currentAlbum, !state.details.isEmpty else {
            let hint =
                !state.albums.isEmpty
                ? "The current album does not match the search. Press Esc to clear it."
                : state.search.isEmpty
                    ? "The library is empty. Press a to add an album."
                    : "No album matches the search. Press Esc to clear it."
            screen.write(
                hint.truncated(toColumns: size.width - 4), x: 2, y: layout.detailsTop + 1,
                style: CellStyle(dim: true))
            return
        }
        var rows = state.details
        if layout.detailRows > rows.count {
            rows += [
                TableRow(title: "Cover", value: coverDescription(album, columns: size.width - 14)),
                TableRow(title: "Id", value: album.id.rawValue),
            ]
        }
        for (offset, row) in rows.prefix(layout.detailRows).enumerated() {
            let y = layout.detailsTop + offset
            screen.write(row.title, x: 2, y: y, style: CellStyle(bold: true))
            screen.write("│", x: 10, y: y, style: CellStyle(dim: true))
            screen.write(row.value.truncated(toColumns: size.width - 14), x: 12, y: y)
        }
        drawTracks(state.tracks, of: album, layout: layout, into: &screen)
    }

    /// Where the current album's cover comes from, as a person reads it in `columns`: the image file's
    /// path (its end, when the whole does not fit), the audio file it is embedded in, a web address, or
    /// generated artwork and why.
    private func coverDescription(_ album: Album, columns: Int) -> String {
        switch tiles[album.id]?.view.coverState {
        case .generated(let reason?)?: return "generated artwork: \(reason)"
        case .generated(nil)?: return "generated artwork"
        case .loaded?, .loading?, nil: break
        }
        switch album.coverLocation {
        case .none: return "generated artwork"
        case .file(let path): return Self.pathEnd(path, columns: columns)
        case .embedded(let file):
            return "embedded in "
                + Self.pathEnd(String(file.split(separator: "/").last ?? ""), columns: columns - 12)
        case .web(let url): return url
        }
    }

    /// As much of the end of `path` as fits in `columns`, whole folder names after "…/"
    /// (`…/Björk/Homogenic/cover.jpg`); a name that does not fit alone keeps its end.
    static func pathEnd(_ path: String, columns: Int) -> String {
        guard path.terminalColumns > columns else { return path }
        var end = ""
        for part in path.split(separator: "/").reversed() {
            let longer = end.isEmpty ? String(part) : part + "/" + end
            guard ("…/" + longer).terminalColumns <= columns else { break }
            end = longer
        }
        return end.isEmpty ? path.truncated(toColumns: columns, keepingEnd: true) : "…/" + end
    }

    /// The toolbar: Undo and Trash, dim when they cannot be used, and as many key hints as fit between.
    private func drawToolbar(_ state: LibraryScreen, layout: ScreenLayout, into screen: inout TerminalScreen)
    {
        let y = layout.toolbarRow
        let buttons = layout.toolbarButtons
        screen.write(
            "[Undo]", x: buttons.undo.lowerBound, y: y,
            style: CellStyle(bold: state.isUndoEnabled, dim: !state.isUndoEnabled))
        screen.write(
            "[Trash]", x: buttons.trash.lowerBound, y: y,
            style: CellStyle(bold: state.isTrashEnabled, dim: !state.isTrashEnabled))
        let space = buttons.trash.lowerBound - buttons.undo.upperBound - 2
        let hints = KeyHelp.hintLine(columns: space)
        screen.write(
            hints, x: buttons.undo.upperBound + 1 + max((space - hints.terminalColumns) / 2, 0), y: y,
            style: CellStyle(dim: true))
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
