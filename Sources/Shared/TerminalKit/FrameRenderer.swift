/// Turns a new frame into escape sequences for a real terminal, writing only the cells that differ
/// from the previous frame (no flicker when an arrow key is held down).
package struct FrameRenderer: Sendable {
    /// How colours are written.
    package let mode: any ColorStrategy

    /// Creates a renderer that writes colours with a strategy (see ``TerminalColors``).
    package init(mode: some ColorStrategy) {
        self.mode = mode
    }

    /// The bytes that turn `previous` into `next` on the terminal (everything when there is no
    /// previous frame or the size changed).
    package func update(from previous: TerminalScreen?, to next: TerminalScreen) -> String {
        let full = previous == nil || previous?.width != next.width || previous?.height != next.height
        var output = full ? "\u{1B}[0m\u{1B}[2J" : ""
        var currentStyle: CellStyle?
        for row in 0..<next.height {
            var column = 0
            while column < next.width {
                let cell = next.cells[row][column]
                // The right half of a wide character is drawn with its left half.
                if cell.isContinuation || (!full && previous?.cells[row][column] == cell) {
                    column += 1
                    continue
                }
                output += "\u{1B}[\(row + 1);\(column + 1)H"
                // Write the run of changed cells from here.
                while column < next.width {
                    let cell = next.cells[row][column]
                    if !full, let previous, previous.cells[row][column] == cell { break }
                    column += 1
                    // The terminal moved past it when it drew the wide character before it.
                    if cell.isContinuation { continue }
                    if cell.style != currentStyle {
                        output += sgr(cell.style)
                        currentStyle = cell.style
                    }
                    output.append(cell.character)
                }
            }
        }
        return output + (currentStyle == nil ? "" : "\u{1B}[0m")
    }

    /// The Select Graphic Rendition sequence for a style.
    package func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.inverse { codes.append("7") }
        if let foreground = style.foreground {
            codes += mode.parameters(for: foreground, layer: .foreground)
        }
        if let background = style.background {
            codes += mode.parameters(for: background, layer: .background)
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
