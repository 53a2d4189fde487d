import Foundation
import RecordingsModel
import RecordingsUI
import TerminalKit

/// The app's one view function: the screen for a state, as a ``VirtualView``. Like update, it is
/// pure.
func view(_ state: AppState, glyphs: Glyphs) -> VirtualView {
    let folders = state.path.compactMap { state.tree.item($0) }
    return VirtualView(
        title: Strings.path(folders.map(Strings.title(of:)), glyphs: glyphs),
        message: state.message,
        hints: Keymap.hints(for: context(state), glyphs: glyphs, width: state.size.width),
        folders: folders.map { folder in list(folder, state, glyphs: glyphs) },
        playHasFocus: state.playHasFocus,
        play: playPane(state),
        overlay: overlay(state))
}

private func context(_ state: AppState) -> Keymap.Context {
    switch state.modal {
    case .record: .recording
    case .some: .text
    case nil: state.renaming != nil ? .text : state.playHasFocus ? .play : .list
    }
}

private func list(_ folder: Item, _ state: AppState, glyphs: Glyphs) -> VirtualList {
    let items = state.tree.contents(of: folder.id)
    return VirtualList(
        folderID: folder.id, title: Strings.title(of: folder),
        rows: items.map {
            Strings.row(for: $0, isAvailable: $0.isFolder || state.available.contains($0.id), glyphs: glyphs)
        },
        identifiers: items.map(\.id),
        selectedIndex: items.firstIndex { $0.id == state.selections[folder.id] },
        isFocused: folder.id == state.openFolder && !state.playHasFocus)
}

private func playPane(_ state: AppState) -> VirtualPlayPane {
    var pane = VirtualPlayPane(isFocused: state.playHasFocus)
    guard let play = state.play, let item = state.tree.item(play.recording) else { return pane }
    pane.isEmpty = false
    pane.name = state.renaming ?? item.name
    pane.isEditingName = state.renaming != nil
    pane.playback = PlaybackDisplay(play.playback, recordingShown: true)
    return pane
}

private func overlay(_ state: AppState) -> VirtualOverlay? {
    switch state.modal {
    case nil: return nil
    case .newFolder(let parent, let text, let refusal):
        let names = Strings.createFolder
        return .textDialog(
            identity: "folder \(parent)", title: names.title, placeholder: names.placeholder,
            confirm: names.confirm,
            text: text, refusal: refusal)
    case .saveRecording(let id, _, let text, let refusal):
        let names = Strings.saveRecording
        return .textDialog(
            identity: "save \(id)", title: names.title, placeholder: names.placeholder,
            confirm: names.confirm, text: text,
            refusal: refusal)
    case .confirmDelete(let item):
        return .question(
            identity: "delete \(item.id)", title: Strings.deleteFolder.title,
            prompt: Strings.deleteFolderPrompt(item.name),
            confirm: Strings.deleteFolder.confirm)
    case .record(let id, _, let elapsed):
        return .record(identity: "record \(id)", elapsed: TimeFormat.string(elapsed))
    }
}
