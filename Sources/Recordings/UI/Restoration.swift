import Foundation
import RecordingsModel

/// What a cold start restores (the original's state restoration, plus the playback position it did
/// not keep): the open folder path, the recording in the play pane, and where it was, paused.
public struct Restoration: Codable, Sendable, Equatable {
    /// The open folders, root first.
    public var folderPath: [UUID]
    /// The recording shown in the play pane.
    public var recording: UUID?
    /// Its playback position in seconds.
    public var position: Double

    /// Creates a restoration state.
    public init(folderPath: [UUID], recording: UUID?, position: Double) {
        self.folderPath = folderPath
        self.recording = recording
        self.position = position
    }

    /// The folders of the path that still exist, root first: the path is cut at the first folder that
    /// is gone (or is no longer inside the one before it). Always at least the root.
    @MainActor
    public func folders(in store: RecordingsStore) -> [Item] {
        var folders = [store.tree.root]
        for id in folderPath.drop(while: { $0 == store.rootID }) {
            guard let item = store.item(id), item.isFolder, item.parentID == folders.last?.id else { break }
            folders.append(item)
        }
        return folders
    }

    /// The recording, if it still exists.
    @MainActor
    public func recording(in store: RecordingsStore) -> Item? {
        recording.flatMap { store.item($0) }.flatMap { $0.kind == .recording ? $0 : nil }
    }
}

/// `state.json` beside the store: written on quit, read on start. A missing or unreadable file simply
/// means a fresh start at the root.
public struct RestorationFile: Sendable {
    /// The file's path.
    public let path: String

    /// The file in a data directory.
    public init(directory: String) {
        path = (directory as NSString).appendingPathComponent("state.json")
    }

    /// The saved state, if there is one.
    public func load() -> Restoration? {
        FileManager.default.contents(atPath: path).flatMap {
            try? JSONDecoder().decode(Restoration.self, from: $0)
        }
    }

    /// Saves the state (atomically, like the store).
    public func save(_ restoration: Restoration) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(restoration) else { return }
        try? StoreFile.write(data, to: path)
    }
}
