import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The store (the original's `Store`): the tree of folders and recordings in one `store.json`, saved
/// atomically on every change next to the audio files, with a notification for every change.
///
/// It lives on the main actor, its one owner: every edit, save and notification happens there, in
/// order. Files are small and written with `fsync`, never from Swift's cooperative pool.
@MainActor
package final class RecordingsStore {
    /// The data directory: `store.json` and one WAV file per recording.
    package let directory: String
    /// The tree as it is now.
    package private(set) var tree: ItemTree
    private var stamp: FileStamp?
    /// The recordings whose audio file is in the directory, and the directory's stamp when it was listed.
    private var available: Set<UUID> = []
    private var directoryStamp: FileStamp?
    private var observers: [WeakObservation] = []
    /// Set when another program left `store.json` damaged while we run: we stop saving over it.
    private var damage: StoreError?
    /// Runs between writing the temporary file and renaming it (tests stand a crash there).
    package var beforeRename: () throws -> Void = {}

    /// The path of `store.json`.
    package var storePath: String { (directory as NSString).appendingPathComponent("store.json") }

    /// Opens (or starts) the store in `directory`, creating the directory when needed.
    /// - Throws: `damaged` or `foreign` naming the file and what is wrong (the file is not touched);
    ///   `io` when the directory cannot be created or the file cannot be read.
    package init(directory: String) throws(StoreError) {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw StoreError(.io, "\(directory): cannot create the data directory")
        }
        let path = (directory as NSString).appendingPathComponent("store.json")
        let stamp = FileStamp(path: path)
        tree = try Self.read(path) ?? ItemTree()
        self.stamp = stamp
        directoryStamp = FileStamp(path: directory)
        available = Self.audioFiles(in: directory)
    }

    /// The recordings whose WAV file is in `directory`: one listing, however many recordings there are.
    private static func audioFiles(in directory: String) -> Set<UUID> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return Set(
            names.compactMap { name in
                name.hasSuffix(".wav") ? UUID(uuidString: String(name.dropLast(4))) : nil
            })
    }

    /// The tree in `store.json`, or `nil` when there is no such file.
    private static func read(_ path: String) throws(StoreError) -> ItemTree? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StoreError(.io, "\(path): cannot be read")
        }
        do {
            return try StoreDocument.decode(data)
        } catch {
            throw StoreError(error.code, "\(path): \(error.message)")
        }
    }

    // MARK: Reading

    /// The root folder's id.
    package var rootID: UUID { tree.rootID }
    /// The item with an id, if it exists.
    package func item(_ id: UUID) -> Item? { tree.item(id) }
    /// A folder's contents in display order.
    package func contents(of folderID: UUID) -> [Item] { tree.contents(of: folderID) }
    /// The folders from the root down to `id`.
    package func path(to id: UUID) -> [Item] { tree.path(to: id) }

    /// The WAV file of a recording.
    package func audioPath(for id: UUID) -> String {
        (directory as NSString).appendingPathComponent("\(id.uuidString).wav")
    }

    /// Whether a recording's audio file is there (a missing one shows as unavailable), as of the last
    /// look at the directory (``reloadIfChangedOnDisk()``).
    package func isAudioAvailable(_ id: UUID) -> Bool {
        available.contains(id)
    }

    // MARK: Observing

    /// Calls `handler` with every change, in order, for as long as the returned token is kept.
    package func observe(_ handler: @escaping @MainActor (StoreChange) -> Void) -> StoreObservation {
        let observation = StoreObservation(handler: handler)
        observers.append(WeakObservation(observation: observation))
        return observation
    }

    private func announce(_ changes: [StoreChange]) {
        observers.removeAll { $0.observation?.isActive != true }
        let current = observers.compactMap(\.observation)
        for change in changes {
            for observer in current { observer.deliver(change) }
        }
    }

    // MARK: Changing

    /// Creates a folder inside `parentID`.
    @discardableResult
    package func newFolder(named name: String, in parentID: UUID) throws(StoreError) -> Item {
        let item = Item(name: name, kind: .folder, parentID: parentID)
        let changes = try apply { tree throws(StoreError) in [try tree.add(item)] }
        return changes.first?.item ?? item
    }

    /// Adds a recording whose audio is already at ``audioPath(for:)``.
    @discardableResult
    package func addRecording(id: UUID, named name: String, in parentID: UUID) throws(StoreError) -> Item {
        let item = Item(id: id, name: name, kind: .recording, parentID: parentID)
        if FileManager.default.fileExists(atPath: audioPath(for: id)) { available.insert(id) }
        let changes = try apply { tree throws(StoreError) in [try tree.add(item)] }
        return changes.first?.item ?? item
    }

    /// Renames an item.
    package func rename(_ id: UUID, to name: String) throws(StoreError) {
        _ = try apply { tree throws(StoreError) in [try tree.rename(id, to: name)] }
    }

    /// Deletes an item; a folder goes with everything in it, audio files included.
    package func delete(_ id: UUID) throws(StoreError) {
        let changes = try apply { tree throws(StoreError) in try tree.remove(id) }
        for change in changes where change.item.kind == .recording {
            unlink(audioPath(for: change.item.id))
            available.remove(change.item.id)
        }
    }

    /// Applies an edit to a copy of the tree, saves it, and only then makes it current and announces
    /// it: a failed save changes nothing. Another instance's newer file is taken in first.
    private func apply(
        _ edit: (inout ItemTree) throws(StoreError) -> [StoreChange]
    ) throws(StoreError) -> [StoreChange] {
        reloadIfChangedOnDisk()
        if let damage { throw damage }
        var edited = tree
        let changes = try edit(&edited)
        try StoreFile.write(try StoreDocument.encode(edited), to: storePath, beforeRename: beforeRename)
        stamp = FileStamp(path: storePath)
        tree = edited
        announce(changes)
        return changes
    }

    // MARK: Other instances

    /// Takes in a `store.json` saved by another instance, and audio files that appeared or went,
    /// announcing what changed; cheap when nothing did (two `stat`s). Returns the changes.
    @discardableResult
    package func reloadIfChangedOnDisk() -> [StoreChange] {
        let changes = reloadTree()
        return changes + relistAudioFiles()
    }

    /// Announces `.audioChanged` for every recording whose file appeared or went since the last look.
    private func relistAudioFiles() -> [StoreChange] {
        let current = FileStamp(path: directory)
        guard current != directoryStamp else { return [] }
        directoryStamp = current
        let now = Self.audioFiles(in: directory)
        let flipped = now.symmetricDifference(available)
        available = now
        let changes = flipped.compactMap { id -> StoreChange? in
            guard let item = tree.item(id), let parentID = item.parentID, let index = tree.index(of: id)
            else {
                return nil
            }
            return StoreChange(
                .audioChanged, item: item, parentID: parentID, oldIndex: index, newIndex: index)
        }
        announce(changes)
        return changes
    }

    private func reloadTree() -> [StoreChange] {
        let current = FileStamp(path: storePath)
        guard current != stamp, current != nil else { return [] }
        do {
            guard let newer = try Self.read(storePath) else { return [] }
            stamp = current
            damage = nil
            // A file with another root (replaced by hand) is taken as it is; there is nothing to diff.
            let changes = ItemTree.changes(from: tree, to: newer)
            tree = newer
            announce(changes)
            return changes
        } catch {
            stamp = current
            damage = error
            return []
        }
    }
}

/// A weakly held observation, so a forgotten token stops its handler.
@MainActor
private struct WeakObservation {
    weak var observation: StoreObservation?
}
