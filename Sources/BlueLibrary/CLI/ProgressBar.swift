import BlueLibraryServices
import Synchronization

/// A progress bar on standard error when it is a terminal (`[#######.....] 12/40 files`), silent
/// otherwise: what a long command (a scan, fetching covers) shows while it works. It redraws only when
/// the bar or the count changes, from any task.
final class ProgressBar: Sendable {
    /// What is counted: `files`, `covers`.
    let unit: String
    /// Whether it draws at all.
    let onTerminal: Bool
    private let state = Mutex((drawn: -1, done: 0))
    private static let width = 30

    init(unit: String, onTerminal: Bool) {
        self.unit = unit
        self.onTerminal = onTerminal
    }

    /// Shows `done` of `total`.
    func show(_ done: Int, of total: Int) {
        guard onTerminal, total > 0 else { return }
        let filled = min(done, total) * Self.width / total
        // A scan reports every file: redraw only when the bar moves, and at the end.
        let moved = state.withLock { state in
            defer { state.drawn = filled }
            return state.drawn != filled || done == total
        }
        guard moved else { return }
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: Self.width - filled)
        StandardError.write("\r[\(bar)] \(done)/\(total) \(unit)")
    }

    /// Counts one more of `total` and shows it.
    func advance(of total: Int) {
        let done = state.withLock { state in
            state.done += 1
            return state.done
        }
        show(done, of: total)
    }

    /// Ends the bar's line, when it drew one.
    func finish() {
        if onTerminal && state.withLock({ $0.drawn }) >= 0 { StandardError.write("\n") }
    }
}
