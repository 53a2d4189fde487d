/// Master and detail side by side on a wide terminal (the iPad's split view); one at a time on a narrow
/// one (the iPhone), switching live as the terminal is resized.
@MainActor
package final class SplitView: View {
    /// Which pane is shown when there is room for one only (and which has the focus).
    package enum Pane: Sendable, Equatable {
        /// The master (the folder list).
        case master
        /// The detail (the play pane).
        case detail
    }

    /// Below this many columns only one pane is shown.
    package static let collapseWidth = 80

    /// The left pane.
    package var master: any View
    /// The right pane.
    package var detail: any View
    /// The focused pane, and the one shown when collapsed.
    package var focus: Pane = .master
    /// The width it was last drawn at.
    private var drawnWidth = Int.max

    /// Whether the detail pane was on screen when last drawn (always on a wide terminal).
    package var showsDetail: Bool { !Self.isCollapsed(width: drawnWidth) || focus == .detail }

    /// Creates a split view.
    package init(master: any View, detail: any View) {
        self.master = master
        self.detail = detail
    }

    /// Whether a terminal `width` columns wide shows one pane at a time.
    package static func isCollapsed(width: Int) -> Bool { width < collapseWidth }

    /// The master pane's width on a wide terminal.
    package static func masterWidth(total: Int) -> Int { min(max(total * 2 / 5, 30), 48) }

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        drawnWidth = rect.width
        if Self.isCollapsed(width: rect.width) {
            (focus == .master ? master : detail).draw(in: rect, on: &canvas)
            return
        }
        let left = Self.masterWidth(total: rect.width)
        master.draw(in: Rect(x: rect.x, y: rect.y, width: left, height: rect.height), on: &canvas)
        for row in rect.y..<(rect.y + rect.height) {
            canvas.screen.put(
                canvas.glyphs.box.vertical, x: rect.x + left, y: row, style: CellStyle(dim: true))
        }
        detail.draw(
            in: Rect(x: rect.x + left + 2, y: rect.y, width: rect.width - left - 3, height: rect.height),
            on: &canvas)
    }
}
