import AudioKit
import Observation
import RecordingsAudio
import RecordingsModel
import RecordingsUI

/// The play pane's state, display-ready (the original's `PlayViewModel`): the name, and the button
/// title, progress and times as a ``PlaybackDisplay``, kept in step with the player and the store.
/// Actions return what went wrong as a message for the view to show.
@MainActor
@Observable
final class PlayViewModel {
    /// The recording shown; setting it loads a player paused at the start.
    var recording: Item? {
        didSet {
            guard recording?.id != oldValue?.id else { return }
            player?.stop()
            player = recording.flatMap { environment.player(for: $0.id) }
            update()
        }
    }
    private(set) var name = ""
    private(set) var playback = PlaybackDisplay.empty
    /// A playback failure for the coordinator to show.
    private(set) var failure: String?
    @ObservationIgnored private var player: (any AudioPlayer)?
    @ObservationIgnored private let environment: RecordingsEnvironment
    @ObservationIgnored private var observation: StoreObservation?

    init(environment: RecordingsEnvironment) {
        self.environment = environment
        observation = environment.store.observe { [weak self] change in
            guard let self, change.item.id == recording?.id else { return }
            recording = change.reason == .removed ? nil : change.item
            update()
        }
    }

    /// Whether the pane is empty.
    var isEmpty: Bool { recording == nil }
    /// Whether the recording plays now.
    var isPlaying: Bool { player?.isPlaying ?? false }
    /// Where playback is (saved for the next start).
    var position: Double { player?.position ?? 0 }

    /// Reads the player (called every tick while the app runs).
    func update() {
        name = recording?.name ?? ""
        if let error = player?.takeFailure() { failure = Strings.cannotPlay(error.message) }
        // Set only when it changes, so the view's binding is not marked stale on every tick.
        let now = PlaybackDisplay(player?.playback, recordingShown: recording != nil)
        if playback != now { playback = now }
    }

    /// Play or pause; returns a message when playback cannot start.
    func togglePlay() -> String? {
        guard let player else { return nil }
        defer { update() }
        do {
            try player.togglePlay()
            return nil
        } catch {
            return Strings.cannotPlay(error.message)
        }
    }

    /// Seeks by some seconds from where playback is.
    func seek(by seconds: Double) {
        guard let player else { return }
        player.seek(by: seconds)
        update()
    }

    /// Jumps to a fraction of the recording.
    func jump(toFraction fraction: Double) {
        guard let player else { return }
        player.seek(to: fraction * player.duration)
        update()
    }

    /// Restores a saved position, paused.
    func restore(position: Double) {
        player?.seek(to: position)
        update()
    }

    /// Renames the recording (an empty name is refused).
    func rename(to name: String) throws(StoreError) {
        guard let recording else { return }
        try environment.store.rename(recording.id, to: name)
    }

    /// The failure was shown.
    func acknowledgeFailure() { failure = nil }

    /// Stops playback for good.
    func stop() { player?.stop() }
}
