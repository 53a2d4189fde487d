import AudioKit
import Foundation
import RecordingsAudio
import RecordingsModel

/// The whole app as one value: the store's tree as last seen, the folder path with each list's
/// selection, the play pane, the focus, the open dialog or modal, the message, the terminal size.
/// Only ``update(_:_:)`` changes it.
struct AppState: Equatable {
    /// The document, as of the last store change.
    var tree: ItemTree
    /// Recordings whose audio file is there.
    var available: Set<UUID> = []
    /// The open folders, root first.
    var path: [UUID]
    /// The selected item of each folder on the path.
    var selections: [UUID: UUID] = [:]
    /// The play pane.
    var play: PlayState?
    var playHasFocus = false
    /// The name being typed in the play pane.
    var renaming: String?
    var modal: Modal?
    var message: String?
    var size: Size
    var wantsToQuit = false

    struct Size: Equatable {
        var width: Int
        var height: Int
    }

    /// The recording in the play pane and where its playback is.
    struct PlayState: Equatable {
        var recording: UUID
        /// `nil` until the player is loaded; stays `nil` when the audio file is missing.
        var duration: Double?
        var position = 0.0
        var isPlaying = false

        /// The player's state as last reported; `nil` while no player is loaded.
        var playback: PlaybackState? {
            duration.map { PlaybackState(duration: $0, position: position, isPlaying: isPlaying) }
        }
    }

    /// What is shown over the content.
    enum Modal: Equatable {
        /// The new-folder dialog.
        case newFolder(parent: UUID, text: String, refusal: String?)
        /// The record modal, once recording has started.
        case record(id: UUID, parent: UUID, elapsed: Double)
        /// The dialog naming a finished recording.
        case saveRecording(id: UUID, parent: UUID, text: String, refusal: String?)
        /// The yes/no question before deleting a folder.
        case confirmDelete(Item)
    }

    /// The open folder.
    var openFolder: UUID { path.last ?? tree.rootID }

    /// The selected item of the open folder.
    var selectedItem: Item? {
        selections[openFolder].flatMap { tree.item($0) }
    }
}
