import RecordingsUI
import TerminalKit

/// The master pane's navigation controller: a stack of folder view controllers, shown through the
/// toolkit's ``NavigationStack``. Controllers push, pop and — when their folder is deleted — remove
/// themselves, as view controllers do in UIKit.
@MainActor
final class NavigationController {
    let stack = NavigationStack()
    private(set) var viewControllers: [FolderViewController] = []

    /// The folder on top: where new folders and recordings go.
    var top: FolderViewController? { viewControllers.last }

    func push(_ controller: FolderViewController) {
        controller.navigationController = self
        top?.listView.isFocused = false
        viewControllers.append(controller)
        stack.push(controller.listView, title: controller.title)
    }

    func pop() {
        guard viewControllers.count > 1 else { return }
        viewControllers.removeLast()
        stack.pop()
    }

    /// Removes a controller whose folder is gone, and everything pushed above it (it was inside).
    func remove(_ controller: FolderViewController) {
        guard let index = viewControllers.firstIndex(where: { $0 === controller }), index > 0 else { return }
        viewControllers.removeSubrange(index...)
        stack.setEntries(viewControllers.map { ($0.title, $0.listView) })
    }

    /// A controller's title changed (its folder was renamed).
    func titleDidChange(_ controller: FolderViewController) {
        stack.setTitle(controller.title, of: controller.listView)
    }
}
