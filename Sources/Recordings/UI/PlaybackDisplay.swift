import AudioKit
import RecordingsAudio

/// The play pane's playback controls as they are shown — the button's title and whether it can be
/// pressed, the bar's fraction, the elapsed and total times, the note under them — derived one way
/// from a ``PlaybackState`` for every architecture. Who reads the player, when, and who owns the result
/// is each architecture's own business.
package struct PlaybackDisplay: Sendable, Equatable {
    /// *Play*, *Pause* or *Resume playing*.
    package var buttonTitle: String
    /// Whether the play button does anything (a player is loaded).
    package var isPlayEnabled: Bool
    /// Where playback is, from 0 to 1.
    package var progress: Double
    /// The elapsed time, `h:mm:ss`.
    package var elapsed: String
    /// The total time, `h:mm:ss`.
    package var duration: String
    /// The note under the controls.
    package var notice: String

    /// Nothing to play: no recording is shown.
    package static let empty = PlaybackDisplay(notice: "")
    /// A recording is shown but its audio could not be loaded (the file is missing).
    package static let unavailable = PlaybackDisplay(notice: Strings.unavailableNotice)

    private init(notice: String) {
        buttonTitle = Strings.playButtonTitle(isPlaying: false, position: 0)
        isPlayEnabled = false
        progress = 0
        elapsed = TimeFormat.string(0)
        duration = TimeFormat.string(0)
        self.notice = notice
    }

    /// The controls of a loaded player.
    package init(_ playback: PlaybackState) {
        buttonTitle = Strings.playButtonTitle(isPlaying: playback.isPlaying, position: playback.position)
        isPlayEnabled = true
        progress = playback.duration > 0 ? playback.position / playback.duration : 0
        elapsed = TimeFormat.string(playback.position)
        duration = TimeFormat.string(playback.duration)
        notice = ""
    }

    /// The controls of a player, or without one ``unavailable`` when a recording is shown and
    /// ``empty`` when none is.
    package init(_ playback: PlaybackState?, recordingShown: Bool) {
        self = playback.map { PlaybackDisplay($0) } ?? (recordingShown ? .unavailable : .empty)
    }
}
