import BlueLibraryCore
import Synchronization

/// The in-memory twin of ``SQLiteLibraryStore``: same contract, no file. Tests and previews use it.
///
/// A write works on a copy of the state and publishes it only when the body returns, so a failed
/// write changes nothing, as a rolled-back transaction. Bodies only touch memory, so they run on the
/// caller's task; the mutex is never held across a suspension.
package final class InMemoryLibraryStore: LibraryStore {
    private let state: Mutex<Snapshot>

    /// A store that starts like a brand-new library (the five seed albums) or with `albums`.
    package init(albums: [Album] = Album.seeds) {
        state = Mutex(Snapshot(albums: albums))
    }

    package var location: String { "memory" }

    package func externalChangeToken() -> Int64 { 0 }

    package func close() {}

    package func backup(to path: String) async throws {
        throw LibraryError(.usage, "the library in memory has no file to back up")
    }

    nonisolated(nonsending)
        package func read<T: Sendable>(
            thenClose: Bool, _ body: @escaping @Sendable (any LibraryReader) throws -> T
        ) async throws -> T
    {
        // `thenClose` changes nothing: memory has nothing to close.
        LibraryTransaction.checkNotNested(location)
        let snapshot = state.withLock { $0 }
        return try LibraryTransaction.run { try body(MemoryWriter(snapshot)) }
    }

    @discardableResult
    nonisolated(nonsending)
        package func write<T: Sendable>(_ body: @escaping @Sendable (any LibraryWriter) throws -> T)
        async throws
        -> T
    {
        LibraryTransaction.checkNotNested(location)
        return try state.withLock { state in
            let writer = MemoryWriter(state)
            let result = try LibraryTransaction.run { try body(writer) }
            state = writer.snapshot
            return result
        }
    }
}

private struct Snapshot: Sendable {
    var albums: [Album]
    var history: [HistorySide: [HistoryCommand]] = [.undo: [], .redo: []]
    var current: CurrentAlbum?
    var outbox: [PendingSync] = []
    var nextSequence = 1
    /// Tracks of albums read from music folders, by id.
    var tracks: [String: StoredTrack] = [:]
    /// Where albums read from music folders came from.
    var sources: [AlbumID: String] = [:]
    /// The fields edited by hand, by album.
    var edited: [AlbumID: Set<EditableField>] = [:]
}

private final class MemoryWriter: LibraryWriter {
    var snapshot: Snapshot

    init(_ snapshot: Snapshot) {
        self.snapshot = snapshot
    }

    func count() -> Int { snapshot.albums.count }

    func album(at index: Int) -> Album? {
        snapshot.albums.indices.contains(index) ? snapshot.albums[index] : nil
    }

    func locate(_ id: AlbumID) -> (album: Album, index: Int)? {
        snapshot.albums.firstIndex { $0.id == id }.map { (snapshot.albums[$0], $0) }
    }

    func forEachAlbum(matching query: Query, _ body: (Album, Int) throws -> Void) throws {
        let matching = snapshot.albums.enumerated().filter { query.matches($0.element) }
            .map { (album: $0.element, index: $0.offset) }
        for item in query.sorted(matching) { try body(item.album, item.index) }
    }

    func historyCount(_ side: HistorySide) -> Int { snapshot.history[side, default: []].count }

    func savedCurrent() -> CurrentAlbum? { snapshot.current }

    func insert(_ album: Album, at index: Int) throws {
        try checkNew(album)
        snapshot.albums.insert(album, at: index)
    }

    private func checkNew(_ album: Album) throws {
        if locate(album.id) != nil {
            throw LibraryError(.conflict, "album \(album.id) (\"\(album.title)\") is already in the library")
        }
    }

    func remove(at index: Int) -> Album? {
        snapshot.albums.indices.contains(index) ? snapshot.albums.remove(at: index) : nil
    }

    func replace(_ album: Album) -> Int? {
        guard let index = locate(album.id)?.index else { return nil }
        let before = snapshot.albums[index]
        let changed = EditableField.allCases.filter { before.text(of: $0.field) != album.text(of: $0.field) }
        snapshot.edited[album.id, default: []].formUnion(changed)
        snapshot.albums[index] = album
        return index
    }

    func append(_ albums: [Album]) throws -> [Album] {
        var present = Dictionary(snapshot.albums.map { ($0.id, $0) }) { first, _ in first }
        var added: [Album] = []
        for album in albums {
            if let existing = present[album.id] {
                guard existing == album else { throw conflictingAlbum(album) }
                continue
            }
            snapshot.albums.append(album)
            present[album.id] = album
            added.append(album)
        }
        return added
    }

    func insertAll(_ items: [(album: Album, index: Int)]) throws {
        try insertEach(items)
    }

    func removeAll(_ ids: [AlbumID]) throws -> [(album: Album, index: Int)] {
        try removeEach(ids)
    }

    func tracks(of album: AlbumID) -> [Track] {
        snapshot.tracks.values.filter { $0.albumID == album }.sorted { $0.order < $1.order }.map(\.track)
    }

    func track(_ id: String) -> StoredTrack? { snapshot.tracks[id] }

    func storedTracks(under root: String) -> [StoredTrack] {
        let folder = root.hasSuffix("/") ? root : root + "/"
        return snapshot.tracks.values.filter { $0.track.path.hasPrefix(folder) }
    }

    func trackCount(under root: String) -> Int { storedTracks(under: root).count }

    func scanOrigins(under root: String) -> [ScanOrigin] {
        let albums = Set(storedTracks(under: root).map(\.albumID))
        return snapshot.sources.filter { albums.contains($0.key) && locate($0.key) != nil }.map {
            id, source in
            ScanOrigin(id: id, source: source, edited: snapshot.edited[id] ?? [])
        }
    }

    func saveScanned(_ album: Album, source: String) throws {
        if let index = locate(album.id)?.index {
            snapshot.albums[index] = album
        } else {
            try insert(album, at: count())
        }
        snapshot.sources[album.id] = source
    }

    func replaceTracks(of album: AlbumID, with tracks: [StoredTrack]) {
        snapshot.tracks = snapshot.tracks.filter { $0.value.albumID != album }
        for (ordinal, stored) in tracks.enumerated() {
            snapshot.tracks = snapshot.tracks.filter { $0.value.track.path != stored.track.path }
            var ordered = stored
            ordered.order = ordinal
            snapshot.tracks[stored.track.id] = ordered
        }
    }

    func removeTracks(paths: [String]) {
        let gone = Set(paths)
        snapshot.tracks = snapshot.tracks.filter { !gone.contains($0.value.track.path) }
    }

    func push(_ command: HistoryCommand, on side: HistorySide, limit: Int) {
        snapshot.history[side, default: []].append(command)
        let overflow = snapshot.history[side, default: []].count - limit
        if overflow > 0 { snapshot.history[side]?.removeFirst(overflow) }
    }

    func pop(_ side: HistorySide) -> HistoryCommand? {
        snapshot.history[side]?.popLast()
    }

    func clearHistory(_ side: HistorySide) {
        snapshot.history[side] = []
    }

    func saveCurrent(_ current: CurrentAlbum?) {
        snapshot.current = current
    }

    func pendingSync(limit: Int) -> [PendingSync] {
        Array(snapshot.outbox.prefix(limit))
    }

    func pendingSyncCount() -> Int { snapshot.outbox.count }

    func enqueueSync(_ command: HistoryCommand, key: String) {
        snapshot.outbox.append(PendingSync(sequence: snapshot.nextSequence, key: key, command: command))
        snapshot.nextSequence += 1
    }

    func removeSync(_ sequence: Int) {
        snapshot.outbox.removeAll { $0.sequence == sequence }
    }
}
