import AudioKit
import Foundation
import RecordingsAudio
import RecordingsModel
import RecordingsUI

/// The actions that action bindings and keys send: each changes the store or the view state through
/// the adapters, and says what went wrong as a message.
@MainActor
final class Actions {
    let environment: RecordingsEnvironment
    private let viewState: ViewStateAdapter
    private(set) var recorder: RecorderAdapter?

    init(environment: RecordingsEnvironment, viewState: ViewStateAdapter) {
        self.environment = environment
        self.viewState = viewState
    }

    private var store: RecordingsStore { environment.store }

    func dismiss() { viewState.present(nil) }

    /// Creates a folder; returns why not, for the dialog.
    func createFolder(named name: String, in parent: UUID) -> String? {
        do throws(StoreError) {
            try store.newFolder(named: name, in: parent)
            dismiss()
            return nil
        } catch {
            return error.message
        }
    }

    func startRecording() {
        let id = UUID()
        do {
            recorder = try RecorderAdapter(id: id, environment: environment)
            viewState.present(.record(id: id, parent: viewState.openFolder))
        } catch {
            viewState.show(message: Strings.cannotRecord(error.message))
        }
    }

    func stopRecording() {
        guard let recorder, case .record(let id, let parent) = viewState.state.value.presentation else {
            return
        }
        self.recorder = nil
        do {
            try recorder.stop()
            viewState.present(.saveRecording(id: id, parent: parent))
        } catch {
            dismiss()
            viewState.show(message: Strings.cannotRecord(error.message))
        }
    }

    func cancelRecording() {
        recorder?.cancel()
        recorder = nil
        dismiss()
    }

    /// Ends a recording the device gave up on.
    func recordingFailed(_ error: AudioError) {
        cancelRecording()
        viewState.show(message: Strings.cannotRecord(error.message))
    }

    /// Names and adds the recording; returns why not, for the dialog.
    func saveRecording(_ id: UUID, named name: String, in parent: UUID) -> String? {
        do throws(StoreError) {
            try store.addRecording(id: id, named: name, in: parent)
            dismiss()
            return nil
        } catch {
            return error.message
        }
    }

    func discardRecording(_ id: UUID) {
        unlink(store.audioPath(for: id))
        dismiss()
    }

    /// `d`: a recording or an empty folder goes at once; a folder with things in it asks first.
    func requestDeletion(of item: Item) {
        if item.isFolder && !store.contents(of: item.id).isEmpty {
            viewState.present(.confirmDelete(item))
        } else {
            delete(item)
        }
    }

    func delete(_ item: Item) {
        do throws(StoreError) {
            try store.delete(item.id)
        } catch {
            viewState.show(message: Strings.cannotSave(error.message))
        }
    }

    /// Enter while renaming: an empty name is refused with a message.
    func finishRenaming() {
        guard let id = viewState.state.value.recording else { return }
        do throws(StoreError) {
            try store.rename(id, to: viewState.state.value.renaming ?? "")
            viewState.setRenaming(nil)
        } catch {
            viewState.show(message: error.message)
        }
    }
}
