import AudioKit
import Foundation
import RecordingsAudio
import RecordingsModel
import RecordingsUI

/// The model adapter for one recording in progress: the elapsed time as a signal; stop and cancel as
/// actions.
@MainActor
final class RecorderAdapter {
    let id: UUID
    let elapsed = Signal(0.0)
    private let recorder: any AudioRecorder

    init(id: UUID, environment: RecordingsEnvironment) throws(AudioError) {
        self.id = id
        recorder = try environment.audio.startRecording(to: environment.store.audioPath(for: id))
    }

    /// The device failure that ended the recording, if any.
    var failure: AudioError? { recorder.failure }

    func refresh() {
        if recorder.elapsed != elapsed.value { elapsed.send(recorder.elapsed) }
    }

    func stop() throws(AudioError) { _ = try recorder.stop() }
    func cancel() { recorder.cancel() }
}
