/// A rectangle of terminal cells.
package struct Rect: Sendable, Equatable {
    /// The left column.
    package var x: Int
    /// The top row.
    package var y: Int
    /// Columns.
    package var width: Int
    /// Rows.
    package var height: Int

    /// Creates a rectangle.
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// The rectangle shrunk by `columns` on the left and right and `rows` at the top and bottom.
    package func inset(columns: Int, rows: Int) -> Rect {
        Rect(x: x + columns, y: y + rows, width: width - 2 * columns, height: height - 2 * rows)
    }

    /// A rectangle of `width × height` centred in this one (clipped to it).
    package func centered(width: Int, height: Int) -> Rect {
        let (w, h) = (min(width, self.width), min(height, self.height))
        return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
    }
}
