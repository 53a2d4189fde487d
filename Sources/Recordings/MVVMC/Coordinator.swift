import RecordingsModel
import RecordingsUI
import TerminalKit

/// Owns navigation (the original's `Coordinator`): which folders are pushed, what the play pane shows,
/// which pane has the focus, and which dialog or modal is up. View controllers report to it; view
/// models never see it.
@MainActor
final class Coordinator {
    let environment: RecordingsEnvironment
    let window: Window
    let split: SplitView
    let stack = NavigationStack()
    private(set) var folderControllers: [FolderViewController] = []
    let playViewController: PlayViewController
    private(set) var recordViewController: RecordViewController?

    init(environment: RecordingsEnvironment) {
        self.environment = environment
        playViewController = PlayViewController(viewModel: PlayViewModel(environment: environment))
        split = SplitView(master: stack, detail: playViewController.pane)
        window = Window(content: split, glyphs: environment.glyphs)
        push(environment.store.tree.root)
    }

    /// The folder on top.
    var top: FolderViewController? { folderControllers.last }

    func push(_ folder: Item) {
        let controller = FolderViewController(
            viewModel: FolderViewModel(folder: folder, store: environment.store, glyphs: environment.glyphs))
        controller.delegate = self
        controller.refresh()
        folderControllers.append(controller)
        stack.push(controller.listView, title: controller.viewModel.title)
    }

    func popFolder() {
        guard folderControllers.count > 1 else { return }
        folderControllers.removeLast()
        stack.pop()
    }

    func showRecording(_ item: Item) {
        playViewController.viewModel.recording = item
        split.focus = .detail
    }

    func show(message: String?) { window.message = message }

    // MARK: Dialogs and the record modal

    func createFolder() {
        guard let folder = top?.viewModel else { return }
        let dialog = Dialog.askingName(Strings.createFolder)
        dialog.onConfirm = { [weak self, weak dialog] text in
            do throws(StoreError) {
                try folder.createFolder(named: text)
                self?.dismiss()
            } catch {
                dialog?.message = error.message
            }
        }
        dialog.onCancel = { [weak self] in self?.dismiss() }
        window.overlay = dialog
    }

    func confirmDeletion() {
        guard let controller = top, let item = controller.selectedItem else { return }
        let delete = { [weak self] in
            do throws(StoreError) {
                try controller.viewModel.delete(item)
            } catch {
                self?.show(message: Strings.cannotSave(error.message))
            }
        }
        guard controller.viewModel.needsConfirmation(toDelete: item) else { return delete() }
        let dialog = Dialog.confirmingDeletion(ofFolder: item.name)
        dialog.onConfirm = { [weak self] _ in
            self?.dismiss()
            delete()
        }
        dialog.onCancel = { [weak self] in self?.dismiss() }
        window.overlay = dialog
    }

    func startRecording() {
        guard let folder = top?.viewModel.folder else { return }
        do {
            let controller = RecordViewController(
                viewModel: try RecordViewModel(folderID: folder.id, environment: environment))
            controller.modal.onConfirm = { [weak self] in self?.finishRecording() }
            controller.modal.onCancel = { [weak self] in
                self?.recordViewController?.viewModel.cancel()
                self?.dismiss()
            }
            recordViewController = controller
            window.overlay = controller.modal
        } catch {
            show(message: Strings.cannotRecord(error.message))
        }
    }

    private func finishRecording() {
        guard let recording = recordViewController?.viewModel else { return }
        dismiss()
        if let message = recording.stop() { return show(message: message) }
        let dialog = Dialog.askingName(Strings.saveRecording)
        dialog.onConfirm = { [weak self, weak dialog] text in
            do throws(StoreError) {
                try recording.save(named: text)
                self?.dismiss()
            } catch {
                dialog?.message = error.message
            }
        }
        dialog.onCancel = { [weak self] in
            recording.discard()
            self?.dismiss()
        }
        window.overlay = dialog
    }

    func dismiss() {
        window.overlay = nil
        recordViewController = nil
    }

    /// Before drawing: view controllers catch up with their view models (and may report a deletion).
    func refresh() {
        for controller in folderControllers { controller.refresh() }
        for controller in folderControllers {
            stack.setTitle(controller.viewModel.title, of: controller.listView)
        }
        playViewController.refresh()
        if let recording = recordViewController {
            recording.refresh()
            if let failure = recording.viewModel.failure {
                dismiss()
                show(message: failure)
            }
        }
        if let failure = playViewController.viewModel.failure {
            playViewController.viewModel.acknowledgeFailure()
            show(message: failure)
        }
        top?.listView.isFocused = split.focus == .master
        playViewController.pane.isFocused = split.focus == .detail
    }
}

extension Coordinator: FolderViewControllerDelegate {
    func folderViewController(_ controller: FolderViewController, didOpen item: Item) {
        if item.isFolder {
            top?.listView.isFocused = false
            push(item)
        } else {
            showRecording(item)
        }
    }

    func folderViewControllerDidGoBack(_ controller: FolderViewController) {
        popFolder()
    }

    /// The folder is gone: pop back to the nearest folder that still exists.
    func folderViewControllerFolderWasDeleted(_ controller: FolderViewController) {
        guard let index = folderControllers.firstIndex(where: { $0 === controller }), index > 0 else {
            return
        }
        folderControllers.removeSubrange(index...)
        stack.setEntries(folderControllers.map { ($0.viewModel.title, $0.listView) })
    }
}
