import Foundation
import RecordingsModel
import RecordingsUI

/// The view state's store (the original's `ViewStateStore`), a model-layer object: every user action
/// is a method that changes the ``ViewState``, records it in the history and saves it whole for a cold
/// start; controllers observe it and set their views from it. It also observes the document store
/// and mends the view state when folders or recordings disappear.
@MainActor
final class ViewStateStore {
    private(set) var state: ViewState
    /// Every state an action produced, oldest first; the history slider travels through it.
    private(set) var history: [ViewState]
    /// Where the slider is; `nil` when at the present.
    private(set) var historyIndex: Int?
    let documents: RecordingsStore
    private let restoration: RestorationFile
    private var observers: [(ViewState) -> Void] = []
    private var documentObservation: StoreObservation?
    private static let historyLimit = 500

    init(documents: RecordingsStore, restoration: RestorationFile) {
        self.documents = documents
        self.restoration = restoration
        self.state = Self.restored(from: restoration, documents: documents)
        history = [state]
        documentObservation = documents.observe { [weak self] change in self?.documentDidChange(change) }
    }

    /// The saved view state, as the last run left it — without what no architecture brings back (a
    /// dialog, a recording in progress, a message) and paused; or, from a file another architecture
    /// wrote, the view state its common form describes.
    private static func restored(from restoration: RestorationFile, documents: RecordingsStore) -> ViewState {
        if let saved = restoration.loadViewState(ViewState.self) {
            var state = saved.withoutTransients.mended(by: documents)
            state.play.isPlaying = false
            state.play.revision += 1
            state.play.position = restoration.load()?.position ?? state.play.position
            return state
        }
        var state = ViewState(root: documents.rootID)
        guard let saved = restoration.load() else {
            state.folders[0].selected = documents.contents(of: documents.rootID).first?.id
            return state
        }
        let folders = saved.folders(in: documents)
        state.folders = folders.enumerated().map { index, folder in
            FolderViewState(
                folderID: folder.id,
                selected: folders[safe: index + 1]?.id ?? saved.selection(in: folder.id, of: documents))
        }
        state.playHasFocus = saved.playHasFocus
        if let recording = saved.recording(in: documents) {
            state.play = PlayViewState(
                recording: recording.id, position: saved.position, isPlaying: false, revision: 1)
        }
        return state
    }

    /// Saves the view state whole when what a restart shows changed; `position` is where playback is
    /// now (the view state keeps the position of the last action).
    func save(position: Double) {
        var restorable = state
        restorable.play.position = position
        let common = Restoration(
            folderPath: state.folders.map(\.folderID),
            selections: Dictionary(
                state.folders.compactMap { folder in folder.selected.map { (folder.folderID, $0) } },
                uniquingKeysWith: { first, _ in first }),
            playHasFocus: state.playHasFocus, recording: state.play.recording, position: position)
        restoration.save(common, viewState: restorable)
    }

    /// Calls `observer` after every change of the state.
    func observe(_ observer: @escaping (ViewState) -> Void) {
        observers.append(observer)
        observer(state)
    }

    /// Where the player is now (set by the play pane's controller), saved with the view state.
    var playerPosition: () -> Double = { 0 }

    /// Applies an action: the new state is recorded, saved for restoration and announced. The history
    /// gets a new step only when the screen it travels to differs: typing a name, or a dialog coming and
    /// going, changes the last step instead of adding identical-looking ones.
    func apply(_ change: (inout ViewState) -> Void) {
        var next = state
        change(&next)
        guard next != state else { return }
        if let index = historyIndex { history.removeSubrange((index + 1)...) }
        historyIndex = nil
        if let last = history.last, last.withoutTransients == next.withoutTransients {
            history[history.count - 1] = next
        } else {
            history.append(next)
        }
        if history.count > Self.historyLimit { history.removeFirst() }
        set(next)
    }

    private func set(_ next: ViewState) {
        state = next
        save(position: next.play.isPlaying ? playerPosition() : next.play.position)
        for observer in observers { observer(next) }
    }

    /// Moves the history slider: the state becomes an earlier one (without its dialogs), and the
    /// history stays until the next action cuts it there.
    func travel(to index: Int) {
        guard history.indices.contains(index) else { return }
        historyIndex = index == history.count - 1 ? nil : index
        var past = history[index].withoutTransients
        past.play.revision = state.play.revision + 1
        past.play.isPlaying = false
        set(past.mended(by: documents))
    }

    private func documentDidChange(_ change: StoreChange) {
        apply { state in
            state = state.mended(by: documents)
            for index in state.folders.indices where state.folders[index].folderID == change.parentID {
                let contents = documents.contents(of: change.parentID)
                switch change.reason {
                case .removed where state.folders[index].selected == change.item.id:
                    let position = min(change.oldIndex ?? 0, contents.count - 1)
                    state.folders[index].selected = position >= 0 ? contents[position].id : nil
                case .added where state.folders[index].selected == nil:
                    state.folders[index].selected = change.item.id
                default: break
                }
            }
        }
    }
}

extension ViewState {
    /// The state with what no longer exists taken out: the folder stack cut at the first missing
    /// folder, a deleted recording out of the play pane.
    @MainActor
    func mended(by documents: RecordingsStore) -> ViewState {
        var state = self
        if let missing = state.folders.firstIndex(where: { documents.item($0.folderID) == nil }) {
            state.folders.removeSubrange(max(missing, 1)...)
        }
        if let recording = state.play.recording, documents.item(recording) == nil {
            state.play = PlayViewState(revision: state.play.revision + 1)
            state.renaming = nil
        }
        if let item = state.deleteConfirmation, documents.item(item) == nil { state.deleteConfirmation = nil }
        return state
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
