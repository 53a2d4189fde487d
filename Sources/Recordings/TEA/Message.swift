import Foundation
import RecordingsModel
import RecordingsUI

/// Everything that can happen to the app: what the user did (through the widgets' events or a key
/// command) and what an effect reported back.
enum Message: Equatable {
    // The user
    /// Any key: the message line is cleared.
    case keyPressed
    case command(Command)
    case selected(folder: UUID, index: Int)
    case opened(folder: UUID, index: Int)
    case wentBack
    case textChanged(String)
    case dialogConfirmed(String)
    case dialogCancelled
    case resized(width: Int, height: Int)

    // Effects reporting back
    case storeChanged([StoreChange], tree: ItemTree, available: Set<UUID>)
    case storeRefused(String)
    case nameRefused(String)
    case dialogDone
    case renamed
    case recordingStarted(id: UUID, parent: UUID)
    case recordingFailed(String)
    case recordingProgressed(elapsed: Double)
    case recordingStopped(id: UUID, parent: UUID)
    case playerLoaded(duration: Double?)
    case playbackProgressed(position: Double, isPlaying: Bool)
    case playbackFailed(String)
}
