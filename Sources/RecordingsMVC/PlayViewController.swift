import RecordingsAudio
import RecordingsModel
import RecordingsUI
import TerminalKit

/// The play pane (the original's `PlayViewController`): shows one recording, owns its player, keeps
/// the pane in step with the clock, and renames through the model. It observes the store too: a
/// rename shows, a deletion stops playback and clears the pane.
@MainActor
final class PlayViewController {
    let pane = PlayPane()
    weak var app: MVCApp?
    private let environment: RecordingsEnvironment
    private var player: (any AudioPlayer)?
    private var observation: StoreObservation?
    private(set) var isRenaming = false

    /// The recording shown; setting it loads a player paused at the start.
    var recording: Item? {
        didSet {
            guard recording?.id != oldValue?.id else { return updateName() }
            player?.stop()
            player = recording.flatMap {
                try? environment.audio.player(for: environment.store.audioPath(for: $0.id))
            }
            isRenaming = false
            updateName()
            updateDisplay()
        }
    }

    init(environment: RecordingsEnvironment) {
        self.environment = environment
        observation = environment.store.observe { [weak self] change in self?.storeDidChange(change) }
        updateDisplay()
    }

    /// Where playback is (saved for the next start).
    var position: Double { player?.position ?? 0 }

    private func storeDidChange(_ change: StoreChange) {
        guard change.item.id == recording?.id else { return }
        recording = change.reason == .removed ? nil : change.item
    }

    private func updateName() {
        pane.isEmpty = recording == nil
        if !isRenaming { pane.nameField.text = recording?.name ?? "" }
    }

    /// Sets the button, bar and times from the player.
    func updateDisplay() {
        guard let player else {
            pane.playButton.title = Strings.playButtonTitle(isPlaying: false, position: 0)
            pane.playButton.isEnabled = false
            pane.progress.fraction = 0
            pane.elapsedLabel.text = TimeFormat.string(0)
            pane.durationLabel.text = TimeFormat.string(0)
            pane.notice.text = recording == nil ? "" : Strings.unavailableNotice
            return
        }
        if let failure = player.takeFailure() { app?.show(message: Strings.cannotPlay(failure.message)) }
        let position = player.position
        pane.playButton.title = Strings.playButtonTitle(isPlaying: player.isPlaying, position: position)
        pane.playButton.isEnabled = true
        pane.progress.fraction = player.duration > 0 ? position / player.duration : 0
        pane.elapsedLabel.text = TimeFormat.string(position)
        pane.durationLabel.text = TimeFormat.string(player.duration)
        pane.notice.text = ""
    }

    // MARK: Actions

    func togglePlay() {
        guard let player else { return }
        if player.isPlaying {
            player.pause()
        } else {
            do {
                try player.play()
            } catch {
                app?.show(message: Strings.cannotPlay(error.message))
            }
        }
        updateDisplay()
    }

    func seek(by seconds: Double) {
        guard let player else { return }
        player.seek(to: player.position + seconds)
        updateDisplay()
    }

    /// Restores a saved position, paused.
    func restore(position: Double) {
        player?.seek(to: position)
        updateDisplay()
    }

    func startRenaming() {
        guard recording != nil else { return }
        isRenaming = true
        pane.nameField.isEditing = true
    }

    /// Keys while the name is edited: Enter saves (an empty name is refused), Esc cancels.
    func handleRenaming(_ key: Key) {
        switch Keymap.command(for: key, in: .text) {
        case .confirm:
            guard let recording else { return }
            do {
                try environment.store.rename(recording.id, to: pane.nameField.text)
                finishRenaming()
            } catch {
                app?.show(message: error.message)
            }
        case .cancel: finishRenaming()
        default: _ = pane.nameField.handle(key)
        }
    }

    private func finishRenaming() {
        isRenaming = false
        pane.nameField.isEditing = false
        updateName()
    }

    func stop() { player?.stop() }
}
