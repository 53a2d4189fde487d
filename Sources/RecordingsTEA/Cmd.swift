import Foundation

/// An effect that ``update(_:_:)`` asks for (Elm's `Cmd`): the driver performs it and reports back
/// with a ``Message``. Update itself never touches the store, the sound device or a file.
enum Cmd: Equatable {
    case createFolder(name: String, parent: UUID)
    case addRecording(id: UUID, name: String, parent: UUID)
    case rename(UUID, to: String)
    case delete(UUID)
    case startRecording(parent: UUID)
    case stopRecording
    case cancelRecording
    case discardAudio(UUID)
    case loadPlayer(UUID?, position: Double)
    case play
    case pause
    case seek(by: Double)
}

/// A source of messages the driver keeps running while the state asks for it (Elm's `Sub`).
enum Subscription: Hashable {
    /// The store's changes, this instance's and others'.
    case storeChanges
    /// Playback position, every tick while playing.
    case playbackClock
    /// Recording time, every tick while recording.
    case recordingClock
}

/// The subscriptions the state asks for.
func subscriptions(_ state: AppState) -> Set<Subscription> {
    var subscriptions: Set<Subscription> = [.storeChanges]
    if state.play?.isPlaying == true { subscriptions.insert(.playbackClock) }
    if case .record = state.modal { subscriptions.insert(.recordingClock) }
    return subscriptions
}
