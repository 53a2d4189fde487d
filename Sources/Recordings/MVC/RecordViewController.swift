import Foundation
import RecordingsAudio
import RecordingsModel
import RecordingsUI
import TerminalKit

/// The record modal (the original's `RecordViewController`): starts recording at once, shows the
/// elapsed time, and on Stop asks for a name and adds the recording to the folder that was open.
/// Esc, or cancelling the name, discards the audio file.
@MainActor
final class RecordViewController {
    private let recorder: any AudioRecorder
    private let recordingID: UUID
    private let folder: Item
    private let pane = RecordPane()
    private weak var app: MVCApp?

    private init(recorder: any AudioRecorder, recordingID: UUID, folder: Item, app: MVCApp) {
        self.recorder = recorder
        self.recordingID = recordingID
        self.folder = folder
        self.app = app
    }

    /// Starts recording into `folder` and presents the modal; a device problem is one message instead.
    static func start(in folder: Item, app: MVCApp) {
        let id = UUID()
        do {
            let recorder = try app.environment.audio.startRecording(
                to: app.environment.store.audioPath(for: id))
            let controller = RecordViewController(
                recorder: recorder, recordingID: id, folder: folder, app: app)
            let modal = controller.pane.modal()
            modal.onConfirm = { [weak controller] in controller?.stop() }
            modal.onCancel = { [weak controller] in controller?.cancel() }
            app.present(modal, recording: controller)
        } catch {
            app.show(message: Strings.cannotRecord(error.message))
        }
    }

    /// Keeps the elapsed time current; a device failure ends the recording with a message.
    func tick() {
        if let failure = recorder.failure {
            recorder.cancel()
            app?.dismiss()
            app?.show(message: Strings.cannotRecord(failure.message))
            return
        }
        pane.elapsedLabel.text = TimeFormat.string(recorder.elapsed)
    }

    private func stop() {
        guard let app else { return }
        do {
            _ = try recorder.stop()
        } catch {
            app.dismiss()
            app.show(message: Strings.cannotRecord(error.message))
            return
        }
        let dialog = Dialog.askingName(Strings.saveRecording)
        let (store, id, folder) = (app.environment.store, recordingID, folder)
        dialog.onConfirm = { [weak app, weak dialog] text in
            // A refused name or a failing store leaves the dialog open with the reason: Cancel discards.
            do throws(StoreError) {
                try store.addRecording(id: id, named: text, in: folder.id)
                app?.dismiss()
            } catch {
                dialog?.message = error.message
            }
        }
        dialog.onCancel = { [weak app] in
            unlink(store.audioPath(for: id))
            app?.dismiss()
        }
        app.present(dialog)
    }

    /// Esc, or quitting while recording: the audio is thrown away.
    func cancel() {
        recorder.cancel()
        app?.dismiss()
    }
}
