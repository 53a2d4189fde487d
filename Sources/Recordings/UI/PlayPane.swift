import TerminalKit

/// The play pane's widgets laid out as the original's play scene: the name as a text field, the play
/// button, the progress bar and the elapsed and total times — or "No recording selected". Like a
/// storyboard scene it has no behaviour: each architecture sets its widgets in its own way (the playback
/// controls all at once from a ``PlaybackDisplay``).
@MainActor
package final class PlayPane: View {
    /// Whether a recording is shown.
    package var isEmpty = true
    /// The recording's name (rename by editing it).
    package let nameField = TextField()
    /// Play / Pause / Resume playing.
    package let playButton = Button("Play")
    /// Where playback is.
    package let progress = ProgressBar()
    /// The elapsed time, `h:mm:ss`.
    package let elapsedLabel = Label("0:00:00")
    /// The total time, `h:mm:ss`.
    package let durationLabel = Label("0:00:00", alignment: .right)
    /// A note under the controls (the audio file is missing).
    package let notice = Label("", style: CellStyle(dim: true))
    /// Whether the pane has the focus (its button is highlighted).
    package var isFocused = false {
        didSet {
            playButton.isFocused = isFocused
            progress.isFocused = isFocused
        }
    }

    /// Where the progress bar was drawn last, for clicks.
    private var progressRect: Rect?

    /// Creates an empty pane.
    package init() {}

    /// The command a click means: a jump to where it hit the progress bar, when the pane is on screen
    /// (`split` shows it and no overlay covers it); `nil` for any other key or place.
    package func jumpCommand(for key: Key, in split: SplitView, overlay: (any Overlay)?) -> Command? {
        guard case .click(let column, let row) = key, overlay == nil, split.showsDetail, !isEmpty,
            let bar = progressRect, row == bar.y, column >= bar.x, column < bar.x + bar.width
        else { return nil }
        return .jump(toFraction: bar.width > 1 ? Double(column - bar.x) / Double(bar.width - 1) : 0)
    }

    /// Sets the button, the bar, the times and the note.
    package func show(_ playback: PlaybackDisplay) {
        playButton.title = playback.buttonTitle
        playButton.isEnabled = playback.isPlayEnabled
        progress.fraction = playback.progress
        elapsedLabel.text = playback.elapsed
        durationLabel.text = playback.duration
        notice.text = playback.notice
    }

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        guard !isEmpty else {
            canvas.center(
                Strings.noRecording, in: rect, y: rect.y + rect.height / 2, style: CellStyle(dim: true))
            return
        }
        let width = max(rect.width - 2, 0)
        let x = rect.x + 1
        canvas.write(Strings.nameLabel, x: x, y: rect.y + 1, style: CellStyle(dim: true), maxWidth: width)
        let fieldX = x + Strings.nameLabel.count
        nameField.draw(
            in: Rect(x: fieldX, y: rect.y + 1, width: width - Strings.nameLabel.count, height: 1), on: &canvas
        )
        playButton.draw(in: Rect(x: x, y: rect.y + 3, width: width, height: 1), on: &canvas)
        progressRect = Rect(x: x, y: rect.y + 5, width: width, height: 1)
        progress.draw(in: Rect(x: x, y: rect.y + 5, width: width, height: 1), on: &canvas)
        elapsedLabel.draw(in: Rect(x: x, y: rect.y + 6, width: width, height: 1), on: &canvas)
        durationLabel.draw(in: Rect(x: x, y: rect.y + 6, width: width, height: 1), on: &canvas)
        notice.draw(in: Rect(x: x, y: rect.y + 8, width: width, height: 1), on: &canvas)
    }
}
