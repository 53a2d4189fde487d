/// A box over the screen with a title and a view inside (the record screen); Enter confirms and Esc
/// cancels, through its owner's closures.
@MainActor
package final class Modal: Overlay {
    /// The title in the box's top line.
    package var title: String
    /// What the box holds.
    package var content: any View
    /// Enter.
    package var onConfirm: (() -> Void)?
    /// Esc.
    package var onCancel: (() -> Void)?
    package let preferredSize: (width: Int, height: Int)

    /// Creates a modal of a given size.
    package init(title: String, content: any View, width: Int, height: Int) {
        self.title = title
        self.content = content
        preferredSize = (width, height)
    }

    package func handle(_ key: Key) -> Bool {
        switch key {
        case .enter: onConfirm?()
        case .escape: onCancel?()
        default: return false
        }
        return true
    }

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        canvas.box(rect, title: title)
        content.draw(in: rect.inset(columns: 2, rows: 1), on: &canvas)
    }
}
