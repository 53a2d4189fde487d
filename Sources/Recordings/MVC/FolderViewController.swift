import Foundation
import RecordingsModel
import RecordingsUI
import TerminalKit

/// One folder's list (the original's `FolderViewController`): it owns its list view, observes the
/// store's change notifications to insert, delete and move single rows, and turns the user's actions
/// into changes of the model — which come back to it, and to every other controller, as notifications.
@MainActor
final class FolderViewController {
    private(set) var folder: Item
    let listView = ListView()
    weak var navigationController: NavigationController?
    private weak var app: MVCApp?
    private let store: RecordingsStore
    private var observation: StoreObservation?

    init(folder: Item, app: MVCApp) {
        self.folder = folder
        self.app = app
        store = app.environment.store
        listView.emptyText = Strings.emptyFolder
        listView.setRows(store.contents(of: folder.id).map(row))
        listView.onOpen = { [weak self] index in self?.open(at: index) }
        listView.onBack = { [weak self] in self?.navigationController?.pop() }
        observation = store.observe { [weak self] change in self?.storeDidChange(change) }
    }

    var title: String { Strings.title(of: folder) }

    var selectedItem: Item? {
        listView.selectedIndex.flatMap { store.contents(of: folder.id)[safe: $0] }
    }

    private func row(_ item: Item) -> ListRow {
        Strings.row(
            for: item, isAvailable: item.isFolder || store.isAudioAvailable(item.id),
            glyphs: app?.glyphs ?? .unicode)
    }

    // MARK: Notifications

    private func storeDidChange(_ change: StoreChange) {
        if change.item.id == folder.id {
            if change.reason == .removed {
                navigationController?.remove(self)
            } else {
                folder = change.item
                navigationController?.titleDidChange(self)
            }
        }
        guard change.parentID == folder.id else { return }
        switch change.reason {
        case .added:
            if let index = change.newIndex { listView.insertRow(row(change.item), at: index) }
        case .removed:
            if let index = change.oldIndex { listView.removeRow(at: index) }
        case .renamed, .audioChanged:
            if let old = change.oldIndex, let new = change.newIndex {
                listView.moveRow(from: old, to: new, row: row(change.item))
            }
        }
    }

    // MARK: Actions

    /// Enter on a row: a folder is pushed, a recording is shown in the play pane.
    func open(at index: Int) {
        guard let item = store.contents(of: folder.id)[safe: index], let app else { return }
        if item.isFolder {
            navigationController?.push(FolderViewController(folder: item, app: app))
        } else {
            app.showRecording(item)
        }
    }

    /// Selects the row of an item (restoring a path selects the folder it came through).
    func select(_ id: UUID) {
        listView.selectedIndex = store.contents(of: folder.id).firstIndex { $0.id == id }
    }

    /// `n`: asks for a name, then adds the folder here.
    func createNewFolder() {
        let dialog = Dialog.askingName(Strings.createFolder)
        dialog.onConfirm = { [weak self, weak dialog] text in
            guard let self, let dialog else { return }
            do throws(StoreError) {
                try store.newFolder(named: text, in: folder.id)
                app?.dismiss()
            } catch {
                dialog.message = error.message
            }
        }
        dialog.onCancel = { [weak self] in self?.app?.dismiss() }
        app?.present(dialog)
    }

    /// `r`: records into this folder.
    func createNewRecording() {
        guard let app else { return }
        RecordViewController.start(in: folder, app: app)
    }

    /// `d`: deletes the selected item; a folder with things in it asks first.
    func deleteSelected() {
        guard let item = selectedItem else { return }
        guard item.isFolder, !store.contents(of: item.id).isEmpty else { return delete(item) }
        let dialog = Dialog.confirmingDeletion(ofFolder: item.name)
        dialog.onConfirm = { [weak self] _ in
            self?.app?.dismiss()
            self?.delete(item)
        }
        dialog.onCancel = { [weak self] in self?.app?.dismiss() }
        app?.present(dialog)
    }

    private func delete(_ item: Item) {
        do {
            try store.delete(item.id)
        } catch {
            app?.show(message: Strings.cannotSave(error.message))
        }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
