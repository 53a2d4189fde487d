/// A dialog: a title, an optional text field, a line for a message (an empty name is refused here),
/// and two buttons — Enter confirms, Esc cancels. Without a text field it is a yes/no question, and
/// `y` and `n` answer it too.
@MainActor
package final class Dialog: Overlay {
    /// The title.
    package var title: String
    /// The question or explanation above the field.
    package var prompt: String
    /// The text field, for dialogs that ask for text.
    package let field: TextField?
    /// A message under the field (why the text was refused).
    package var message: String?
    /// The confirming button.
    package let confirmButton: Button
    /// The cancelling button.
    package let cancelButton: Button
    /// Enter (or `y`), with the field's text.
    package var onConfirm: ((String) -> Void)?
    /// Esc (or `n`).
    package var onCancel: (() -> Void)?

    /// Creates a dialog; `placeholder` non-nil gives it a text field.
    package init(
        title: String, prompt: String = "", text: String = "", placeholder: String? = nil, confirm: String,
        cancel: String = "Cancel"
    ) {
        self.title = title
        self.prompt = prompt
        field = placeholder.map { TextField(text: text, placeholder: $0) }
        field?.isEditing = true
        confirmButton = Button(confirm)
        cancelButton = Button(cancel)
        confirmButton.isFocused = true
    }

    /// The width it asks for: room for the prompt on one line, within 44 to 64 columns.
    private var width: Int { max(44, min(64, prompt.terminalColumns + 6)) }

    /// `text` broken into the lines it takes inside the box; a long prompt or message is wrapped,
    /// never cut.
    private func lines(_ text: String?) -> [String] {
        text.map { $0.wrapped(toColumns: width - 4) } ?? []
    }

    package var preferredSize: (width: Int, height: Int) {
        (width, 4 + lines(prompt).count + (field == nil ? 0 : 1) + max(lines(message).count, 1))
    }

    package func handle(_ key: Key) -> Bool {
        switch key {
        case .enter: onConfirm?(field?.text ?? "")
        case .escape: onCancel?()
        case .character("y") where field == nil: onConfirm?("")
        case .character("n") where field == nil: onCancel?()
        default: _ = field?.handle(key)
        }
        return true
    }

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        canvas.box(rect, title: title)
        let inner = rect.inset(columns: 2, rows: 1)
        var y = inner.y
        for line in prompt.wrapped(toColumns: inner.width) {
            canvas.write(line, x: inner.x, y: y, maxWidth: inner.width)
            y += 1
        }
        if let field {
            field.draw(in: Rect(x: inner.x, y: y, width: inner.width, height: 1), on: &canvas)
            y += 1
        }
        for line in (message ?? "").wrapped(toColumns: inner.width) where y < rect.y + rect.height - 2 {
            canvas.write(line, x: inner.x, y: y, style: CellStyle(bold: true), maxWidth: inner.width)
            y += 1
        }
        let buttonsY = rect.y + rect.height - 2
        let right = inner.x + inner.width
        confirmButton.draw(
            in: Rect(x: right - confirmButton.width, y: buttonsY, width: confirmButton.width, height: 1),
            on: &canvas)
        let cancelX = right - confirmButton.width - 1 - cancelButton.width
        cancelButton.draw(
            in: Rect(x: cancelX, y: buttonsY, width: cancelButton.width, height: 1), on: &canvas)
    }
}
