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
    /// fills its rows around the cursor and the heading says which tracks are in view. An album of
    /// several discs lists each disc's tracks under its heading ("Disc 2 — The Live Set").
    func drawTracks(
        _ tracks: [Track], of album: Album, layout: ScreenLayout, into screen: inout TerminalScreen
    ) {
        let top = layout.inputTop
        let rows = layout.contentEnd - 1 - top - 1
        guard !tracks.isEmpty, rows >= 1 else { return }
        let lines = album.trackLines(tracks)
        // On an album of several discs, each disc's heading is a row of its own above its tracks.
        var listed: [(heading: String?, track: Int)] = []
        for (index, line) in lines.enumerated() {
            if let heading = line.discHeading { listed.append((heading, index)) }
            listed.append((nil, index))
        }
        let focused = trackList.isFocused
        var list = trackList
        let cursorRow = listed.firstIndex { $0.heading == nil && $0.track == list.cursor } ?? 0
        list.scroll(count: listed.count, visible: rows, cursorRow: cursorRow)
        let fits = listed.count <= rows
        // Without the keyboard, the last row says how many tracks follow (when some do not fit).
        let remaining = listed.count - list.top
        let more = focused || remaining <= rows ? 0 : remaining - (rows - 1)
        let shown = more > 0 ? rows - 1 : min(rows, remaining)
        let inView = listed[list.top..<list.top + shown].filter { $0.heading == nil }.map(\.track)
        let tracksAfter = lines.count - (inView.last.map { $0 + 1 } ?? 0)

        var heading = Album.trackSummary(tracks)
        if !fits, let first = inView.first, let last = inView.last {
            heading += " · \(first + 1)–\(last + 1) of \(lines.count)"
        }
        screen.write("Tracks", x: 2, y: top, style: CellStyle(bold: true))
        screen.write("│", x: 10, y: top, style: CellStyle(dim: true))
        let headingEnd = 12 + screen.write(heading, x: 12, y: top, style: CellStyle(dim: true))
        let hint = focused ? "Enter plays · Tab: covers" : "p plays · Tab: tracks"
        if headingEnd + 3 + hint.terminalColumns <= size.width - 2 {
            screen.write(hint, x: size.width - 2 - hint.terminalColumns, y: top, style: CellStyle(dim: true))
        }

        let width = lines.map(\.number.count).max() ?? 2
        let playingHere = nowPlaying.flatMap { $0.album.id == album.id ? $0 : nil }
        for offset in 0..<shown {
            let row = listed[list.top + offset]
            let y = top + 1 + offset
            if let discHeading = row.heading {
                screen.write(
                    discHeading.truncated(toColumns: size.width - 6), x: 4, y: y, style: CellStyle(bold: true)
                )
                continue
            }
            let index = row.track
            let line = lines[index]
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
            let position = String(repeating: " ", count: width - line.number.count) + line.number
            screen.write(position, x: 4, y: y, style: CellStyle(dim: !isCursor, inverse: isCursor))
            let durationX = size.width - 2 - line.duration.count
            screen.write(line.duration, x: durationX, y: y, style: style)
            let title = line.title + (line.artist.map { " — \($0)" } ?? "")
            screen.write(title.truncated(toColumns: durationX - 7 - width), x: 6 + width, y: y, style: style)
        }
        if more > 0 {
            screen.write(
                "… \(tracksAfter) more track\(tracksAfter == 1 ? "" : "s") — Tab to scroll", x: 6 + width,
                y: top + 1 + shown,
                style: CellStyle(dim: true))
        }
    }
}
