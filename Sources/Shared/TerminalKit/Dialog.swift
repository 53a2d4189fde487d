/// A dialog: a title, an optional text field, a line for a message (an empty name is refused here),
/// and two buttons — Enter confirms, Esc cancels. Without a text field it is a yes/no question, and
/// `y` and `n` answer it too.
@MainActor
public final class Dialog: Overlay {
    /// The title.
    public var title: String
    /// The question or explanation above the field.
    public var prompt: String
    /// The text field, for dialogs that ask for text.
    public let field: TextField?
    /// A message under the field (why the text was refused).
    public var message: String?
    /// The confirming button.
    public let confirmButton: Button
    /// The cancelling button.
    public let cancelButton: Button
    /// Enter (or `y`), with the field's text.
    public var onConfirm: ((String) -> Void)?
    /// Esc (or `n`).
    public var onCancel: (() -> Void)?

    /// Creates a dialog; `placeholder` non-nil gives it a text field.
    public init(
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

    public var preferredSize: (width: Int, height: Int) {
        (max(44, min(64, prompt.count + 6)), 4 + (prompt.isEmpty ? 0 : 1) + (field == nil ? 0 : 1) + 1)
    }

    public func handle(_ key: Key) -> Bool {
        switch key {
        case .enter: onConfirm?(field?.text ?? "")
        case .escape: onCancel?()
        case .character("y") where field == nil: onConfirm?("")
        case .character("n") where field == nil: onCancel?()
        default: _ = field?.handle(key)
        }
        return true
    }

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        canvas.box(rect, title: title)
        let inner = rect.inset(columns: 2, rows: 1)
        var y = inner.y
        if !prompt.isEmpty {
            canvas.write(prompt, x: inner.x, y: y, maxWidth: inner.width)
            y += 1
        }
        if let field {
            field.draw(in: Rect(x: inner.x, y: y, width: inner.width, height: 1), on: &canvas)
            y += 1
        }
        canvas.write(message ?? "", x: inner.x, y: y, style: CellStyle(bold: true), maxWidth: inner.width)
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
