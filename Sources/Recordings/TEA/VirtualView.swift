import Foundation
import RecordingsUI
import TerminalKit

/// What the screen should look like, as a value (the original TEA's virtual views): the view function
/// returns one, and the driver diffs it against the last one into the retained widgets. Events are
/// named by the data they carry (which folder's list); the driver turns them into messages.
struct VirtualView: Equatable {
    var title: String
    var message: String?
    var hints: String
    var folders: [VirtualList]
    var playHasFocus: Bool
    var play: VirtualPlayPane
    var overlay: VirtualOverlay?
}

/// One folder's list.
struct VirtualList: Equatable {
    let folderID: UUID
    var title: String
    var rows: [ListRow]
    var identifiers: [UUID]
    var selectedIndex: Int?
    var isFocused: Bool
}

/// The play pane.
struct VirtualPlayPane: Equatable {
    var isEmpty = true
    var name = ""
    var isEditingName = false
    var playback = PlaybackDisplay.empty
    var isFocused = false
}

/// A dialog or modal.
enum VirtualOverlay: Equatable {
    /// A dialog asking for a name; `identity` tells one dialog from the next.
    case textDialog(
        identity: String, title: String, placeholder: String, confirm: String, text: String, refusal: String?)
    /// The yes/no question before deleting.
    case question(identity: String, title: String, prompt: String, confirm: String)
    /// The record modal.
    case record(identity: String, elapsed: String)

    var identity: String {
        switch self {
        case .textDialog(let identity, _, _, _, _, _), .question(let identity, _, _, _),
            .record(let identity, _):
            identity
        }
    }
}
