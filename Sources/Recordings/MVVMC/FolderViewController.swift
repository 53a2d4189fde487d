import RecordingsModel
import RecordingsUI
import TerminalKit

/// What a folder list asks of its coordinator: it never navigates by itself.
@MainActor
protocol FolderViewControllerDelegate: AnyObject {
    /// An item was opened.
    func folderViewController(_ controller: FolderViewController, didOpen item: Item)
    /// Back was pressed.
    func folderViewControllerDidGoBack(_ controller: FolderViewController)
    /// The folder shown was deleted.
    func folderViewControllerFolderWasDeleted(_ controller: FolderViewController)
}

/// A folder list (the original's `FolderViewController` in MVVM-C): binds its list view to a
/// ``FolderViewModel`` and reports what the user does to its delegate, the coordinator.
@MainActor
final class FolderViewController {
    let viewModel: FolderViewModel
    let listView = ListView()
    weak var delegate: (any FolderViewControllerDelegate)?
    private var bindings: [ObservedUpdate] = []
    private var reportedDeletion = false

    init(viewModel: FolderViewModel) {
        self.viewModel = viewModel
        listView.emptyText = Strings.emptyFolder
        listView.onOpen = { [weak self] index in
            guard let self, let item = viewModel.items[safe: index] else { return }
            delegate?.folderViewController(self, didOpen: item)
        }
        listView.onBack = { [weak self] in
            guard let self else { return }
            delegate?.folderViewControllerDidGoBack(self)
        }
        bindings = [
            ObservedUpdate { [weak self] in
                guard let self else { return }
                listView.setRows(viewModel.rows, identifiers: viewModel.items.map(\.id))
            },
            ObservedUpdate { [weak self] in
                guard let self, viewModel.folder == nil, !reportedDeletion else { return }
                reportedDeletion = true
                delegate?.folderViewControllerFolderWasDeleted(self)
            },
        ]
    }

    /// The item under the selection.
    var selectedItem: Item? { listView.selectedIndex.flatMap { viewModel.items[safe: $0] } }

    /// Selects an item's row.
    func select(_ item: Item) {
        refresh()
        listView.selectedIndex = viewModel.items.firstIndex { $0.id == item.id }
    }

    /// Brings the list up to date with the view model.
    func refresh() {
        for binding in bindings { binding.refresh() }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
