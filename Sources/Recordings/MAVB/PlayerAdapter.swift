import AudioKit
import Foundation
import RecordingsAudio
import RecordingsModel
import RecordingsUI

/// The model adapter for playback: it follows the view state's recording with a player and publishes
/// where playback is as a signal; play, pause and seek are its actions.
@MainActor
final class PlayerAdapter {
    /// The player's state; `nil` when no player is loaded (no recording, or its audio file is missing).
    let playback = Signal<PlaybackState?>(nil)
    private let environment: RecordingsEnvironment
    private var player: (any AudioPlayer)?
    private var recording: UUID?
    /// A message for the message line (a playback failure).
    var onFailure: ((String) -> Void)?

    init(environment: RecordingsEnvironment, recording: Signal<UUID?>) {
        self.environment = environment
        recording.bind(self) { adapter, id in adapter.load(id) }
    }

    private func load(_ id: UUID?) {
        guard id != recording else { return }
        player?.stop()
        recording = id
        player = id.flatMap { environment.player(for: $0) }
        refresh()
    }

    /// Publishes the player's state (every tick).
    func refresh() {
        guard let player else { return playback.send(nil) }
        if let failure = player.takeFailure() { onFailure?(Strings.cannotPlay(failure.message)) }
        let now = player.playback
        if now != playback.value { playback.send(now) }
    }

    func togglePlay() {
        guard let player else { return }
        do {
            try player.togglePlay()
        } catch {
            onFailure?(Strings.cannotPlay(error.message))
        }
        refresh()
    }

    func seek(by seconds: Double) {
        guard let player else { return }
        player.seek(by: seconds)
        refresh()
    }

    func jump(toFraction fraction: Double) {
        guard let player else { return }
        player.seek(to: fraction * player.duration)
        refresh()
    }

    func restore(position: Double) {
        player?.seek(to: position)
        refresh()
    }

    var position: Double { player?.position ?? 0 }

    func stop() { player?.stop() }
}
