import Foundation
import Observation
import RecordingsModel
import RecordingsUI
import TerminalKit

/// A folder's contents made ready for display (the original's `FolderViewModel`): the title, the rows,
/// and whether the folder still exists. It follows the store's notifications and does the folder's
/// model work; it knows nothing of widgets or of navigation.
@MainActor
@Observable
final class FolderViewModel {
    /// The folder, or `nil` once it has been deleted.
    private(set) var folder: Item?
    /// The rows, display-ready.
    private(set) var rows: [ListRow] = []
    /// The items behind the rows, in the same order.
    private(set) var items: [Item] = []
    @ObservationIgnored private let store: RecordingsStore
    @ObservationIgnored private let glyphs: Glyphs
    @ObservationIgnored private var observation: StoreObservation?

    init(folder: Item, store: RecordingsStore, glyphs: Glyphs) {
        self.folder = folder
        self.store = store
        self.glyphs = glyphs
        reload()
        observation = store.observe { [weak self] change in self?.storeDidChange(change) }
    }

    /// The title: the folder's name, or "Recordings" for the root.
    var title: String { folder.map(Strings.title(of:)) ?? "" }

    private func storeDidChange(_ change: StoreChange) {
        guard let folder else { return }
        if change.item.id == folder.id {
            self.folder = change.reason == .removed ? nil : change.item
        }
        if change.parentID == folder.id { reload() }
    }

    private func reload() {
        guard let folder else { return }
        items = store.contents(of: folder.id)
        rows = items.map {
            Strings.row(for: $0, isAvailable: $0.isFolder || store.isAudioAvailable($0.id), glyphs: glyphs)
        }
    }

    /// Creates a folder inside this one.
    func createFolder(named name: String) throws(StoreError) {
        guard let folder else { return }
        try store.newFolder(named: name, in: folder.id)
    }

    /// Whether deleting the item needs a confirmation (a folder with things in it).
    func needsConfirmation(toDelete item: Item) -> Bool {
        item.isFolder && !store.contents(of: item.id).isEmpty
    }

    /// Deletes an item (a folder with everything in it).
    func delete(_ item: Item) throws(StoreError) {
        try store.delete(item.id)
    }
}
