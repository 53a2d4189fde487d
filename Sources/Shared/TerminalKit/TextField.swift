/// A one-line text field. While editing it shows a cursor and takes printable characters, Backspace
/// and Ctrl-U (clear); Enter and Esc are left to its owner (a dialog, a rename).
@MainActor
package final class TextField: View, KeyResponder {
    /// The text.
    package var text: String
    /// Shown dimmed while the text is empty.
    package var placeholder: String
    /// Whether it takes keys and shows the cursor.
    package var isEditing = false
    /// The text changed by typing.
    package var onChange: ((String) -> Void)?

    /// Creates a field.
    package init(text: String = "", placeholder: String = "") {
        self.text = text
        self.placeholder = placeholder
    }

    package func handle(_ key: Key) -> Bool {
        guard isEditing else { return false }
        switch key {
        case .character(let character):
            text.append(character)
        case .backspace:
            guard !text.isEmpty else { return true }
            text.removeLast()
        case .control("u"):
            text = ""
        default:
            return false
        }
        onChange?(text)
        return true
    }

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        guard rect.width > 0 else { return }
        let style = CellStyle(bold: !isEditing, inverse: isEditing)
        if isEditing { canvas.clear(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), style: style) }
        if text.isEmpty && !placeholder.isEmpty {
            // The cursor stands before the placeholder, not over its first letter.
            let cursor = isEditing ? 1 : 0
            canvas.write(
                placeholder, x: rect.x + cursor, y: rect.y, style: CellStyle(dim: true, inverse: isEditing),
                maxWidth: rect.width - cursor)
            if isEditing { canvas.screen.put(canvas.glyphs.cursor, x: rect.x, y: rect.y, style: style) }
            return
        }
        guard isEditing else {
            // At rest a long text shows its start, cut with "…".
            canvas.write(
                text.truncated(toColumns: rect.width), x: rect.x, y: rect.y, style: style,
                maxWidth: rect.width)
            return
        }
        // While typing, a long text scrolls so the end, where typing happens, stays visible.
        let room = rect.width - 1
        let shown = text.terminalColumns > room ? text.truncated(toColumns: room, keepingEnd: true) : text
        let used = canvas.screen.write(shown, x: rect.x, y: rect.y, style: style, maxWidth: room)
        canvas.screen.put(canvas.glyphs.cursor, x: rect.x + used, y: rect.y, style: style)
    }
}
