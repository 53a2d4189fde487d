import Foundation
import RecordingsAudio
import RecordingsModel
import RecordingsUI

/// The model adapter for playback: it follows the view state's recording with a player and publishes
/// where playback is as a signal; play, pause and seek are its actions.
@MainActor
final class PlayerAdapter {
    /// What the play pane shows of playback.
    struct Playback: Equatable {
        var isLoaded = false
        var duration = 0.0
        var position = 0.0
        var isPlaying = false
    }

    let playback = Signal(Playback())
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
        player = id.flatMap { try? environment.audio.player(for: environment.store.audioPath(for: $0)) }
        refresh()
    }

    /// Publishes the player's state (every tick).
    func refresh() {
        guard let player else { return playback.send(Playback()) }
        if let failure = player.takeFailure() { onFailure?(Strings.cannotPlay(failure.message)) }
        let now = Playback(
            isLoaded: true, duration: player.duration, position: player.position, isPlaying: player.isPlaying)
        if now != playback.value { playback.send(now) }
    }

    func togglePlay() {
        guard let player else { return }
        if player.isPlaying {
            player.pause()
        } else {
            do {
                try player.play()
            } catch {
                onFailure?(Strings.cannotPlay(error.message))
            }
        }
        refresh()
    }

    func seek(by seconds: Double) {
        guard let player else { return }
        player.seek(to: player.position + seconds)
        refresh()
    }

    func restore(position: Double) {
        player?.seek(to: position)
        refresh()
    }

    var position: Double { player?.position ?? 0 }

    func stop() { player?.stop() }
}
