import Foundation
import RecordingsUI
import TerminalKit

/// Diffing a ``VirtualView`` into the retained widgets: only what differs from the last one shown is
/// set, widgets are made when their virtual view first appears, and their events are wired to
/// messages then.
extension Driver {
    func apply(_ new: VirtualView) {
        let old = shown
        if old?.title != new.title { window.title = new.title }
        if old?.message != new.message { window.message = new.message }
        if old?.hints != new.hints { window.hints = new.hints }
        for list in new.folders where old?.folders.first(where: { $0.folderID == list.folderID }) != list {
            update(listView(list.folderID), to: list)
        }
        if old?.folders.map(\.folderID) != new.folders.map(\.folderID)
            || old?.folders.map(\.title) != new.folders.map(\.title)
        {
            stack.setEntries(
                new.folders.compactMap { list in lists[list.folderID].map { (list.title, $0 as any View) } })
            let open = Set(new.folders.map(\.folderID))
            lists = lists.filter { open.contains($0.key) }
        }
        if old?.playHasFocus != new.playHasFocus { split.focus = new.playHasFocus ? .detail : .master }
        if old?.play != new.play { update(playPane, to: new.play) }
        if old?.overlay != new.overlay { show(new.overlay) }
        shown = new
    }

    private func listView(_ folderID: UUID) -> ListView {
        if let list = lists[folderID] { return list }
        let list = ListView()
        list.emptyText = Strings.emptyFolder
        list.onSelect = { [weak self] index in self?.send(.selected(folder: folderID, index: index)) }
        list.onOpen = { [weak self] index in self?.send(.opened(folder: folderID, index: index)) }
        list.onBack = { [weak self] in self?.send(.wentBack) }
        lists[folderID] = list
        return list
    }

    private func update(_ list: ListView, to virtual: VirtualList) {
        list.setRows(virtual.rows, identifiers: virtual.identifiers)
        list.selectedIndex = virtual.selectedIndex
        list.isFocused = virtual.isFocused
    }

    private func update(_ pane: PlayPane, to virtual: VirtualPlayPane) {
        pane.isEmpty = virtual.isEmpty
        pane.nameField.text = virtual.name
        pane.nameField.isEditing = virtual.isEditingName
        pane.show(virtual.playback)
        pane.isFocused = virtual.isFocused
    }

    private func show(_ virtual: VirtualOverlay?) {
        guard let virtual else {
            overlay = nil
            window.overlay = nil
            return
        }
        if overlay?.identity != virtual.identity { overlay = make(virtual) }
        switch virtual {
        case .textDialog(_, _, _, _, let text, let refusal):
            guard let dialog = overlay?.widget as? Dialog else { break }
            dialog.field?.text = text
            dialog.message = refusal
        case .record(_, let elapsed):
            overlay?.recordPane?.elapsedLabel.text = elapsed
        case .question: break
        }
        window.overlay = overlay?.widget
    }

    /// The widget for an overlay that was not shown before.
    private func make(_ virtual: VirtualOverlay) -> (
        identity: String, widget: any Overlay, recordPane: RecordPane?
    ) {
        switch virtual {
        case .textDialog(let identity, let title, let placeholder, let confirm, _, _):
            let dialog = Dialog(title: title, placeholder: placeholder, confirm: confirm)
            wire(dialog)
            return (identity, dialog, nil)
        case .question(let identity, let title, let prompt, let confirm):
            let dialog = Dialog(title: title, prompt: prompt, confirm: confirm)
            wire(dialog)
            return (identity, dialog, nil)
        case .record(let identity, _):
            let pane = RecordPane()
            let modal = pane.modal()
            modal.onConfirm = { [weak self] in self?.send(.dialogConfirmed("")) }
            modal.onCancel = { [weak self] in self?.send(.dialogCancelled) }
            return (identity, modal, pane)
        }
    }

    private func wire(_ dialog: Dialog) {
        dialog.field?.onChange = { [weak self] text in self?.send(.textChanged(text)) }
        dialog.onConfirm = { [weak self] text in self?.send(.dialogConfirmed(text)) }
        dialog.onCancel = { [weak self] in self?.send(.dialogCancelled) }
    }
}
