import Foundation
import RecordingsModel
import RecordingsUI
import TerminalKit

/// The root controller of MVC+VS: whenever the view state or the document changes, it sets every view
/// from them — the folder stack, the focus, the play pane, the dialog or modal — reusing the
/// controllers it already has. It never changes a view in answer to a key: keys become actions.
@MainActor
final class SplitViewController {
    let viewState: ViewStateStore
    let window: Window
    let split: SplitView
    let stack = NavigationStack()
    let playViewController: PlayViewController
    let recordViewController: RecordViewController
    let historyViewController: HistoryViewController
    private(set) var folderControllers: [FolderViewController] = []
    private var dialog: (dialog: Dialog, key: String)?
    private let environment: RecordingsEnvironment
    private var documentObservation: StoreObservation?
    private var isUpdating = false
    private var needsUpdate = false

    init(environment: RecordingsEnvironment) {
        self.environment = environment
        viewState = ViewStateStore(documents: environment.store, restoration: environment.restoration)
        playViewController = PlayViewController(viewState: viewState, environment: environment)
        recordViewController = RecordViewController(viewState: viewState, audio: environment.audio)
        historyViewController = HistoryViewController(viewState: viewState)
        viewState.playerPosition = { [playViewController] in playViewController.position }
        split = SplitView(master: stack, detail: playViewController.pane)
        window = Window(content: split, glyphs: environment.glyphs)
        viewState.observe { [weak self] state in self?.update(from: state) }
        documentObservation = environment.store.observe { [weak self] _ in
            guard let self else { return }
            update(from: viewState.state)
        }
    }

    /// The list on top of the stack.
    var top: FolderViewController? { folderControllers.last }

    /// Sets every view from the view state. A controller may act while its view is set (a device that
    /// cannot record); the views are then set again from the newest state, never left on an older one.
    func update(from state: ViewState) {
        if isUpdating {
            needsUpdate = true
            return
        }
        isUpdating = true
        defer { isUpdating = false }
        repeat {
            needsUpdate = false
            apply(viewState.state)
        } while needsUpdate
    }

    private func apply(_ state: ViewState) {
        folderControllers = state.folders.map { folder in
            folderControllers.first { $0.folderID == folder.folderID }
                ?? FolderViewController(
                    folderID: folder.folderID, viewState: viewState, glyphs: environment.glyphs)
        }
        for (controller, folder) in zip(folderControllers, state.folders) {
            controller.update(from: folder, isFocused: controller === top && !state.playHasFocus)
        }
        stack.setEntries(folderControllers.map { ($0.title, $0.listView) })
        split.focus = state.playHasFocus ? .detail : .master
        playViewController.update(from: state)
        recordViewController.update(from: state)
        window.message = state.message
        window.overlay = overlay(for: state)
    }

    private func overlay(for state: ViewState) -> (any Overlay)? {
        if state.recordView != nil { return recordViewController.modal }
        if let alert = state.textAlert { return textDialog(for: alert) }
        if let id = state.deleteConfirmation, let item = environment.store.item(id) {
            return deleteDialog(for: item)
        }
        dialog = nil
        return historyViewController.isVisible ? historyViewController : nil
    }

    /// The dialog for a text alert, made once per alert and then kept in step with it.
    private func textDialog(for alert: TextAlertState) -> Dialog {
        let key = "\(alert.purpose)"
        let names = if case .newFolder = alert.purpose { Strings.createFolder } else { Strings.saveRecording }
        let shown = dialog?.key == key ? dialog?.dialog : nil
        let dialog = shown ?? Dialog.askingName(names)
        if shown == nil {
            dialog.field?.onChange = { [weak self] text in self?.viewState.apply { $0.textAlert?.text = text }
            }
            dialog.onConfirm = { [weak self] text in self?.confirm(alert.purpose, text: text) }
            dialog.onCancel = { [weak self] in self?.cancel(alert.purpose) }
            self.dialog = (dialog, key)
        }
        dialog.field?.text = alert.text
        dialog.message = alert.message
        return dialog
    }

    private func deleteDialog(for item: Item) -> Dialog {
        let key = "delete \(item.id)"
        if let dialog, dialog.key == key { return dialog.dialog }
        let dialog = Dialog.confirmingDeletion(ofFolder: item.name)
        dialog.onConfirm = { [weak self] _ in
            guard let self else { return }
            viewState.apply { $0.deleteConfirmation = nil }
            do throws(StoreError) {
                try environment.store.delete(item.id)
            } catch {
                viewState.apply { $0.message = Strings.cannotSave(error.message) }
            }
        }
        dialog.onCancel = { [weak self] in self?.viewState.apply { $0.deleteConfirmation = nil } }
        self.dialog = (dialog, key)
        return dialog
    }

    private func confirm(_ purpose: TextAlertState.Purpose, text: String) {
        let store = environment.store
        do throws(StoreError) {
            switch purpose {
            case .newFolder(let parent): try store.newFolder(named: text, in: parent)
            case .saveRecording(let id, let parent): try store.addRecording(id: id, named: text, in: parent)
            }
            viewState.apply { $0.textAlert = nil }
        } catch {
            viewState.apply { $0.textAlert?.message = error.message }
        }
    }

    private func cancel(_ purpose: TextAlertState.Purpose) {
        if case .saveRecording(let id, _) = purpose { unlink(environment.store.audioPath(for: id)) }
        viewState.apply { $0.textAlert = nil }
    }
}
