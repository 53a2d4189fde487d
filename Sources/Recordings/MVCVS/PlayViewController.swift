import AudioKit
import Foundation
import RecordingsAudio
import RecordingsModel
import RecordingsUI
import TerminalKit

/// The play pane in MVC+VS: the player follows the view state (which recording, playing or not, the
/// position of the last action), and the pane shows the player. Play, pause, seek and rename are
/// actions on the view state; only the rename itself goes to the document.
@MainActor
final class PlayViewController {
    let pane = PlayPane()
    private let viewState: ViewStateStore
    private let environment: RecordingsEnvironment
    private var player: (any AudioPlayer)?
    private var playerRecording: UUID?
    private var appliedRevision = 0

    init(viewState: ViewStateStore, environment: RecordingsEnvironment) {
        self.viewState = viewState
        self.environment = environment
    }

    /// Where playback is now.
    var position: Double { player?.position ?? 0 }

    /// Makes the player and the pane match the view state.
    func update(from state: ViewState) {
        let play = state.play
        if play.recording != playerRecording {
            player?.stop()
            playerRecording = play.recording
            player = play.recording.flatMap { environment.player(for: $0) }
        }
        if let player {
            if play.revision != appliedRevision { player.seek(to: play.position) }
            if play.isPlaying && !player.isPlaying && play.revision != appliedRevision {
                do {
                    try player.play()
                } catch {
                    viewState.apply {
                        $0.play.isPlaying = false
                        $0.message = Strings.cannotPlay(error.message)
                    }
                }
            } else if !play.isPlaying && player.isPlaying {
                player.pause()
            }
        }
        appliedRevision = play.revision
        let recording = play.recording.flatMap { viewState.documents.item($0) }
        pane.isEmpty = recording == nil
        pane.nameField.isEditing = state.renaming != nil
        pane.nameField.text = state.renaming ?? recording?.name ?? ""
        pane.isFocused = state.playHasFocus
        updateDisplay()
    }

    /// Sets the button, bar and times from the player; playback that ran to its end is an action.
    func updateDisplay() {
        let failure = player?.takeFailure()
        if let player, viewState.state.play.isPlaying, !player.isPlaying {
            viewState.apply {
                $0.play.isPlaying = false
                $0.play.position = player.position
                $0.play.revision += 1
                if let failure { $0.message = Strings.cannotPlay(failure.message) }
            }
        }
        pane.show(PlaybackDisplay(player?.playback, recordingShown: playerRecording != nil))
    }

    // MARK: Actions

    func togglePlay() {
        guard let player else { return }
        let position = player.position
        viewState.apply {
            $0.play.isPlaying = !player.isPlaying
            $0.play.position = position
            $0.play.revision += 1
        }
    }

    func seek(by seconds: Double) {
        guard let player else { return }
        let target = min(max(player.position + seconds, 0), player.duration)
        viewState.apply {
            $0.play.position = target
            $0.play.revision += 1
        }
    }

    func jump(toFraction fraction: Double) {
        guard let player else { return }
        let target = fraction * player.duration
        viewState.apply {
            $0.play.position = target
            $0.play.revision += 1
        }
    }

    func startRenaming() {
        guard let recording = viewState.state.play.recording, let item = viewState.documents.item(recording)
        else {
            return
        }
        viewState.apply { $0.renaming = item.name }
    }

    /// Keys while the name is edited: typing changes the view state; Enter renames the document.
    func handleRenaming(_ key: Key) {
        switch Keymap.command(for: key, in: .text) {
        case .confirm:
            guard let recording = viewState.state.play.recording else { return }
            do {
                try viewState.documents.rename(recording, to: viewState.state.renaming ?? "")
                viewState.apply { $0.renaming = nil }
            } catch {
                viewState.apply { $0.message = error.message }
            }
        case .cancel: viewState.apply { $0.renaming = nil }
        default:
            if pane.nameField.handle(key) {
                let text = pane.nameField.text
                viewState.apply { $0.renaming = text }
            }
        }
    }

    func stop() { player?.stop() }
}
