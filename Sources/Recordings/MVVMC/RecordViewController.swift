import RecordingsUI
import TerminalKit

/// The record modal bound to a ``RecordViewModel``.
@MainActor
final class RecordViewController {
    let viewModel: RecordViewModel
    let pane = RecordPane()
    let modal: Modal
    private var binding: ObservedUpdate?

    init(viewModel: RecordViewModel) {
        self.viewModel = viewModel
        modal = pane.modal()
        binding = ObservedUpdate { [weak self] in
            guard let self else { return }
            pane.elapsedLabel.text = viewModel.elapsedText
        }
    }

    func refresh() { binding?.refresh() }
}
