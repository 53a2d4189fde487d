import Foundation
import RecordingsModel
import RecordingsUI
import TerminalKit

/// The model adapter over the store (the original's `StoreAdapter`): signals of what views show — a
/// folder's rows, an item — that follow the store's notifications, and the store's edits as plain
/// functions for action bindings.
@MainActor
final class StoreAdapter {
    let store: RecordingsStore
    /// Each change, as it happens.
    let changes = Signal<StoreChange?>(nil)
    private let glyphs: Glyphs
    private var contentsSignals: [UUID: Signal<FolderRows>] = [:]
    private var observation: StoreObservation?

    /// A folder's rows with the ids behind them.
    struct FolderRows {
        var rows: [ListRow]
        var items: [Item]
    }

    init(store: RecordingsStore, glyphs: Glyphs) {
        self.store = store
        self.glyphs = glyphs
        observation = store.observe { [weak self] change in self?.changes.send(change) }
    }

    /// The rows of a folder, kept current (one signal per folder).
    func rows(of folderID: UUID) -> Signal<FolderRows> {
        if let signal = contentsSignals[folderID] { return signal }
        let signal = changes.map { [store, glyphs] _ in
            let items = store.contents(of: folderID)
            let rows = items.map {
                Strings.row(
                    for: $0, isAvailable: $0.isFolder || store.isAudioAvailable($0.id), glyphs: glyphs)
            }
            return FolderRows(rows: rows, items: items)
        }
        contentsSignals[folderID] = signal
        return signal
    }

    /// Drops the rows signal of a folder no list shows any more.
    func forgetRows(of folderID: UUID) {
        contentsSignals.removeValue(forKey: folderID)?.detach()
    }
}
