import AudioKit
import Foundation
import Observation
import RecordingsAudio
import RecordingsModel
import RecordingsUI

/// A recording in progress (the original's `RecordViewModel`): the elapsed time as text, and the
/// steps — stop, save under a name, or discard — with what went wrong as a message.
@MainActor
@Observable
final class RecordViewModel {
    private(set) var elapsedText = TimeFormat.string(0)
    /// Set when the device failed during the recording.
    private(set) var failure: String?
    @ObservationIgnored private let recorder: any AudioRecorder
    @ObservationIgnored private let recordingID: UUID
    @ObservationIgnored private let folderID: UUID
    @ObservationIgnored private let store: RecordingsStore

    /// Starts recording into a folder at once.
    init(folderID: UUID, environment: RecordingsEnvironment) throws(AudioError) {
        recordingID = UUID()
        self.folderID = folderID
        store = environment.store
        recorder = try environment.audio.startRecording(to: environment.store.audioPath(for: recordingID))
    }

    func update() {
        if let error = recorder.failure, failure == nil {
            recorder.cancel()
            failure = Strings.cannotRecord(error.message)
            return
        }
        let text = TimeFormat.string(recorder.elapsed)
        if elapsedText != text { elapsedText = text }
    }

    /// Stops recording; returns a message when the file could not be completed.
    func stop() -> String? {
        do {
            _ = try recorder.stop()
            return nil
        } catch {
            return Strings.cannotRecord(error.message)
        }
    }

    /// Adds the recording under a name; on failure the audio stays until ``discard()``.
    func save(named name: String) throws(StoreError) {
        try store.addRecording(id: recordingID, named: name, in: folderID)
    }

    /// Throws the audio away (Esc while recording, or Cancel at the name).
    func discard() {
        unlink(store.audioPath(for: recordingID))
    }

    /// Stops and throws the audio away.
    func cancel() { recorder.cancel() }
}
