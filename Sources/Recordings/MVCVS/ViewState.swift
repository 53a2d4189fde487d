import Foundation

/// Everything the screen shows that is not the document (the original's `SplitViewState`): the folder
/// stack with each list's selection, the play pane, the focus, and whatever dialog or modal is up.
/// Views are set from it; restoration and the history slider are just old values of it.
struct ViewState: Codable, Equatable {
    /// The open folders, root first.
    var folders: [FolderViewState]
    /// The play pane.
    var play = PlayViewState()
    /// Whether the play pane has the focus (else the list).
    var playHasFocus = false
    /// The name being typed in the play pane, while renaming.
    var renaming: String?
    /// A dialog asking for text.
    var textAlert: TextAlertState?
    /// The record modal.
    var recordView: RecordViewState?
    /// The folder waiting for a yes or no before it is deleted.
    var deleteConfirmation: UUID?
    /// The message line.
    var message: String?

    /// The view state of a first start: the root folder, nothing selected.
    init(root: UUID) {
        folders = [FolderViewState(folderID: root)]
    }

    /// The same navigation without any dialog, modal or message (what the history slider travels to).
    var withoutTransients: ViewState {
        var state = self
        (state.renaming, state.textAlert, state.recordView, state.deleteConfirmation, state.message) = (
            nil, nil, nil, nil, nil
        )
        return state
    }
}

/// One folder list: which folder, and which of its items is selected.
struct FolderViewState: Codable, Equatable {
    let folderID: UUID
    var selected: UUID?
}

/// The play pane: the recording, and playback as of the last action (the player runs on from there).
struct PlayViewState: Codable, Equatable {
    var recording: UUID?
    var position = 0.0
    var isPlaying = false
    /// Bumped whenever ``position`` is set, so the player seeks once per change.
    var revision = 0
}

/// A dialog asking for a name.
struct TextAlertState: Codable, Equatable {
    enum Purpose: Codable, Equatable {
        /// A new folder inside `parent`.
        case newFolder(parent: UUID)
        /// The recording just made, to go into `parent`.
        case saveRecording(id: UUID, parent: UUID)
    }

    var purpose: Purpose
    var text = ""
    var message: String?
}

/// The record modal: the recording's id and the folder it goes into.
struct RecordViewState: Codable, Equatable {
    let recordingID: UUID
    let parentID: UUID
}
