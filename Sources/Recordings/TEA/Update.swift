import Foundation
import RecordingsModel
import RecordingsUI

/// The app's one update function: the next state for a message, and the effects to perform. It is
/// pure — no store, no device, no clock — so every behaviour is a table of (state, message) → (state,
/// commands).
func update(_ state: inout AppState, _ message: Message) -> [Cmd] {
    switch message {
    case .keyPressed:
        state.message = nil
    case .command(let command):
        return perform(command, &state)
    case .selected(let folder, let index):
        state.selections[folder] = state.tree.contents(of: folder)[safe: index]?.id
    case .opened(let folder, let index):
        guard let item = state.tree.contents(of: folder)[safe: index] else { return [] }
        if item.isFolder {
            state.path.append(item.id)
            state.selections[item.id] = state.tree.contents(of: item.id).first?.id
            return []
        }
        state.playHasFocus = true
        guard state.play?.recording != item.id else { return [] }
        state.play = AppState.PlayState(recording: item.id)
        state.renaming = nil
        return [.loadPlayer(item.id, position: 0)]
    case .wentBack:
        if state.path.count > 1 { state.path.removeLast() }
    case .textChanged(let text):
        switch state.modal {
        case .newFolder(let parent, _, let refusal):
            state.modal = .newFolder(parent: parent, text: text, refusal: refusal)
        case .saveRecording(let id, let parent, _, let refusal):
            state.modal = .saveRecording(id: id, parent: parent, text: text, refusal: refusal)
        default: if state.renaming != nil { state.renaming = text }
        }
    case .dialogConfirmed(let text):
        switch state.modal {
        case .newFolder(let parent, _, _): return [.createFolder(name: text, parent: parent)]
        case .saveRecording(let id, let parent, _, _):
            return [.addRecording(id: id, name: text, parent: parent)]
        case .confirmDelete(let item):
            state.modal = nil
            return [.delete(item.id)]
        case .record: return [.stopRecording]
        case nil: return []
        }
    case .dialogCancelled:
        defer { state.modal = nil }
        switch state.modal {
        case .saveRecording(let id, _, _, _): return [.discardAudio(id)]
        case .record: return [.cancelRecording]
        default: return []
        }
    case .resized(let width, let height):
        state.size = AppState.Size(width: width, height: height)
    default:
        return report(message, &state)
    }
    return []
}

/// A key command.
private func perform(_ command: Command, _ state: inout AppState) -> [Cmd] {
    switch command {
    case .quit: state.wantsToQuit = true
    case .newFolder: state.modal = .newFolder(parent: state.openFolder, text: "", refusal: nil)
    case .newRecording: return [.startRecording(parent: state.openFolder)]
    case .delete:
        guard let item = state.selectedItem else { return [] }
        if item.isFolder && !state.tree.contents(of: item.id).isEmpty {
            state.modal = .confirmDelete(item)
            return []
        }
        return [.delete(item.id)]
    case .switchFocus: state.playHasFocus.toggle()
    case .back: state.playHasFocus = false
    case .togglePlay:
        guard let play = state.play, play.duration != nil else { return [] }
        return [play.isPlaying ? .pause : .play]
    case .seekBackward: return state.play?.duration == nil ? [] : [.seek(by: -Command.seekStep)]
    case .seekForward: return state.play?.duration == nil ? [] : [.seek(by: Command.seekStep)]
    case .jump(let fraction):
        guard let duration = state.play?.duration else { return [] }
        return [.jump(to: fraction * duration)]
    case .rename:
        guard let play = state.play, let item = state.tree.item(play.recording) else { return [] }
        state.renaming = item.name
    case .confirm:
        guard let text = state.renaming, let play = state.play else { return [] }
        return [.rename(play.recording, to: text)]
    case .cancel: state.renaming = nil
    case .history: break
    }
    return []
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
