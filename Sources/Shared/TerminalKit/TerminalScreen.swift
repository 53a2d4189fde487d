/// How a cell is drawn.
package struct CellStyle: Sendable, Hashable {
    /// The text colour; `nil` is the terminal's default.
    package var foreground: RGB?
    /// The background colour; `nil` is the terminal's default.
    package var background: RGB?
    /// Bold text.
    package var bold = false
    /// Dim text (disabled buttons).
    package var dim = false
    /// Swapped colours (works without colour too).
    package var inverse = false

    /// Creates a style.
    package init(
        foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false,
        dim: Bool = false,
        inverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.inverse = inverse
    }

    /// The terminal's default look.
    package static let plain = CellStyle()
}

/// One character cell.
package struct Cell: Sendable, Hashable {
    /// The character shown (one column wide).
    package var character: Character
    /// How it is drawn.
    package var style: CellStyle

    /// Creates a cell.
    package init(character: Character, style: CellStyle = .plain) {
        self.character = character
        self.style = style
    }

    /// A blank cell.
    package static let blank = Cell(character: " ", style: .plain)

    /// The right half of a wide character (see ``TerminalText``): the terminal draws the character over
    /// both cells, so this one shows nothing of its own.
    package static func continuation(style: CellStyle) -> Cell {
        Cell(character: "\u{0}", style: style)
    }

    /// Whether this is the right half of a wide character.
    package var isContinuation: Bool { character == "\u{0}" }
}

/// An in-memory screen of cells: views draw into it, tests read it, and ``FrameRenderer`` turns the
/// difference between two of them into the few escape sequences that update a real terminal.
package struct TerminalScreen: Sendable, Equatable {
    /// Columns.
    package let width: Int
    /// Rows.
    package let height: Int
    /// Rows of cells, top to bottom.
    package private(set) var cells: [[Cell]]

    /// A blank screen.
    package init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        cells = Array(repeating: Array(repeating: .blank, count: max(width, 0)), count: max(height, 0))
    }

    /// Sets one cell (two for a wide character); outside the screen it does nothing. A wide character
    /// that does not fit at the right edge leaves a blank. Whatever it overwrites half of is blanked, so
    /// the screen never holds half a wide character.
    package mutating func put(_ character: Character, x: Int, y: Int, style: CellStyle = .plain) {
        guard y >= 0, y < height, x >= 0, x < width else { return }
        let wide = TerminalText.columns(character) == 2
        guard !wide || x + 1 < width else {
            clearHalves(x: x, through: x, y: y)
            cells[y][x] = Cell(character: " ", style: style)
            return
        }
        clearHalves(x: x, through: wide ? x + 1 : x, y: y)
        cells[y][x] = Cell(character: character, style: style)
        if wide { cells[y][x + 1] = .continuation(style: style) }
    }

    /// Blanks the other half of any wide character that columns `first...last` of row `y` cut through.
    private mutating func clearHalves(x first: Int, through last: Int, y: Int) {
        if cells[y][first].isContinuation, first > 0 {
            cells[y][first - 1] = Cell(character: " ", style: cells[y][first - 1].style)
        }
        if last + 1 < width, cells[y][last + 1].isContinuation {
            cells[y][last + 1] = Cell(character: " ", style: cells[y][last + 1].style)
        }
    }

    /// Writes text from `(x, y)` rightwards, clipped to `maxWidth` columns and the screen: it stops
    /// before a character that would not fit whole. Control characters are shown as `?`, so album text
    /// can never move the cursor (see ``TerminalText/displayed(_:)``).
    /// - Returns: the columns written.
    @discardableResult
    package mutating func write(
        _ text: String, x: Int, y: Int, style: CellStyle = .plain, maxWidth: Int = .max
    ) -> Int {
        var column = x
        for character in text {
            let shown = TerminalText.displayed(character)
            let columns = TerminalText.columns(shown)
            guard column - x + columns <= maxWidth, column + columns <= width else { break }
            put(shown, x: column, y: y, style: style)
            column += columns
        }
        return column - x
    }

    /// Fills a rectangle with one cell.
    package mutating func fill(x: Int, y: Int, width: Int, height: Int, with cell: Cell) {
        let rows = max(y, 0)..<max(min(y + height, self.height), max(y, 0))
        let columns = max(x, 0)..<max(min(x + width, self.width), max(x, 0))
        guard !columns.isEmpty else { return }
        for row in rows {
            clearHalves(x: columns.lowerBound, through: columns.upperBound - 1, y: row)
            for column in columns { cells[row][column] = cell }
        }
    }

    /// The characters only, one line per row, trailing spaces trimmed: what golden files hold. A wide
    /// character appears once (an editor shows it two columns wide, as the terminal does).
    package var text: String {
        cells.map { row in
            let characters = row.filter { !$0.isContinuation }.map(\.character)
            return String(String(characters).reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }
}
