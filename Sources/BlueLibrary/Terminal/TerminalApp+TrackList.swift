import BlueLibraryCore
import BlueLibraryPresentation
import TerminalKit

/// The current album's track list, under the details: as many tracks as fit, scrolled by the keys once
/// Tab gives it the keyboard, the cursor's track inverted and the track that plays marked.
extension TerminalApp {
    /// How many tracks the list shows at once at the terminal's size (0 when it has no room).
    var trackListRows: Int {
        let layout = layout
        return max(layout.contentEnd - 1 - layout.inputTop - 1, 0)
    }

    /// Draws the list in the rows under the details (a prompt or a form goes over it). Without the
    /// keyboard, a list that does not fit ends with how many more tracks there are; with it, the list
    /// fills its rows around the cursor and the heading says which tracks are in view.
    func drawTracks(
        _ tracks: [Track], of album: Album, layout: ScreenLayout, into screen: inout TerminalScreen
    ) {
        let top = layout.inputTop
        let rows = layout.contentEnd - 1 - top - 1
        guard !tracks.isEmpty, rows >= 1 else { return }
        let lines = album.trackLines(tracks)
        let focused = trackList.isFocused
        var list = trackList
        list.scroll(count: lines.count, visible: rows)
        let fits = lines.count <= rows
        // Without the keyboard, the last row says how many tracks follow (when some do not fit).
        let remaining = lines.count - list.top
        let more = focused || remaining <= rows ? 0 : remaining - (rows - 1)
        let shown = more > 0 ? rows - 1 : min(rows, remaining)

        var heading = Album.trackSummary(tracks)
        if !fits { heading += " · \(list.top + 1)–\(list.top + shown) of \(lines.count)" }
        screen.write("Tracks", x: 2, y: top, style: CellStyle(bold: true))
        screen.write("│", x: 10, y: top, style: CellStyle(dim: true))
        let headingEnd = 12 + screen.write(heading, x: 12, y: top, style: CellStyle(dim: true))
        let hint = focused ? "Enter plays · Tab: covers" : "p plays · Tab: tracks"
        if headingEnd + 3 + hint.terminalColumns <= size.width - 2 {
            screen.write(hint, x: size.width - 2 - hint.terminalColumns, y: top, style: CellStyle(dim: true))
        }

        let width = lines.map(\.position.count).max() ?? 2
        let playingHere = nowPlaying.flatMap { $0.album.id == album.id ? $0 : nil }
        for offset in 0..<shown {
            let index = list.top + offset
            let line = lines[index]
            let y = top + 1 + offset
            let isCursor = focused && index == list.cursor
            let style = CellStyle(inverse: isCursor)
            if isCursor {
                screen.fill(
                    x: 2, y: y, width: size.width - 3, height: 1, with: Cell(character: " ", style: style))
            }
            if let playing = playingHere, playing.index == index {
                screen.put(
                    playing.status.isPlaying ? "▶" : "‖", x: 2, y: y,
                    style: CellStyle(bold: true, inverse: isCursor))
            }
            let position = String(repeating: " ", count: width - line.position.count) + line.position
            screen.write(position, x: 4, y: y, style: CellStyle(dim: !isCursor, inverse: isCursor))
            let durationX = size.width - 2 - line.duration.count
            screen.write(line.duration, x: durationX, y: y, style: style)
            let title = line.title + (line.artist.map { " — \($0)" } ?? "")
            screen.write(title.truncated(toColumns: durationX - 7 - width), x: 6 + width, y: y, style: style)
        }
        if more > 0 {
            screen.write(
                "… \(more) more track\(more == 1 ? "" : "s") — Tab to scroll", x: 6 + width,
                y: top + 1 + shown,
                style: CellStyle(dim: true))
        }
    }
}
