/// One row of a ``ListView``.
package struct ListRow: Sendable, Equatable {
    /// A one-character mark before the title (a folder, a recording), or `nil`.
    package var mark: Character?
    /// The text.
    package var title: String
    /// Shown dimmed (an unavailable item).
    package var isDimmed: Bool

    /// Creates a row.
    package init(mark: Character? = nil, title: String, isDimmed: Bool = false) {
        self.mark = mark
        self.title = title
        self.isDimmed = isDimmed
    }
}

/// A scrolling list with one selected row (the toolkit's table view). ↑/↓ or k/j move, Home/End jump;
/// Enter or → opens the selected row, ← or Backspace goes back. Rows can be replaced at once or
/// inserted, removed and moved one by one, keeping the selection on the same row.
@MainActor
package final class ListView: View, KeyResponder {
    /// The rows, top to bottom.
    package private(set) var rows: [ListRow] = []
    /// The selected row, if any (kept within the rows).
    package var selectedIndex: Int? {
        didSet {
            if let index = selectedIndex, !rows.indices.contains(index) {
                selectedIndex = rows.isEmpty ? nil : min(max(index, 0), rows.count - 1)
            }
        }
    }
    /// Whether keys go to this list (the selection is drawn stronger).
    package var isFocused = false
    /// What an empty list says.
    package var emptyText = ""
    /// The selection moved to a row.
    package var onSelect: ((Int) -> Void)?
    /// Enter or → on a row.
    package var onOpen: ((Int) -> Void)?
    /// ← or Backspace.
    package var onBack: (() -> Void)?
    private var top = 0
    private var identifiers: [AnyHashable] = []

    /// Creates an empty list.
    package init() {}

    /// Replaces every row; the selection stays at its index where it can.
    package func setRows(_ rows: [ListRow]) {
        self.rows = rows
        if rows.isEmpty {
            selectedIndex = nil
        } else {
            selectedIndex = selectedIndex ?? 0
        }
    }

    /// Replaces every row, each with an identifier: the selection stays on the row with the same
    /// identifier, or — when that row is gone — on the row that took its place (as a table view that
    /// animates a diff would leave it).
    package func setRows(_ rows: [ListRow], identifiers: [AnyHashable]) {
        let selectedID = selectedIndex.flatMap {
            self.identifiers.indices.contains($0) ? self.identifiers[$0] : nil
        }
        let previous = selectedIndex
        self.rows = rows
        self.identifiers = identifiers
        if rows.isEmpty {
            selectedIndex = nil
        } else if let selectedID, let index = identifiers.firstIndex(of: selectedID) {
            selectedIndex = index
        } else {
            selectedIndex = min(previous ?? 0, rows.count - 1)
        }
    }

    /// Inserts a row; the selection stays on the row it was on.
    package func insertRow(_ row: ListRow, at index: Int) {
        rows.insert(row, at: min(max(index, 0), rows.count))
        if let selected = selectedIndex, index <= selected { selectedIndex = selected + 1 }
        if selectedIndex == nil { selectedIndex = 0 }
    }

    /// Removes a row; the selection stays on its row, or on the next when that row is removed.
    package func removeRow(at index: Int) {
        guard rows.indices.contains(index) else { return }
        rows.remove(at: index)
        if let selected = selectedIndex, index < selected { selectedIndex = selected - 1 }
        if rows.isEmpty {
            selectedIndex = nil
        } else {
            selectedIndex = selectedIndex.map { min($0, rows.count - 1) }
        }
    }

    /// Moves a row and replaces its content; the selection stays on the row it was on.
    package func moveRow(from old: Int, to new: Int, row: ListRow) {
        guard rows.indices.contains(old) else { return }
        rows.remove(at: old)
        let destination = min(max(new, 0), rows.count)
        rows.insert(row, at: destination)
        guard let selected = selectedIndex else { return }
        if selected == old {
            selectedIndex = destination
        } else {
            let shifted = selected - (old < selected ? 1 : 0)
            selectedIndex = shifted + (destination <= shifted ? 1 : 0)
        }
    }

    package func handle(_ key: Key) -> Bool {
        switch key {
        case .up, .character("k"): move(to: (selectedIndex ?? 0) - 1)
        case .down, .character("j"): move(to: (selectedIndex ?? -1) + 1)
        case .home: move(to: 0)
        case .end: move(to: rows.count - 1)
        case .enter, .right:
            if let selectedIndex { onOpen?(selectedIndex) }
        case .left, .backspace: onBack?()
        default: return false
        }
        return true
    }

    private func move(to index: Int) {
        guard rows.indices.contains(index), index != selectedIndex else { return }
        selectedIndex = index
        onSelect?(index)
    }

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        guard rect.height > 0 else { return }
        if rows.isEmpty {
            canvas.write(
                emptyText, x: rect.x + 1, y: rect.y, style: CellStyle(dim: true), maxWidth: rect.width - 2)
            return
        }
        if let selected = selectedIndex {
            if selected < top { top = selected }
            if selected >= top + rect.height { top = selected - rect.height + 1 }
        }
        top = max(0, min(top, rows.count - rect.height))
        for (offset, index) in (top..<min(rows.count, top + rect.height)).enumerated() {
            let row = rows[index]
            let selected = index == selectedIndex
            let style = CellStyle(
                bold: selected, dim: row.isDimmed && !selected, inverse: selected && isFocused)
            let y = rect.y + offset
            if selected { canvas.clear(Rect(x: rect.x, y: y, width: rect.width, height: 1), style: style) }
            let text = (selected && !isFocused ? ">" : " ") + (row.mark.map { "\($0) " } ?? "") + row.title
            canvas.write(
                text.truncated(toColumns: rect.width), x: rect.x, y: y, style: style, maxWidth: rect.width)
        }
    }
}
