import AudioKit
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
            player = recording.flatMap { environment.player(for: $0.id) }
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

    /// Whether the recording plays now.
    var isPlaying: Bool { player?.isPlaying ?? false }

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
        if let failure = player?.takeFailure() { app?.show(message: Strings.cannotPlay(failure.message)) }
        pane.show(PlaybackDisplay(player?.playback, recordingShown: recording != nil))
    }

    // MARK: Actions

    func togglePlay() {
        guard let player else { return }
        do {
            try player.togglePlay()
        } catch {
            app?.show(message: Strings.cannotPlay(error.message))
        }
        updateDisplay()
    }

    func seek(by seconds: Double) {
        guard let player else { return }
        player.seek(by: seconds)
        updateDisplay()
    }

    func jump(toFraction fraction: Double) {
        guard let player else { return }
        player.seek(to: fraction * player.duration)
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
