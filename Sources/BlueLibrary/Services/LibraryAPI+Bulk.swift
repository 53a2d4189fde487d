import BlueLibraryCore
import BlueLibraryStore

/// What an import did.
package struct ImportResult: Sendable, Equatable {
    /// Albums added.
    package var added = 0
    /// Albums whose id was already in the library with the same fields (skipped, and counted).
    package var alreadyPresent = 0
    /// Albums skipped as duplicates: the same album (see ``LibraryIdentities``) as one in the library or
    /// earlier in the import.
    package var duplicates = 0
    /// Whether the tutorial's five albums left the library, the imported albums taking their place.
    package var replacedSeeds = false

    /// An empty result.
    package init() {}
}

/// What to do with an imported album whose artist and title match one already there.
package enum DuplicatePolicy: String, Sendable, CaseIterable {
    /// Leave it out (the default: running the same import twice adds nothing).
    case skip
    /// Add it anyway.
    case keep
}

/// Changes to many albums at once — a bulk modify or remove, an import — each one transaction and one
/// undo step.
extension LibraryAPI {
    /// Changes fields of every album `query` matches.
    /// - Returns: the change, or `nil` when nothing matched.
    /// - Throws: `invalidField` naming the first album the patch would make invalid (nothing changes).
    @discardableResult
    package func modify(matching query: Query, with patch: AlbumPatch) async throws -> LibraryChange? {
        try await recordGroup(
            .modify,
            plan: { writer in
                try writer.albums(matching: query).flatMap { before in
                    try Self.edits(from: before, to: try before.updating(patch), writer)
                }
            }, apply: Self.applyEdits)
    }

    /// Changes each album named by id with its own patch (what `covers fetch` learnt from MusicBrainz,
    /// say); an id no longer in the library is left out.
    /// - Returns: the change, or `nil` when none of the albums is there.
    /// - Throws: `invalidField` naming the first album a patch would make invalid (nothing changes).
    @discardableResult
    package func modify(_ patches: [(id: AlbumID, patch: AlbumPatch)]) async throws -> LibraryChange? {
        try await recordGroup(
            .modify,
            plan: { writer in
                try patches.compactMap { id, patch in
                    try writer.locate(id).map { before, _ in
                        try Self.edits(from: before, to: try before.updating(patch), writer)
                    }
                }.flatMap { $0 }
            }, apply: Self.applyEdits)
    }

    /// An album's edit by hand, then what it changes of its tracks (their artist, when the album's is
    /// corrected: ``tracksFollowingArtist(from:to:_:)``).
    private static func edits(from before: Album, to after: Album, _ reader: any LibraryReader) throws
        -> [HistoryCommand]
    {
        let tracks = try tracksFollowingArtist(from: before, to: after, reader)
        return [.update(AlbumEdit(from: before, to: after, byHand: true))]
            + (tracks.map { [.tracks($0)] } ?? [])
    }

    /// Applies each edit that changes something; the commands as they applied.
    private static func applyEdits(_ commands: [HistoryCommand], _ writer: any LibraryWriter) throws
        -> [HistoryCommand]
    {
        try commands.filter { !$0.changesNothing }.map { try apply($0, to: writer) }
    }

    /// Removes every album `query` matches; one undo brings each back in its place.
    /// - Returns: the change, or `nil` when nothing matched.
    @discardableResult
    package func remove(matching query: Query) async throws -> LibraryChange? {
        try await recordGroup(.remove) { writer in
            try writer.albums(matching: query).map { .delete($0, index: 0) }
        } apply: { commands, writer in
            let ids = commands.compactMap { command -> AlbumID? in
                guard case .delete(let album, _) = command else { return nil }
                return album.id
            }
            return try writer.removeAll(ids).map { .delete($0.album, index: $0.index) }
        }
    }

    /// The positions in `albums` of those that duplicate an album already in the library or an earlier
    /// one in the list (same artist and title, see ``SearchKey/duplicateKey(artist:title:)``), leaving
    /// out albums whose very id is already there (those are the same album, not a duplicate).
    package func duplicates(among albums: [Album]) async throws -> [Int] {
        try await store.read { reader in try Self.duplicates(among: albums, in: reader) }
    }

    static func duplicates(among albums: [Album], in reader: any LibraryReader) throws -> [Int] {
        var library = try LibraryIdentities(reader, seeds: !reader.holdsOnlyTheSeeds())
        return albums.indices.filter { library.isDuplicate(albums[$0]) }
    }

    /// Records a group of changes as one transaction and one undo step: `plan` says what each album
    /// becomes, `apply` makes it so and returns the commands as they applied.
    private func recordGroup(
        _ kind: HistoryGroup.Kind,
        plan: @escaping @Sendable (any LibraryWriter) throws -> [HistoryCommand],
        apply: @escaping @Sendable ([HistoryCommand], any LibraryWriter) throws -> [HistoryCommand]
    ) async throws -> LibraryChange? {
        let (change, _) = try await recordStep(kind, as: kind == .remove ? .delete : .update) { writer in
            (try apply(try plan(writer), writer), ())
        }
        return change
    }

    /// Runs many changes as one transaction and one undo step: `body` makes them with the writer and
    /// returns the commands as they applied (and a value of its own); they are recorded as one group of
    /// `kind` (nothing is recorded when there are none), put in the outbox when online (unless an
    /// import or scan), the current album saved, and the change announced as `change` when anything was
    /// recorded.
    /// - Returns: the change (`nil` when nothing was recorded) and `body`'s value.
    package func recordStep<T: Sendable>(
        _ kind: HistoryGroup.Kind, as change: LibraryChange.Kind,
        _ body: @escaping @Sendable (any LibraryWriter) throws -> (commands: [HistoryCommand], value: T)
    ) async throws -> (change: LibraryChange?, value: T) {
        let (limit, online) = (historyLimit, isOnline)
        let (recorded, value) = try await store.write { [self] writer in
            let (commands, value) = try body(writer)
            let command: HistoryCommand? =
                commands.isEmpty ? nil : .group(HistoryGroup(kind: kind, commands: commands))
            if let command {
                if online && !command.isImport { try writer.enqueueSync(command) }
                try writer.push(command, on: .undo, limit: limit)
                try writer.clearHistory(.redo)
            }
            try writer.saveCurrent(try writer.resolveCurrent())
            let change = LibraryChange(
                kind: change, effect: command, state: try writer.state(), sequence: nextSequence())
            return (command == nil ? nil : change, value)
        }
        // A step that changed nothing (a rescan that found every file as it was) is not news: no page
        // reads the library again for it.
        if let recorded { await finish(recorded) }
        return (recorded, value)
    }
}

/// What an import compares its albums with, to tell the same album from a different one: the ids in
/// the library, and the identity of each album there and of each one the import has taken so far — its
/// MusicBrainz id when both have one, otherwise its artist, title (any case, any spacing), year and
/// track count (a count of 0 — a CSV row, an album typed by hand — is unknown, and matches any). Never
/// artist and title alone: three self-titled albums of one artist, or an 11-track album and a 1-track
/// single of one name, are different albums. Read once, in one pass, so an import of 100,000 albums
/// looks nothing up album by album.
struct LibraryIdentities {
    /// The ids of the albums in the library.
    private(set) var ids: Set<AlbumID> = []
    /// The MusicBrainz ids taken.
    private var mbids: Set<String> = []
    /// Each artist-title-year key taken, with the track count and MusicBrainz id (`""` for none) of each
    /// album that has it.
    private var keys: [String: [(tracks: Int, mbid: String)]] = [:]

    /// The identities of the library's albums — but the tutorial's five when `seeds` is false (an import
    /// into a library of only them takes their place, so a row like one of them is no duplicate).
    init(_ reader: any LibraryReader, seeds: Bool = true, room: Int = 0) throws {
        var taken = Self()
        // Room for the albums to come too (an import's): growing the tables 100,000 albums long showed.
        let capacity = try reader.count() + room
        taken.ids.reserveCapacity(capacity)
        taken.keys.reserveCapacity(capacity)
        let seedIDs = Set(Album.seeds.map(\.id))
        try reader.forEachAlbum(matching: .all) { album, _ in
            taken.ids.insert(album.id)
            if seeds || !seedIDs.contains(album.id) { taken.take(album) }
        }
        self = taken
    }

    private init() {}

    /// The artist, title and year of an album, as an import compares them.
    static func key(of album: Album) -> String {
        SearchKey.duplicateKey(artist: album.artist, title: album.title) + "\u{1F}"
            + (album.year.map(String.init) ?? "")
    }

    private mutating func take(_ album: Album, key: String? = nil) {
        if !album.mbid.isEmpty { mbids.insert(album.mbid) }
        keys[key ?? Self.key(of: album), default: []].append((album.trackCount, album.mbid))
    }

    /// Whether `album` is a duplicate: not in the library by its id, but the same album as one there or
    /// taken before it (its MusicBrainz id, or — unless both have MusicBrainz ids that differ — its
    /// artist, title, year and track count). An album that is not is taken.
    mutating func isDuplicate(_ album: Album) -> Bool {
        guard !ids.contains(album.id) else { return false }
        if !album.mbid.isEmpty && mbids.contains(album.mbid) { return true }
        let key = Self.key(of: album)
        let same = keys[key]?.contains { other in
            (other.tracks == album.trackCount || other.tracks == 0 || album.trackCount == 0)
                && (other.mbid.isEmpty || album.mbid.isEmpty)
        }
        if same == true { return true }
        take(album, key: key)
        return false
    }
}
