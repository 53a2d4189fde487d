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
    case jump(to: Double)
}
