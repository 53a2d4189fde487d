import RecordingsUI
import TerminalKit

/// The play pane bound to a ``PlayViewModel``; renaming edits the name field and hands the text to
/// the view model.
@MainActor
final class PlayViewController {
    let viewModel: PlayViewModel
    let pane = PlayPane()
    private(set) var isRenaming = false
    private var bindings: [ObservedUpdate] = []

    init(viewModel: PlayViewModel) {
        self.viewModel = viewModel
        bindings = [
            ObservedUpdate { [weak self] in
                guard let self else { return }
                pane.isEmpty = viewModel.isEmpty
                if !isRenaming { pane.nameField.text = viewModel.name }
            },
            ObservedUpdate { [weak self] in self?.pane.show(viewModel.playback) },
        ]
    }

    func refresh() {
        if viewModel.isEmpty && isRenaming { finishRenaming() }
        for binding in bindings { binding.refresh() }
    }

    func startRenaming() {
        guard !viewModel.isEmpty else { return }
        isRenaming = true
        pane.nameField.isEditing = true
    }

    /// Keys while renaming; returns a message to show (an empty name).
    func handleRenaming(_ key: Key) -> String? {
        switch Keymap.command(for: key, in: .text) {
        case .confirm:
            do {
                try viewModel.rename(to: pane.nameField.text)
                finishRenaming()
            } catch {
                return error.message
            }
        case .cancel: finishRenaming()
        default: _ = pane.nameField.handle(key)
        }
        return nil
    }

    private func finishRenaming() {
        isRenaming = false
        pane.nameField.isEditing = false
        pane.nameField.text = viewModel.name
    }
}
