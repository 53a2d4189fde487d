/// A box over the screen with a title and a view inside (the record screen); Enter confirms and Esc
/// cancels, through its owner's closures.
@MainActor
public final class Modal: Overlay {
    /// The title in the box's top line.
    public var title: String
    /// What the box holds.
    public var content: any View
    /// Enter.
    public var onConfirm: (() -> Void)?
    /// Esc.
    public var onCancel: (() -> Void)?
    public let preferredSize: (width: Int, height: Int)

    /// Creates a modal of a given size.
    public init(title: String, content: any View, width: Int, height: Int) {
        self.title = title
        self.content = content
        preferredSize = (width, height)
    }

    public func handle(_ key: Key) -> Bool {
        switch key {
        case .enter: onConfirm?()
        case .escape: onCancel?()
        default: return false
        }
        return true
    }

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        canvas.box(rect, title: title)
        content.draw(in: rect.inset(columns: 2, rows: 1), on: &canvas)
    }
}
