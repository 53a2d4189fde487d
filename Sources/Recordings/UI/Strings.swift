import RecordingsModel
import TerminalKit

/// Every text the user reads, defined once so the five architectures say exactly the same things.
package enum Strings {
    /// The root folder's title.
    package static let rootTitle = ItemTree.rootName
    /// The play pane with nothing in it.
    package static let noRecording = "No recording selected"
    /// An empty folder's list.
    package static let emptyFolder = "Empty: r to record, n for a folder"
    /// The new-folder dialog.
    package static let createFolder = (title: "Create Folder", placeholder: "Folder Name", confirm: "Create")
    /// The dialog that names a new recording.
    package static let saveRecording = (
        title: "Save Recording", placeholder: "Recording Name", confirm: "Save"
    )
    /// The confirmation for deleting a folder that is not empty.
    package static let deleteFolder = (title: "Delete Folder", confirm: "Delete")
    /// The record modal.
    package static let recording = (title: "Recording", stop: "Stop")
    /// A recording whose audio file is missing.
    package static let unavailableSuffix = " (unavailable)"
    /// The play pane's note for such a recording.
    package static let unavailableNotice = "The audio file is missing: this recording can't play."
    /// The label before the name field.
    package static let nameLabel = "Name: "

    /// The question before deleting a folder with things in it.
    package static func deleteFolderPrompt(_ name: String) -> String {
        "Delete \"\(name)\" and everything in it? (y/n)"
    }

    /// The play button's title (the original's rule): *Pause* while playing, *Resume playing* when
    /// paused part-way, *Play* at the start.
    package static func playButtonTitle(isPlaying: Bool, position: Double) -> String {
        isPlaying ? "Pause" : position > 0 ? "Resume playing" : "Play"
    }

    /// Why recording could not start or went wrong.
    package static func cannotRecord(_ reason: String) -> String { "Can't record: \(reason)" }
    /// Why playback could not start or stopped.
    package static func cannotPlay(_ reason: String) -> String { "Can't play: \(reason)" }
    /// A store edit that failed.
    package static func cannotSave(_ reason: String) -> String { "Not saved: \(reason)" }

    /// The header's path, e.g. `Recordings › Work › Ideas`.
    package static func path(_ names: [String], glyphs: Glyphs) -> String {
        names.joined(separator: glyphs.pathSeparator)
    }

    /// The list row for an item: a folder or recording mark, the name, and a note when the audio is gone.
    package static func row(for item: Item, isAvailable: Bool, glyphs: Glyphs) -> ListRow {
        let isFolder = item.isFolder
        let missing = !isFolder && !isAvailable
        return ListRow(
            mark: isFolder ? glyphs.marks.folder : glyphs.marks.recording,
            title: item.name + (missing ? unavailableSuffix : ""), isDimmed: missing)
    }

    /// The title shown for a folder (the root has its fixed name).
    package static func title(of folder: Item) -> String {
        folder.parentID == nil ? rootTitle : folder.name
    }
}
