import AudioKit
import Foundation
import RecordingsAudio
import RecordingsModel
import RecordingsUI

/// Performing commands: the only place TEA touches the store, the sound device and files.
extension Driver {
    func run(_ command: Cmd) {
        let store = environment.store
        switch command {
        case .createFolder(let name, let parent):
            storeEdit(inDialog: true) { () throws(StoreError) in
                _ = try store.newFolder(named: name, in: parent)
            } done: {
                .dialogDone
            }
        case .addRecording(let id, let name, let parent):
            storeEdit(inDialog: true) { () throws(StoreError) in
                _ = try store.addRecording(id: id, named: name, in: parent)
            } done: {
                .dialogDone
            }
        case .rename(let id, let name):
            storeEdit(inDialog: true) { () throws(StoreError) in
                try store.rename(id, to: name)
            } done: {
                .renamed
            }
        case .delete(let id):
            storeEdit { () throws(StoreError) in
                try store.delete(id)
            } done: {
                nil
            }
        case .startRecording(let parent):
            let id = UUID()
            do {
                recorder = (try environment.audio.startRecording(to: store.audioPath(for: id)), id, parent)
                send(.recordingStarted(id: id, parent: parent))
            } catch {
                send(.recordingFailed(error.message))
            }
        case .stopRecording:
            guard let (recording, id, parent) = recorder else { return }
            recorder = nil
            do {
                _ = try recording.stop()
                send(.recordingStopped(id: id, parent: parent))
            } catch {
                send(.recordingFailed(error.message))
            }
        case .cancelRecording:
            recorder?.recorder.cancel()
            recorder = nil
        case .discardAudio(let id):
            unlink(store.audioPath(for: id))
        case .loadPlayer(let id, let position):
            player?.stop()
            player = id.flatMap { environment.player(for: $0) }
            player?.seek(to: position)
            send(.playerLoaded(duration: player?.duration))
            reportPlayback()
        case .play:
            do {
                try player?.play()
            } catch {
                send(.playbackFailed(error.message))
            }
            reportPlayback()
        case .pause:
            player?.pause()
            reportPlayback()
        case .seek(let seconds):
            player?.seek(by: seconds)
            reportPlayback()
        case .jump(let seconds):
            player?.seek(to: seconds)
            reportPlayback()
        }
    }

    private func reportPlayback() {
        guard let player else { return }
        send(.playbackProgressed(position: player.position, isPlaying: player.isPlaying))
    }

    /// Runs a store edit: success sends `done`. A failed edit made in a dialog (or the name field) is a
    /// refusal shown there — the dialog stays open; any other is a message.
    private func storeEdit(
        inDialog: Bool = false, _ edit: () throws(StoreError) -> Void, done: () -> Message?
    ) {
        do {
            try edit()
            if let message = done() { send(message) }
        } catch {
            send(inDialog ? .nameRefused(error.message) : .storeRefused(Strings.cannotSave(error.message)))
        }
    }
}
