import TerminalKit

/// The record modal's content: the elapsed time, large and centred, and the Stop button.
@MainActor
package final class RecordPane: View {
    /// The elapsed time, `h:mm:ss`.
    package let elapsedLabel = Label("0:00:00", style: CellStyle(bold: true), alignment: .center)
    /// Stop (Enter).
    package let stopButton = Button(Strings.recording.stop)

    /// Creates the pane.
    package init() {
        stopButton.isFocused = true
    }

    /// The modal that shows the pane.
    package func modal() -> Modal {
        Modal(title: Strings.recording.title, content: self, width: 34, height: 7)
    }

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        elapsedLabel.draw(in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: 1), on: &canvas)
        let x = rect.x + max((rect.width - stopButton.width) / 2, 0)
        stopButton.draw(in: Rect(x: x, y: rect.y + 3, width: stopButton.width, height: 1), on: &canvas)
    }
}
