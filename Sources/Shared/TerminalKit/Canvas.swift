/// What widgets draw on: a ``TerminalScreen`` and the ``Glyphs`` to draw with.
package struct Canvas: Sendable {
    /// The cells drawn so far.
    package var screen: TerminalScreen
    /// The characters to draw lines, bars and marks with.
    package let glyphs: Glyphs

    /// A blank canvas.
    package init(width: Int, height: Int, glyphs: Glyphs) {
        screen = TerminalScreen(width: width, height: height)
        self.glyphs = glyphs
    }

    /// The whole canvas as a rectangle.
    package var bounds: Rect { Rect(x: 0, y: 0, width: screen.width, height: screen.height) }

    /// Writes text clipped to a rectangle's row and width.
    package mutating func write(_ text: String, x: Int, y: Int, style: CellStyle = .plain, maxWidth: Int) {
        screen.write(text, x: x, y: y, style: style, maxWidth: max(maxWidth, 0))
    }

    /// Fills a rectangle with blanks of a style.
    package mutating func clear(_ rect: Rect, style: CellStyle = .plain) {
        screen.fill(
            x: rect.x, y: rect.y, width: rect.width, height: rect.height,
            with: Cell(character: " ", style: style))
    }

    /// Draws a box around a rectangle, with an optional title in its top line, and clears its inside.
    package mutating func box(_ rect: Rect, title: String = "", style: CellStyle = .plain) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        clear(rect)
        let (horizontal, vertical, corners) = glyphs.box
        for column in rect.x..<(rect.x + rect.width) {
            screen.put(horizontal, x: column, y: rect.y, style: style)
            screen.put(horizontal, x: column, y: rect.y + rect.height - 1, style: style)
        }
        for row in rect.y..<(rect.y + rect.height) {
            screen.put(vertical, x: rect.x, y: row, style: style)
            screen.put(vertical, x: rect.x + rect.width - 1, y: row, style: style)
        }
        screen.put(corners[0], x: rect.x, y: rect.y, style: style)
        screen.put(corners[1], x: rect.x + rect.width - 1, y: rect.y, style: style)
        screen.put(corners[2], x: rect.x, y: rect.y + rect.height - 1, style: style)
        screen.put(corners[3], x: rect.x + rect.width - 1, y: rect.y + rect.height - 1, style: style)
        if !title.isEmpty {
            write(
                " \(title) ", x: rect.x + 2, y: rect.y, style: CellStyle(bold: true), maxWidth: rect.width - 4
            )
        }
    }

    /// Writes text centred in a row of a rectangle.
    package mutating func center(_ text: String, in rect: Rect, y: Int, style: CellStyle = .plain) {
        let x = rect.x + max((rect.width - text.terminalColumns) / 2, 0)
        write(text, x: x, y: y, style: style, maxWidth: rect.width)
    }
}
