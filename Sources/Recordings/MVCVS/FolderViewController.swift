import Foundation
import RecordingsModel
import RecordingsUI
import TerminalKit

/// A folder list in MVC+VS: its rows come from the document, its selection from the view state; what
/// the user does becomes an action on the ``ViewStateStore`` (navigation) or the document store.
@MainActor
final class FolderViewController {
    let folderID: UUID
    let listView = ListView()
    private let viewState: ViewStateStore
    private let glyphs: Glyphs

    init(folderID: UUID, viewState: ViewStateStore, glyphs: Glyphs) {
        self.folderID = folderID
        self.viewState = viewState
        self.glyphs = glyphs
        listView.emptyText = Strings.emptyFolder
        listView.onSelect = { [weak self] index in self?.select(at: index) }
        listView.onOpen = { [weak self] index in self?.open(at: index) }
        listView.onBack = {
            viewState.apply { state in if state.folders.count > 1 { state.folders.removeLast() } }
        }
    }

    private var documents: RecordingsStore { viewState.documents }
    private var contents: [Item] { documents.contents(of: folderID) }

    /// The title of the folder (the root's fixed name).
    var title: String { documents.item(folderID).map(Strings.title(of:)) ?? "" }

    /// Sets the list from the document and the view state.
    func update(from folderState: FolderViewState, isFocused: Bool) {
        let items = contents
        listView.setRows(
            items.map {
                Strings.row(
                    for: $0, isAvailable: $0.isFolder || documents.isAudioAvailable($0.id), glyphs: glyphs)
            },
            identifiers: items.map(\.id))
        listView.selectedIndex = items.firstIndex { $0.id == folderState.selected }
        listView.isFocused = isFocused
    }

    private func select(at index: Int) {
        guard let item = contents[safe: index] else { return }
        let folderID = folderID
        viewState.apply { state in
            guard let position = state.folders.firstIndex(where: { $0.folderID == folderID }) else { return }
            state.folders[position].selected = item.id
        }
    }

    private func open(at index: Int) {
        guard let item = contents[safe: index] else { return }
        let first = documents.contents(of: item.id).first?.id
        viewState.apply { state in
            if item.isFolder {
                state.folders.append(FolderViewState(folderID: item.id, selected: first))
            } else {
                if state.play.recording != item.id {
                    state.play = PlayViewState(recording: item.id, revision: state.play.revision + 1)
                }
                state.renaming = nil
                state.playHasFocus = true
            }
        }
    }

    /// `d`: a recording or an empty folder goes at once; a folder with things in it asks first.
    func deleteSelected() {
        guard let index = listView.selectedIndex, let item = contents[safe: index] else { return }
        if item.isFolder && !documents.contents(of: item.id).isEmpty {
            viewState.apply { $0.deleteConfirmation = item.id }
            return
        }
        do {
            try documents.delete(item.id)
        } catch {
            viewState.apply { $0.message = Strings.cannotSave(error.message) }
        }
    }
}
