import BlueLibraryCore
import TerminalKit

/// The lyrics panel (`y`): the words of the track that plays (else of the track under the list's
/// cursor) in a box in the middle of the screen; synced lyrics mark the line being sung and keep it in
/// view as the track plays; ↑/↓ scroll, any other key closes it.
struct LyricsPanel: Equatable {
    /// The track's title, in the box's frame.
    var title: String
    /// The track's file: the line being sung is marked while this track plays (when another starts, the
    /// panel keeps these lyrics until `y` is pressed again).
    var path: String
    /// The lines, each with its time in seconds when the lyrics are synced.
    var lines: [(start: Double?, text: String)]
    /// The first line in view when the lyrics are not synced (synced ones follow the music).
    var top = 0

    static func == (lhs: LyricsPanel, rhs: LyricsPanel) -> Bool {
        lhs.title == rhs.title && lhs.path == rhs.path && lhs.top == rhs.top
            && lhs.lines.map(\.text) == rhs.lines.map(\.text)
            && lhs.lines.map(\.start) == rhs.lines.map(\.start)
    }

    /// The line being sung `seconds` into the track: the last whose time has come.
    func current(at seconds: Double) -> Int? {
        guard lines.first?.start != nil else { return nil }
        return lines.lastIndex { ($0.start ?? 0) <= seconds }
    }
}

extension TerminalApp {
    /// Opens the panel for the track that plays, else the one under the list's cursor, else the current
    /// album's first; says so on the status line when there are none.
    func openLyrics() async {
        let track: Track
        if let now = nowPlaying {
            track = now.track
        } else if let first = controller.screen.tracks.indices.contains(trackList.cursor)
            ? controller.screen.tracks[trackList.cursor] : nil
        {
            track = first
        } else {
            controller.setMessage("No track to show the lyrics of: albums typed by hand have none")
            return
        }
        let found: [Lyrics]
        do {
            found = try await lyrics?.lyrics(of: track.path) ?? []
        } catch {
            controller.setMessage("The lyrics of \"\(track.title)\" cannot be read")
            return
        }
        guard let chosen = found.first(where: \.isSynced) ?? found.first else {
            controller.setMessage("\"\(track.title)\" has no lyrics")
            return
        }
        input = .lyrics(
            LyricsPanel(
                title: track.title, path: track.path,
                lines: chosen.lines.map { (start: $0.start.map { Double($0) / 1000 }, text: $0.text) }))
    }

    /// ↑/↓ (k/j, PgUp/PgDn) scroll lyrics that are not synced; any other key closes the panel.
    func scrollLyrics(_ key: Key, _ panel: LyricsPanel) {
        var panel = panel
        let visible = max(lyricsBox.height - 2, 1)
        let last = max(panel.lines.count - visible, 0)
        switch key {
        case .down, .character("j"): panel.top = min(panel.top + 1, last)
        case .up, .character("k"): panel.top = max(panel.top - 1, 0)
        case .pageDown: panel.top = min(panel.top + visible, last)
        case .pageUp: panel.top = max(panel.top - visible, 0)
        default:
            input = .browse
            return
        }
        input = .lyrics(panel)
    }

    /// The panel's box: most of the screen, above the toolbar.
    var lyricsBox: Rect {
        let width = min(max(size.width - 8, 20), size.width)
        let height = max(min(size.height - 4, 24), 3)
        return Rect(
            x: (size.width - width) / 2, y: max((size.height - height) / 2 - 1, 0), width: width,
            height: height)
    }

    func drawLyrics(_ panel: LyricsPanel, into screen: inout TerminalScreen) {
        let box = lyricsBox
        var canvas = Canvas(width: 0, height: 0, glyphs: .unicode)
        canvas.screen = screen
        canvas.box(box, title: "Lyrics · " + panel.title.truncated(toColumns: box.width - 16))
        screen = canvas.screen
        screen.fill(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2, with: .blank)
        let visible = box.height - 2
        // Synced lyrics keep the line being sung in the middle of the box.
        let playing = nowPlaying.flatMap { $0.track.path == panel.path ? $0.status.position : nil }
        let current = playing.flatMap { panel.current(at: $0) }
        let top =
            current.map { max(min($0 - visible / 2, panel.lines.count - visible), 0) } ?? panel.top
        for (offset, line) in panel.lines.dropFirst(top).prefix(visible).enumerated() {
            let isCurrent = top + offset == current
            screen.write(
                line.text.truncated(toColumns: box.width - 6), x: box.x + 3, y: box.y + 1 + offset,
                style: isCurrent ? CellStyle(bold: true) : CellStyle(dim: current != nil))
        }
        let footer =
            current == nil && panel.lines.count > visible ? " ↑/↓ more, any key closes " : " any key closes "
        screen.write(
            footer, x: box.x + max((box.width - footer.terminalColumns) / 2, 1), y: box.y + box.height - 1,
            style: CellStyle(dim: true), maxWidth: box.width - 2)
    }
}
