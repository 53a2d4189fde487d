import Foundation
import RecordingsAudio
import RecordingsModel
import RecordingsUI
import TerminalKit

/// The record modal in MVC+VS: when the view state gains a record view, recording starts; Stop and
/// Esc are actions that replace it with the name dialog or with nothing.
@MainActor
final class RecordViewController {
    let pane = RecordPane()
    let modal: Modal
    private let viewState: ViewStateStore
    private let audio: any AudioSystem
    private var recorder: (any AudioRecorder)?
    private var recordingID: UUID?

    init(viewState: ViewStateStore, audio: any AudioSystem) {
        self.viewState = viewState
        self.audio = audio
        modal = pane.modal()
        modal.onConfirm = { [weak self] in self?.stop() }
        modal.onCancel = { [weak self] in self?.cancel() }
    }

    /// Starts or drops the recorder to match the view state.
    func update(from state: ViewState) {
        guard let record = state.recordView else {
            recorder?.cancel()
            (recorder, recordingID) = (nil, nil)
            return
        }
        guard record.recordingID != recordingID else { return }
        recordingID = record.recordingID
        do {
            recorder = try audio.startRecording(to: viewState.documents.audioPath(for: record.recordingID))
            tick()
        } catch {
            recorder = nil
            viewState.apply {
                $0.recordView = nil
                $0.message = Strings.cannotRecord(error.message)
            }
        }
    }

    /// Keeps the elapsed time current; a device failure ends the recording with a message.
    func tick() {
        guard let recorder else { return }
        if let failure = recorder.failure {
            cancel()
            viewState.apply { $0.message = Strings.cannotRecord(failure.message) }
            return
        }
        pane.elapsedLabel.text = TimeFormat.string(recorder.elapsed)
    }

    private func stop() {
        guard let recorder, let record = viewState.state.recordView else { return }
        self.recorder = nil
        do {
            _ = try recorder.stop()
            viewState.apply {
                $0.recordView = nil
                $0.textAlert = TextAlertState(
                    purpose: .saveRecording(id: record.recordingID, parent: record.parentID))
            }
        } catch {
            viewState.apply {
                $0.recordView = nil
                $0.message = Strings.cannotRecord(error.message)
            }
        }
    }

    /// Esc, or quitting while recording: the audio is thrown away.
    func cancel() {
        recorder?.cancel()
        recorder = nil
        viewState.apply { $0.recordView = nil }
    }
}
