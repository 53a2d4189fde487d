/// A button drawn as `[ Title ]`. The key that presses it is its owner's (Space for Play, Enter for
/// Stop), so the button only shows its title, whether it can be used and whether its pane has the focus.
@MainActor
package final class Button: View {
    /// The title.
    package var title: String
    /// A disabled button is drawn dimmed.
    package var isEnabled = true
    /// Drawn highlighted when the pane it is in has the focus.
    package var isFocused = false

    /// Creates a button.
    package init(_ title: String) {
        self.title = title
    }

    /// The button's width in columns.
    package var width: Int { title.count + 4 }

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        let style = CellStyle(bold: isEnabled, dim: !isEnabled, inverse: isFocused && isEnabled)
        canvas.write("[ \(title) ]", x: rect.x, y: rect.y, style: style, maxWidth: rect.width)
    }
}
