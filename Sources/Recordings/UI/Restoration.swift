import Foundation
import RecordingsModel

/// What a cold start restores (the original's state restoration, plus the playback position it did
/// not keep): the open folder path with each folder's selected row, which pane has the focus, the
/// recording in the play pane and where it was, paused. Every architecture saves it whenever it
/// changes, so even a killed app comes back where it was.
package struct Restoration: Codable, Sendable, Equatable {
    /// The open folders, root first.
    package var folderPath: [UUID]
    /// The selected item of each open folder, by the folder's id.
    package var selections: [UUID: UUID]
    /// Whether the play pane has the focus (else the list).
    package var playHasFocus: Bool
    /// The recording shown in the play pane.
    package var recording: UUID?
    /// Its playback position in seconds.
    package var position: Double

    /// Creates a restoration state.
    package init(
        folderPath: [UUID], selections: [UUID: UUID] = [:], playHasFocus: Bool = false, recording: UUID?,
        position: Double
    ) {
        self.folderPath = folderPath
        self.selections = selections
        self.playHasFocus = playHasFocus
        self.recording = recording
        self.position = position
    }

    private enum CodingKeys: String, CodingKey {
        case folderPath, selections, playHasFocus, recording, position
    }

    /// Reads a saved state; what an older file lacks is left at its default.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        folderPath = try container.decode([UUID].self, forKey: .folderPath)
        let selected = try container.decodeIfPresent([String: UUID].self, forKey: .selections) ?? [:]
        selections = Dictionary(
            uniqueKeysWithValues: selected.compactMap { key, value in
                UUID(uuidString: key).map { ($0, value) }
            })
        playHasFocus = try container.decodeIfPresent(Bool.self, forKey: .playHasFocus) ?? false
        recording = try container.decodeIfPresent(UUID.self, forKey: .recording)
        position = try container.decodeIfPresent(Double.self, forKey: .position) ?? 0
    }

    /// Writes the state, selections keyed by the folders' ids as text.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(folderPath, forKey: .folderPath)
        try container.encode(
            Dictionary(uniqueKeysWithValues: selections.map { ($0.key.uuidString, $0.value) }),
            forKey: .selections)
        try container.encode(playHasFocus, forKey: .playHasFocus)
        try container.encodeIfPresent(recording, forKey: .recording)
        try container.encode(position, forKey: .position)
    }

    /// The folders of the path that still exist, root first: the path is cut at the first folder that
    /// is gone (or is no longer inside the one before it). Always at least the root.
    @MainActor
    package func folders(in store: RecordingsStore) -> [Item] {
        var folders = [store.tree.root]
        for id in folderPath.drop(while: { $0 == store.rootID }) {
            guard let item = store.item(id), item.isFolder, item.parentID == folders.last?.id else { break }
            folders.append(item)
        }
        return folders
    }

    /// The selected item of `folder`, if it is still in it; else the folder's first item.
    @MainActor
    package func selection(in folder: UUID, of store: RecordingsStore) -> UUID? {
        if let id = selections[folder], store.item(id)?.parentID == folder { return id }
        return store.contents(of: folder).first?.id
    }

    /// The recording, if it still exists.
    @MainActor
    package func recording(in store: RecordingsStore) -> Item? {
        recording.flatMap { store.item($0) }.flatMap { $0.kind == .recording ? $0 : nil }
    }

    /// Whether saving `other` instead would change what a restart shows: the same state with the
    /// position in the same second does not (so playing writes the file once a second, not every tick).
    func restoresLike(_ other: Restoration) -> Bool {
        var (mine, theirs) = (self, other)
        (mine.position, theirs.position) = (position.rounded(.down), other.position.rounded(.down))
        return mine == theirs
    }
}

/// `state.json` beside the store: written whenever the state to restore changes, read on start. A
/// missing or unreadable file simply means a fresh start at the root.
@MainActor
package final class RestorationFile {
    /// The file's path.
    package let path: String
    private var saved: Restoration?

    /// The file in a data directory.
    package init(directory: String) {
        path = (directory as NSString).appendingPathComponent("state.json")
    }

    /// The saved state, if there is one.
    package func load() -> Restoration? {
        FileManager.default.contents(atPath: path).flatMap {
            try? JSONDecoder().decode(Restoration.self, from: $0)
        }
    }

    /// The architecture's own saved form (under `"viewState"`), if the file has one of that shape.
    package func loadViewState<ViewState: Decodable>(_ type: ViewState.Type) -> ViewState? {
        FileManager.default.contents(atPath: path).flatMap {
            try? JSONDecoder().decode(SavedViewState<ViewState>.self, from: $0).viewState
        }
    }

    /// Saves the state (atomically, like the store) when it differs from the one saved last; an
    /// architecture that keeps a whole view state (MVC+VS) passes it too, saved beside the common form.
    /// - Parameter force: saves even an unchanged state (on quit, with the exact position).
    package func save(_ restoration: Restoration, viewState: (any Encodable)? = nil, force: Bool = false) {
        if !force, let saved, saved.restoresLike(restoration) { return }
        struct Document: Encodable {
            let restoration: Restoration
            let viewState: (any Encodable)?
            enum Keys: String, CodingKey { case viewState }
            func encode(to encoder: any Encoder) throws {
                try restoration.encode(to: encoder)
                var container = encoder.container(keyedBy: Keys.self)
                if let viewState { try container.encode(viewState, forKey: .viewState) }
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(Document(restoration: restoration, viewState: viewState)) else {
            return
        }
        if (try? StoreFile.write(data, to: path)) != nil { saved = restoration }
    }
}

/// The `"viewState"` member of `state.json`.
private struct SavedViewState<ViewState: Decodable>: Decodable {
    let viewState: ViewState
}
