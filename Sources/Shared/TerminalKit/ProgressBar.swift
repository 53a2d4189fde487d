/// A horizontal bar with a knob at a fraction of its width (a slider when its owner moves it).
@MainActor
package final class ProgressBar: View {
    /// How far along, 0…1.
    package var fraction: Double
    /// Drawn stronger when its pane has the focus.
    package var isFocused = false

    /// Creates a bar.
    package init(fraction: Double = 0) {
        self.fraction = fraction
    }

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        guard rect.width > 0 else { return }
        let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        let knob = Int((clamped * Double(rect.width - 1)).rounded())
        let (done, rest, mark) = canvas.glyphs.bar
        for column in 0..<rect.width {
            let character = column == knob ? mark : column < knob ? done : rest
            let style = CellStyle(bold: column <= knob, dim: column > knob)
            canvas.screen.put(character, x: rect.x + column, y: rect.y, style: style)
        }
    }
}
