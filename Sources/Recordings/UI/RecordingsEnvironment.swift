import AudioKit
import Foundation
import RecordingsAudio
import RecordingsModel
import TerminalKit

/// Everything an app is given rather than finds for itself: the store, sound, the clock, where the
/// restoration state is kept and the glyphs to draw with. Tests inject a temporary store, the audio
/// twin and a manual clock.
@MainActor
package struct RecordingsEnvironment {
    /// The model.
    package let store: RecordingsStore
    /// Recorders and players.
    package let audio: any AudioSystem
    /// The app's monotonic clock (the one the audio uses too).
    package let clock: any MonotonicClock
    /// Where the folder path, selected recording and position are kept between runs.
    package let restoration: RestorationFile
    /// Unicode or ASCII drawing characters.
    package let glyphs: Glyphs

    /// Creates an environment; the restoration file defaults to `state.json` in the store's directory.
    package init(
        store: RecordingsStore, audio: any AudioSystem, clock: any MonotonicClock,
        restoration: RestorationFile? = nil, glyphs: Glyphs = .unicode
    ) {
        self.store = store
        self.audio = audio
        self.clock = clock
        self.restoration = restoration ?? RestorationFile(directory: store.directory)
        self.glyphs = glyphs
    }

    /// A player for a recording's audio file, paused at the start; `nil` when the file is missing or
    /// unreadable, which the play pane shows as ``PlaybackDisplay/unavailable``.
    package func player(for recording: UUID) -> (any AudioPlayer)? {
        try? audio.player(for: store.audioPath(for: recording))
    }
}
