import Foundation
import RecordingsModel
import RecordingsUI
import TerminalKit

/// Every view of the app, each constructed once from a list of bindings to the model adapters — no
/// controllers. A folder's list is made when the folder is opened and dropped, with its signals, when
/// it is left or removed (opening it again starts at its first row); a dialog is made when it is
/// presented.
@MainActor
final class MAVBViews {
    let adapters: Adapters
    let size: Signal<(width: Int, height: Int)>
    private var folderLists: [UUID: (list: ListView, focus: Signal<Bool>)] = [:]
    private var presented: (SplitViewState.Presentation, any Overlay)?
    private(set) lazy var playPane = makePlayPane()
    private(set) lazy var window = makeWindow()
    private(set) var split = SplitView(master: Label(), detail: Label())

    /// The adapters the views are bound to.
    struct Adapters {
        let store: StoreAdapter
        let viewState: ViewStateAdapter
        let player: PlayerAdapter
        let actions: Actions
    }

    init(adapters: Adapters, size: Signal<(width: Int, height: Int)>) {
        self.adapters = adapters
        self.size = size
    }

    private var state: Signal<SplitViewState> { adapters.viewState.state }
    private var glyphs: Glyphs { adapters.actions.environment.glyphs }

    /// The list of a folder, made once while the folder stays open.
    func folderList(_ folderID: UUID, selecting child: UUID? = nil) -> ListView {
        if let list = folderLists[folderID] { return list.list }
        let focus = state.map { !$0.playHasFocus && $0.folders.last == folderID }
        let list = ListView.bound(
            .rows(adapters.store.rows(of: folderID)),
            .initialSelection(child),
            .emptyText(Strings.emptyFolder),
            .isFocused(focus),
            .onOpen { [adapters] item in adapters.viewState.open(item) },
            .onBack { [adapters] in adapters.viewState.back() })
        folderLists[folderID] = (list, focus)
        return list
    }

    /// Drops the lists (and their signals) of folders no longer open.
    private func dropLists(except open: [UUID]) {
        for folderID in folderLists.keys where !open.contains(folderID) {
            folderLists.removeValue(forKey: folderID)?.focus.detach()
            adapters.store.forgetRows(of: folderID)
        }
    }

    /// The list on top of the navigation stack.
    var topList: ListView? { folderLists[adapters.viewState.openFolder]?.list }

    /// The item selected in each open folder's list.
    var selections: [UUID: UUID] {
        var selections: [UUID: UUID] = [:]
        for (folderID, entry) in folderLists {
            let items = adapters.store.store.contents(of: folderID)
            if let index = entry.list.selectedIndex, items.indices.contains(index) {
                selections[folderID] = items[index].id
            }
        }
        return selections
    }

    private func makePlayPane() -> PlayPane {
        let store = adapters.store.store
        let recording: Signal<Item?> = state.combine(adapters.store.changes).map { state, _ in
            state.recording.flatMap { store.item($0) }
        }
        let name: Signal<String> = state.combine(recording).map { state, item in
            state.renaming ?? item?.name ?? ""
        }
        let playback: Signal<PlaybackDisplay> = recording.combine(adapters.player.playback).map {
            item, playback in PlaybackDisplay(playback, recordingShown: item != nil)
        }
        return PlayPane.bound(
            .isEmpty(recording.map { $0 == nil }),
            .name(name),
            .isEditingName(state.map { $0.renaming != nil }),
            .onNameChange { [adapters] text in adapters.viewState.setRenaming(text) },
            .playback(playback),
            .isFocused(state.map(\.playHasFocus)))
    }

    private func makeWindow() -> Window {
        let stack = NavigationStack.bound(
            entries: state.combine(adapters.store.changes).map { [weak self] state, _ in
                guard let self else { return [] }
                dropLists(except: state.folders)
                return state.folders.map { id in
                    (adapters.store.store.item(id).map(Strings.title(of:)) ?? "", folderList(id) as any View)
                }
            })
        split = SplitView.bound(
            master: stack, detail: playPane, focus: state.map { $0.playHasFocus ? .detail : .master })
        let glyphs = glyphs
        let store = adapters.store.store
        let title: Signal<String> = state.combine(adapters.store.changes).map { state, _ in
            Strings.path(state.folders.compactMap { store.item($0) }.map(Strings.title(of:)), glyphs: glyphs)
        }
        return Window.bound(
            content: split, glyphs: glyphs,
            .title(title),
            .message(state.map(\.message)),
            .hints(
                state.combine(size).map { state, size in
                    Keymap.hints(for: Self.context(of: state), glyphs: glyphs, width: size.width)
                }),
            .overlay(state.map { [weak self] in self?.overlay(for: $0.presentation) }))
    }

    static func context(of state: SplitViewState) -> Keymap.Context {
        switch state.presentation {
        case .record: .recording
        case .some: .text
        case nil: state.renaming != nil ? .text : state.playHasFocus ? .play : .list
        }
    }

    /// The view for what is presented, made once per presentation.
    private func overlay(for presentation: SplitViewState.Presentation?) -> (any Overlay)? {
        guard let presentation else {
            presented = nil
            return nil
        }
        if let presented, presented.0 == presentation { return presented.1 }
        let view = makeOverlay(presentation)
        presented = view.map { (presentation, $0) }
        return view
    }

    private func makeOverlay(_ presentation: SplitViewState.Presentation) -> (any Overlay)? {
        let actions = adapters.actions
        switch presentation {
        case .newFolder(let parent):
            return Dialog.bound(
                Strings.createFolder,
                onConfirm: { text in actions.createFolder(named: text, in: parent) },
                onCancel: { actions.dismiss() })
        case .record:
            guard let recorder = actions.recorder else { return nil }
            let pane = RecordPane()
            recorder.elapsed.map(TimeFormat.string).bind(pane) { $0.elapsedLabel.text = $1 }
            let modal = pane.modal()
            modal.onConfirm = { actions.stopRecording() }
            modal.onCancel = { actions.cancelRecording() }
            return modal
        case .saveRecording(let id, let parent):
            return Dialog.bound(
                Strings.saveRecording,
                onConfirm: { text in actions.saveRecording(id, named: text, in: parent) },
                onCancel: { actions.discardRecording(id) })
        case .confirmDelete(let item):
            let dialog = Dialog.confirmingDeletion(ofFolder: item.name)
            dialog.onConfirm = { _ in
                actions.dismiss()
                actions.delete(item)
            }
            dialog.onCancel = { actions.dismiss() }
            return dialog
        }
    }
}

extension Dialog {
    /// A name dialog whose confirm action answers with a refusal to show (or `nil` when it is done).
    static func bound(
        _ texts: (title: String, placeholder: String, confirm: String),
        onConfirm: @escaping (String) -> String?, onCancel: @escaping () -> Void
    ) -> Dialog {
        let dialog = Dialog.askingName(texts)
        dialog.onConfirm = { [weak dialog] text in dialog?.message = onConfirm(text) }
        dialog.onCancel = onCancel
        return dialog
    }
}
