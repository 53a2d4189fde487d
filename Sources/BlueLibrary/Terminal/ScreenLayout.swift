/// Where the album screen's bands sit in a terminal of a given size: the title bar, the scroller's
/// covers, the details table, the room for the track list, a prompt or a form, the player's line while
/// something plays, the toolbar and the status line.
///
/// The covers grow with the terminal: as tall as the rows left over allow, never wider than half the
/// screen (the current cover and a part of each neighbour stay in view), and twice as wide as tall, so
/// their art is square (a cell is about twice as tall as it is wide). At 80×24 this is the tutorial's
/// screen with 18×9 tiles. Below 20 rows the tiles stay small and the prompt and forms are drawn over
/// the details; from 30 rows the details table has room for the cover and the id too. An album with
/// tracks takes rows from its covers for its track list (down to the covers of 80×24), so a tall
/// terminal shows the whole album. The player's line, above the toolbar, takes its row from the covers.
struct ScreenLayout: Equatable {
    /// The smallest terminal the screen fits in.
    static let minimumSize = (width: 40, height: 12)

    /// The terminal's size.
    let width: Int
    let height: Int
    /// A cover tile's size, frame included.
    let tileWidth: Int
    let tileHeight: Int
    /// Columns between a tile and the next, on each side (the scroller's padding).
    let padding = 1
    /// The first row of the tiles.
    let tilesTop: Int
    /// The first row of the details table.
    let detailsTop: Int
    /// Rows of the details table: the tutorial's four, or six with the cover and the id.
    let detailRows: Int
    /// The row a prompt or a form starts at when it fits above the toolbar.
    let inputTop: Int
    /// The player's row (what plays, its time and state), when something plays.
    let playerRow: Int?

    /// Lays the screen out for `width × height` cells, with room for `trackLines` lines of a track list
    /// (0 for an album without tracks) and, when `playing`, the player's line.
    init(width: Int, height: Int, trackLines: Int = 0, playing: Bool = false) {
        self.width = width
        self.height = height
        detailRows = height >= 30 ? 6 : 4
        // Rows besides the tiles: title, toolbar and status line (and the player's); a blank row above
        // and below the tiles; the details; a blank row and a five-row form under them.
        let bars = playing ? 4 : 3
        let roomy = height - bars - 2 - detailRows - 6
        let widest = (width / 2 - 2 * padding) / 2
        let gap: Int
        let rows: Int
        if roomy >= 5 {
            // The rows under the details (a form's room) hold four lines of tracks; more come from the
            // covers, down to nine rows.
            let forTracks = max(min(trackLines - 4, roomy - 9), 0)
            rows = min(roomy - forTracks, widest)
            gap = 1
        } else {
            rows = max(min(5, widest, height - bars - detailRows), 3)
            gap = height - bars - detailRows - rows >= 2 ? 1 : 0
        }
        tileHeight = rows
        tileWidth = 2 * rows
        tilesTop = 1 + gap
        detailsTop = tilesTop + rows + gap
        inputTop = detailsTop + detailRows + 1
        playerRow = playing ? height - 3 : nil
    }

    /// Whether the screen fits at all.
    var fits: Bool { width >= Self.minimumSize.width && height >= Self.minimumSize.height }

    /// The rows a click on a cover can land in: the tiles and the blank rows around them.
    var scrollerRows: Range<Int> { 1..<detailsTop }

    /// The toolbar's row.
    var toolbarRow: Int { height - 2 }

    /// The first row under the room for the track list, a prompt or a form: the player's, or the
    /// toolbar's.
    var contentEnd: Int { playerRow ?? toolbarRow }

    /// The status line's row.
    var messageRow: Int { height - 1 }

    /// The first row of a panel `rows` tall (a prompt, a form): under the details when it fits above
    /// the player's line and the toolbar, otherwise as low as it goes, over the details and, in a small
    /// terminal, the covers.
    func panelTop(rows: Int) -> Int {
        max(min(inputTop, contentEnd - rows), 1)
    }

    /// The toolbar's buttons: Undo on the left, Trash on the right.
    var toolbarButtons: (undo: Range<Int>, trash: Range<Int>) {
        (1..<7, (width - 8)..<(width - 1))
    }
}
