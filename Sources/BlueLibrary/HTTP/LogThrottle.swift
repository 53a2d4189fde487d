import Synchronization

/// Lets through at most a number of lines per window of time and counts the rest, saying how many
/// were dropped with the next line it lets through.
final class LogThrottle: Sendable {
    private struct State {
        var windowStart: ContinuousClock.Instant
        var lines = 0
        var dropped = 0
    }

    private let state: Mutex<State>
    private let linesPerWindow: Int
    private let window: Duration

    init(linesPerWindow: Int, window: Duration) {
        self.linesPerWindow = linesPerWindow
        self.window = window
        state = Mutex(State(windowStart: .now))
    }

    /// The lines to write for `line` now: none when over the limit, else the line (after a note of
    /// how many were dropped before it, if any).
    func admit(_ line: String, now: ContinuousClock.Instant = .now) -> [String] {
        state.withLock { state in
            if now - state.windowStart > window {
                state.windowStart = now
                state.lines = 0
            }
            guard state.lines < linesPerWindow else {
                state.dropped += 1
                return []
            }
            state.lines += 1
            defer { state.dropped = 0 }
            return state.dropped > 0 ? ["(\(state.dropped) similar lines dropped)", line] : [line]
        }
    }
}
