import Foundation
import RecordingsModel
import RecordingsUI
import TerminalKit

/// A binding of a list view: a value it follows or an action it sends.
enum ListBinding {
    /// The rows and the items behind them.
    case rows(Signal<StoreAdapter.FolderRows>)
    /// The item selected when the list is made.
    case initialSelection(UUID?)
    /// Whether the list has the focus.
    case isFocused(Signal<Bool>)
    /// What an empty list says.
    case emptyText(String)
    /// Enter or → on an item.
    case onOpen((Item) -> Void)
    /// ← or Backspace.
    case onBack(() -> Void)
}

/// A binding of the play pane.
enum PlayPaneBinding {
    case isEmpty(Signal<Bool>)
    case name(Signal<String>)
    case isEditingName(Signal<Bool>)
    case onNameChange((String) -> Void)
    /// The button, the bar, the times and the note.
    case playback(Signal<PlaybackDisplay>)
    case isFocused(Signal<Bool>)
}

/// A binding of the window.
enum WindowBinding {
    case title(Signal<String>)
    case message(Signal<String?>)
    case hints(Signal<String>)
    case overlay(Signal<(any Overlay)?>)
}

extension ListView {
    /// A list view made once and kept current by its bindings.
    static func bound(_ bindings: ListBinding...) -> ListView {
        let list = ListView()
        var items: Signal<StoreAdapter.FolderRows>?
        for binding in bindings {
            switch binding {
            case .rows(let signal):
                items = signal
                signal.bind(list) { list, value in
                    list.setRows(value.rows, identifiers: value.items.map(\.id))
                }
            case .initialSelection(let id):
                if let index = items?.value.items.firstIndex(where: { $0.id == id }) {
                    list.selectedIndex = index
                }
            case .isFocused(let signal): signal.bind(list) { $0.isFocused = $1 }
            case .emptyText(let text): list.emptyText = text
            case .onOpen(let action):
                list.onOpen = { [weak items] index in
                    guard let rows = items?.value.items, rows.indices.contains(index) else { return }
                    action(rows[index])
                }
            case .onBack(let action): list.onBack = action
            }
        }
        return list
    }
}

extension PlayPane {
    /// The play pane, made once and kept current by its bindings.
    static func bound(_ bindings: PlayPaneBinding...) -> PlayPane {
        let pane = PlayPane()
        for binding in bindings {
            switch binding {
            case .isEmpty(let signal): signal.bind(pane) { $0.isEmpty = $1 }
            case .name(let signal): signal.bind(pane) { $0.nameField.text = $1 }
            case .isEditingName(let signal): signal.bind(pane) { $0.nameField.isEditing = $1 }
            case .onNameChange(let action): pane.nameField.onChange = action
            case .playback(let signal): signal.bind(pane) { $0.show($1) }
            case .isFocused(let signal): signal.bind(pane) { $0.isFocused = $1 }
            }
        }
        return pane
    }
}

extension Window {
    /// The window, made once and kept current by its bindings.
    static func bound(content: any View, glyphs: Glyphs, _ bindings: WindowBinding...) -> Window {
        let window = Window(content: content, glyphs: glyphs)
        for binding in bindings {
            switch binding {
            case .title(let signal): signal.bind(window) { $0.title = $1 }
            case .message(let signal): signal.bind(window) { $0.message = $1 }
            case .hints(let signal): signal.bind(window) { $0.hints = $1 }
            case .overlay(let signal): signal.bind(window) { $0.overlay = $1 }
            }
        }
        return window
    }
}

extension SplitView {
    /// The split view with its focus bound.
    static func bound(master: any View, detail: any View, focus: Signal<SplitView.Pane>) -> SplitView {
        let split = SplitView(master: master, detail: detail)
        focus.bind(split) { $0.focus = $1 }
        return split
    }
}

extension NavigationStack {
    /// The navigation stack with its entries bound.
    static func bound(entries: Signal<[(title: String, view: any View)]>) -> NavigationStack {
        let stack = NavigationStack()
        entries.bind(stack) { $0.setEntries($1) }
        return stack
    }
}
