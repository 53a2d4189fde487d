/// One line of text.
@MainActor
package final class Label: View {
    /// How the text sits in its rectangle.
    package enum Alignment: Sendable {
        /// Against the left edge.
        case left
        /// In the middle.
        case center
        /// Against the right edge.
        case right
    }

    /// The text.
    package var text: String
    /// How it is drawn.
    package var style: CellStyle
    /// Where it sits.
    package var alignment: Alignment

    /// Creates a label.
    package init(_ text: String = "", style: CellStyle = .plain, alignment: Alignment = .left) {
        self.text = text
        self.style = style
        self.alignment = alignment
    }

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        let x: Int
        switch alignment {
        case .left: x = rect.x
        case .center: x = rect.x + max((rect.width - text.terminalColumns) / 2, 0)
        case .right: x = rect.x + max(rect.width - text.terminalColumns, 0)
        }
        canvas.write(text, x: x, y: rect.y, style: style, maxWidth: rect.width - (x - rect.x))
    }
}
