import Foundation
import RecordingsModel
import RecordingsUI

/// What effects reported back: the store changed, a name was refused, recording or playback moved on.
func report(_ message: Message, _ state: inout AppState) -> [Cmd] {
    switch message {
    case .storeChanged(let changes, let tree, let available):
        return storeChanged(changes, tree: tree, available: available, &state)
    case .storeRefused(let text):
        state.modal = nil
        state.message = text
    case .nameRefused(let text):
        switch state.modal {
        case .newFolder(let parent, let name, _):
            state.modal = .newFolder(parent: parent, text: name, refusal: text)
        case .saveRecording(let id, let parent, let name, _):
            state.modal = .saveRecording(id: id, parent: parent, text: name, refusal: text)
        default: state.message = text
        }
    case .dialogDone: state.modal = nil
    case .renamed: state.renaming = nil
    case .recordingStarted(let id, let parent): state.modal = .record(id: id, parent: parent, elapsed: 0)
    case .recordingFailed(let text):
        state.modal = nil
        state.message = Strings.cannotRecord(text)
    case .recordingProgressed(let elapsed):
        if case .record(let id, let parent, _) = state.modal {
            state.modal = .record(id: id, parent: parent, elapsed: elapsed)
        }
    case .recordingStopped(let id, let parent):
        state.modal = .saveRecording(id: id, parent: parent, text: "", refusal: nil)
    case .playerLoaded(let duration): state.play?.duration = duration
    case .playbackProgressed(let position, let isPlaying):
        state.play?.position = position
        state.play?.isPlaying = isPlaying
    case .playbackFailed(let text):
        state.message = Strings.cannotPlay(text)
        state.play?.isPlaying = false
    default: break
    }
    return []
}

/// The store changed: take in the new tree, keep each selection on its item (or on the row that took
/// its place), cut the path at a deleted folder, and clear the play pane if its recording went.
private func storeChanged(
    _ changes: [StoreChange], tree: ItemTree, available: Set<UUID>, _ state: inout AppState
) -> [Cmd] {
    state.tree = tree
    state.available = available
    for change in changes where state.path.contains(change.parentID) {
        let selected = state.selections[change.parentID]
        switch change.reason {
        case .removed where selected == change.item.id:
            let contents = tree.contents(of: change.parentID)
            let index = min(change.oldIndex ?? 0, contents.count - 1)
            state.selections[change.parentID] = index >= 0 ? contents[index].id : nil
        case .added where selected == nil:
            state.selections[change.parentID] = change.item.id
        default: break
        }
    }
    if let missing = state.path.firstIndex(where: { tree.item($0) == nil }) {
        state.path.removeSubrange(max(missing, 1)...)
    }
    if case .confirmDelete(let item) = state.modal, tree.item(item.id) == nil { state.modal = nil }
    guard let play = state.play, tree.item(play.recording) == nil else { return [] }
    state.play = nil
    state.renaming = nil
    return [.loadPlayer(nil, position: 0)]
}
