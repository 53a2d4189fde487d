import RecordingsUI
import TerminalKit

/// The book's history view: a slider along the bottom that travels back and forth through every view
/// state the app has been in. Nothing else is needed for it — the view state already is the screen.
@MainActor
final class HistoryViewController: Overlay {
    private let viewState: ViewStateStore
    private let slider = ProgressBar()
    private let label = Label(alignment: .right)
    /// Whether the slider is shown (`H` shows and hides it).
    var isVisible = false

    init(viewState: ViewStateStore) {
        self.viewState = viewState
    }

    var preferredSize: (width: Int, height: Int) { (200, 3) }
    var placement: OverlayPlacement { .bottom }

    /// The slider's position, 0-based.
    private var index: Int { viewState.historyIndex ?? viewState.history.count - 1 }

    /// ← and → travel; Esc or `H` closes.
    func handle(_ key: Key) -> Bool {
        switch key {
        case .left: viewState.travel(to: index - 1)
        case .right: viewState.travel(to: index + 1)
        case .escape, .character("H"): isVisible = false
        default: return false
        }
        return true
    }

    func draw(in rect: Rect, on canvas: inout Canvas) {
        let count = viewState.history.count
        slider.fraction = count > 1 ? Double(index) / Double(count - 1) : 1
        label.text = " \(index + 1)/\(count)"
        canvas.box(rect, title: "History")
        let inner = rect.inset(columns: 2, rows: 1)
        let labelWidth = 12
        slider.draw(in: Rect(x: inner.x, y: inner.y, width: inner.width - labelWidth, height: 1), on: &canvas)
        label.draw(
            in: Rect(x: inner.x + inner.width - labelWidth, y: inner.y, width: labelWidth, height: 1),
            on: &canvas)
    }
}
