import Foundation
import RecordingsModel

/// The view state the views are bound to (the original MAVB's `SplitState`): the folder path, the
/// recording in the play pane, the focus, the presented dialog or modal, the name being typed, the
/// message line.
struct SplitViewState: Equatable {
    /// What is presented over the content.
    enum Presentation: Equatable {
        /// The new-folder dialog, for a parent.
        case newFolder(parent: UUID)
        /// The record modal.
        case record(id: UUID, parent: UUID)
        /// The dialog naming a finished recording.
        case saveRecording(id: UUID, parent: UUID)
        /// The yes/no question before deleting a folder.
        case confirmDelete(Item)
    }

    var folders: [UUID]
    var recording: UUID?
    var playHasFocus = false
    var presentation: Presentation?
    var renaming: String?
    var message: String?
}
