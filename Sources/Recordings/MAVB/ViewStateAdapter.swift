import Foundation
import RecordingsModel
import RecordingsUI

/// The model adapter for the view state: one signal of ``SplitViewState`` that views are bound to,
/// the actions that change it, and the mending when the store loses a folder or the recording.
@MainActor
final class ViewStateAdapter {
    let state: Signal<SplitViewState>
    private let store: StoreAdapter

    init(store: StoreAdapter, restoration: Restoration?) {
        self.store = store
        var initial = SplitViewState(folders: [store.store.rootID])
        if let restoration {
            initial.folders = restoration.folders(in: store.store).map(\.id)
            initial.recording = restoration.recording(in: store.store)?.id
            initial.playHasFocus = restoration.playHasFocus
        }
        state = Signal(initial)
        store.changes.bind(self) { adapter, change in
            if change != nil { adapter.mend() }
        }
    }

    /// The open folder.
    var openFolder: UUID { state.value.folders.last ?? store.store.rootID }

    private func mend() {
        let documents = store.store
        state.update { state in
            if let missing = state.folders.firstIndex(where: { documents.item($0) == nil }) {
                state.folders.removeSubrange(max(missing, 1)...)
            }
            if let recording = state.recording, documents.item(recording) == nil {
                state.recording = nil
                state.renaming = nil
            }
            if case .confirmDelete(let item) = state.presentation, documents.item(item.id) == nil {
                state.presentation = nil
            }
        }
    }

    // MARK: Actions

    func open(_ item: Item) {
        state.update { state in
            if item.isFolder {
                state.folders.append(item.id)
            } else {
                if state.recording != item.id { state.renaming = nil }
                state.recording = item.id
                state.playHasFocus = true
            }
        }
    }

    func back() {
        state.update { if $0.folders.count > 1 { $0.folders.removeLast() } }
    }

    func setPlayFocus(_ focused: Bool) { state.update { $0.playHasFocus = focused } }
    func present(_ presentation: SplitViewState.Presentation?) {
        state.update { $0.presentation = presentation }
    }
    func show(message: String?) { state.update { $0.message = message } }
    func setRenaming(_ text: String?) { state.update { $0.renaming = text } }
}
