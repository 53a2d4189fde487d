/// A button drawn as `[ Title ]`; its owner calls ``press()`` for the key that means it.
@MainActor
public final class Button: View {
    /// The title.
    public var title: String
    /// A disabled button is dimmed and does nothing.
    public var isEnabled = true
    /// Drawn highlighted when the pane it is in has the focus.
    public var isFocused = false
    /// Runs on ``press()``.
    public var onPress: (() -> Void)?

    /// Creates a button.
    public init(_ title: String) {
        self.title = title
    }

    /// The button's width in columns.
    public var width: Int { title.count + 4 }

    /// Presses the button when it is enabled.
    public func press() {
        if isEnabled { onPress?() }
    }

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        let style = CellStyle(bold: isEnabled, dim: !isEnabled, inverse: isFocused && isEnabled)
        canvas.write("[ \(title) ]", x: rect.x, y: rect.y, style: style, maxWidth: rect.width)
    }
}
