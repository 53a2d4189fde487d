import Observation
import RecordingsAudio
import RecordingsModel
import RecordingsUI

/// The play pane's state, display-ready (the original's `PlayViewModel`): name, button title, progress
/// and times as text, kept in step with the player and the store. Actions return what went wrong as a
/// message for the view to show.
@MainActor
@Observable
final class PlayViewModel {
    /// The recording shown; setting it loads a player paused at the start.
    var recording: Item? {
        didSet {
            guard recording?.id != oldValue?.id else { return }
            player?.stop()
            player = recording.flatMap {
                try? environment.audio.player(for: environment.store.audioPath(for: $0.id))
            }
            update()
        }
    }
    private(set) var name = ""
    private(set) var playButtonTitle = Strings.playButtonTitle(isPlaying: false, position: 0)
    private(set) var isPlayEnabled = false
    private(set) var progress = 0.0
    private(set) var elapsedText = TimeFormat.string(0)
    private(set) var durationText = TimeFormat.string(0)
    private(set) var notice = ""
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
    /// Where playback is (saved for the next start).
    var position: Double { player?.position ?? 0 }

    /// Reads the player (called every tick while the app runs).
    func update() {
        name = recording?.name ?? ""
        guard let player else {
            (playButtonTitle, isPlayEnabled, progress) = (
                Strings.playButtonTitle(isPlaying: false, position: 0), false, 0
            )
            (elapsedText, durationText) = (TimeFormat.string(0), TimeFormat.string(0))
            notice = recording == nil ? "" : Strings.unavailableNotice
            return
        }
        if let error = player.takeFailure() { failure = Strings.cannotPlay(error.message) }
        let position = player.position
        let title = Strings.playButtonTitle(isPlaying: player.isPlaying, position: position)
        if playButtonTitle != title { playButtonTitle = title }
        isPlayEnabled = true
        let fraction = player.duration > 0 ? position / player.duration : 0
        if progress != fraction { progress = fraction }
        let elapsed = TimeFormat.string(position)
        if elapsedText != elapsed { elapsedText = elapsed }
        durationText = TimeFormat.string(player.duration)
        notice = ""
    }

    /// Play or pause; returns a message when playback cannot start.
    func togglePlay() -> String? {
        guard let player else { return nil }
        defer { update() }
        if player.isPlaying {
            player.pause()
            return nil
        }
        do {
            try player.play()
            return nil
        } catch {
            return Strings.cannotPlay(error.message)
        }
    }

    /// Seeks by some seconds from where playback is.
    func seek(by seconds: Double) {
        guard let player else { return }
        player.seek(to: player.position + seconds)
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
