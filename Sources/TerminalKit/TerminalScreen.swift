/// How a cell is drawn.
public struct CellStyle: Sendable, Hashable {
    /// The text colour; `nil` is the terminal's default.
    public var foreground: RGB?
    /// The background colour; `nil` is the terminal's default.
    public var background: RGB?
    /// Bold text.
    public var bold = false
    /// Dim text (disabled buttons).
    public var dim = false
    /// Swapped colours (works without colour too).
    public var inverse = false

    /// Creates a style.
    public init(
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
    public static let plain = CellStyle()
}

/// One character cell.
public struct Cell: Sendable, Hashable {
    /// The character shown (one column wide).
    public var character: Character
    /// How it is drawn.
    public var style: CellStyle

    /// Creates a cell.
    public init(character: Character, style: CellStyle = .plain) {
        self.character = character
        self.style = style
    }

    /// A blank cell.
    public static let blank = Cell(character: " ", style: .plain)
}

/// An in-memory screen of cells: views draw into it, tests read it, and ``FrameRenderer`` turns the
/// difference between two of them into the few escape sequences that update a real terminal.
public struct TerminalScreen: Sendable, Equatable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Rows of cells, top to bottom.
    public private(set) var cells: [[Cell]]

    /// A blank screen.
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        cells = Array(repeating: Array(repeating: .blank, count: max(width, 0)), count: max(height, 0))
    }

    /// Sets one cell; outside the screen it does nothing.
    public mutating func put(_ character: Character, x: Int, y: Int, style: CellStyle = .plain) {
        guard y >= 0, y < height, x >= 0, x < width else { return }
        cells[y][x] = Cell(character: character, style: style)
    }

    /// Writes text from `(x, y)` rightwards, clipped to `maxWidth` columns and the screen. Control
    /// characters are shown as `?`, so album text can never move the cursor.
    public mutating func write(
        _ text: String, x: Int, y: Int, style: CellStyle = .plain, maxWidth: Int = .max
    ) {
        var column = x
        for character in text {
            guard column - x < maxWidth, column < width else { break }
            let safe =
                character.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
                ? "?" : character
            put(safe, x: column, y: y, style: style)
            column += 1
        }
    }

    /// Fills a rectangle with one cell.
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, with cell: Cell) {
        let rows = max(y, 0)..<max(min(y + height, self.height), max(y, 0))
        let columns = max(x, 0)..<max(min(x + width, self.width), max(x, 0))
        for row in rows {
            for column in columns { cells[row][column] = cell }
        }
    }

    /// The characters only, one line per row, trailing spaces trimmed: what golden files hold.
    public var text: String {
        cells.map { row in
            String(String(row.map(\.character)).reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }
}
