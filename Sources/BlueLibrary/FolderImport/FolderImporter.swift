import BlueLibraryCore
import BlueLibraryScanner
import BlueLibraryServices
import BlueLibraryStore

#if canImport(Glibc)
    import Glibc
#endif

/// What importing a music folder did.
package struct FolderImport: Sendable {
    /// Albums new to the library.
    package var added = 0
    /// Albums whose files or tags changed.
    package var updated = 0
    /// Albums whose files are all gone.
    package var removed = 0
    /// Albums a person deleted that the folder still holds: left out, as deleted.
    package var leftOut = 0
    /// Whether the tutorial's five albums left the library, the folder's albums taking their place.
    package var removedSeeds = false
    /// Files found moved (renamed, or to another folder), whose tracks kept their ids, stars, ratings,
    /// plays and playlist places.
    package var moved = 0
    /// Tracks the library now knows under the folder.
    package var tracks = 0
    /// Files that could not be read, with why.
    package var unreadable: [UnreadableFile] = []
    /// The scan's own numbers (files seen, read, unchanged…).
    package var counts = ScanCounts()

    /// An empty report.
    package init() {}
}

/// Music folders: `bluelibrary import DIR` reads a folder's tags (``MusicScanner``) and makes its albums
/// and tracks part of the library, in one transaction and one undo step — reading only the files that
/// changed since the last import of the folder, keeping the fields a person edited by hand, leaving out
/// the albums a person deleted, and removing the albums whose files are all gone (a file that cannot be
/// read now is not gone).
///
/// It works through the facade: the files the library knows (``LibraryReading/storedTracks(under:)``)
/// and one recorded step (``LibraryAPI/recordStep(_:as:_:)``) whose changes it makes with the writer.
package struct FolderImporter: Sendable {
    /// The library the folder's albums go into.
    package let library: LibraryAPI
    /// Reads the tags (TagLib, or a test's twin).
    package let scanner: MusicScanner

    /// An importer into `library` that reads with `scanner`.
    package init(library: LibraryAPI, scanner: MusicScanner = MusicScanner()) {
        self.library = library
        self.scanner = scanner
    }

    /// Imports (or re-imports) the music folder `folder`.
    /// - Parameter progress: how many files are accounted for, as the scan goes.
    /// - Throws: ``LibraryError`` `noInput` when the folder cannot be read; a scan that reads nothing is
    ///   not an error here (the caller decides).
    @discardableResult
    package func importFolder(_ folder: String, progress: @escaping (ScanProgress) -> Void = { _ in })
        async throws -> (report: FolderImport, result: ScanResult)
    {
        let root = Self.resolved(folder)
        let stored = try await library.storedTracks(under: root)
        let previous = stored.compactMap { track -> ScannedFile? in
            // Tags that cannot be read back make the file look new, so the scan reads it again.
            guard let tags = TrackTags(stored: track.tags) else { return nil }
            return ScannedFile(path: track.track.path, size: track.size, modified: track.modified, tags: tags)
        }
        let result = try await scanner.scan(root, previous: previous, progress: progress)
        let (_, report) = try await library.recordStep(.scan, as: .importAlbums) { writer in
            try writer.addMusicFolder(result.root)
            var applied = try Self.apply(result, to: writer)
            applied.summary.tracks = try writer.trackCount(under: result.root)
            return (applied.commands, applied.summary)
        }
        return (report, result)
    }

    /// The folder with symbolic links resolved, as the scanner names its files.
    private static func resolved(_ folder: String) -> String {
        guard let real = realpath(folder, nil) else { return folder }
        defer { free(real) }
        return String(cString: real)
    }

    /// What one transaction of a folder import did: the summary, and the history step's commands.
    private struct Applied {
        var summary = FolderImport()
        var commands: [HistoryCommand] = []
        /// The title of each album the scan found, by id (for its tracks' change).
        var titles: [AlbumID: String] = [:]
    }

    /// Makes the library agree with a scan: new albums appended, changed ones rewritten (but for the
    /// fields edited by hand), those whose files are all gone deleted, deleted ones left out, and the
    /// tracks to match; each change recorded for the scan's undo step.
    private static func apply(_ result: ScanResult, to writer: any LibraryWriter) throws -> Applied {
        var applied = Applied()
        applied.summary.unreadable = result.unreadable
        applied.summary.counts = result.counts
        let onlySeeds = try writer.holdsOnlyTheSeeds()
        let origins = try writer.scanOrigins(under: result.root)
        var bySource: [String: ScanOrigin] = [:]
        for origin in origins {
            if let source = origin.source, bySource[source] == nil { bySource[source] = origin }
        }
        // An album whose key changed (its tags did), or that got its tracks another way (an import of an
        // export), is still the album that holds most of its files; and every change to tracks is part of
        // the scan's undo step. Both need the tracks as they were before this scan wrote anything; an
        // unchanged rescan reads no track.
        var owners: [String: AlbumID] = [:]
        var tracksBefore: [AlbumID: [StoredTrack]]?
        if result.albums.contains(where: { $0.isChanged || bySource[$0.key] == nil })
            || !result.removed.isEmpty
        {
            let stored = try writer.storedTracks(under: result.root)
            for track in stored where owners[track.track.path] == nil {
                owners[track.track.path] = track.albumID
            }
            tracksBefore = Dictionary(grouping: stored, by: \.albumID)
        }
        // A file moved (renamed, or its folder renamed) belongs where it was: an album folder renamed is
        // the same album, with its id, stars and hand edits.
        let moved = tracksBefore.map { Self.moves(in: result, before: $0) } ?? []
        for (old, new) in moved { if let owner = owners[old] { owners[new] = owner } }
        // …and keeps its track's id, so that a phone that knows the track still finds it.
        var keptIDs: [String: String] = [:]
        if !moved.isEmpty, let tracksBefore {
            let idsBefore = Dictionary(tracksBefore.values.joined().map { ($0.track.path, $0.track.id) }) {
                first, _ in first
            }
            for (old, new) in moved { keptIDs[new] = idsBefore[old] }
        }
        let originsByID = Dictionary(origins.map { ($0.id, $0) }) { first, _ in first }
        var kept = Set<AlbumID>()
        var restored = Set<AlbumID>()
        var files: [String: ScannedFile] = [:]
        // Each album of the library is one scanned album's at most: the one read from where it was read
        // before, else the one holding most of its files (a file moved out of a folder that is still
        // there makes an album of its own where it went).
        var originOf: [Int: ScanOrigin] = [:]
        for (index, scanned) in result.albums.enumerated() {
            originOf[index] = bySource.removeValue(forKey: scanned.key)
        }
        var claimed = Set(originOf.values.map(\.id))
        for (index, scanned) in result.albums.enumerated() where originOf[index] == nil {
            guard let id = mostFiles(of: scanned, owners), !claimed.contains(id) else { continue }
            originOf[index] = originsByID[id]
            claimed.insert(id)
        }
        for (index, scanned) in result.albums.enumerated() {
            let origin = originOf[index]
            if let origin {
                kept.insert(origin.id)
                applied.titles[origin.id] = scanned.title
            }
            if files.isEmpty { files = Dictionary(result.files.map { ($0.path, $0) }) { first, _ in first } }
            if let origin, origin.isDeleted, origin.removedByScan,
                let album = try writer.restore(origin.id, at: try writer.count())
            {
                // A scan removed it when its files were gone (a disk away, a folder moved out): they are
                // back, and so is it, whole.
                restored.insert(origin.id)
                applied.commands.append(.add(album, index: try writer.count() - 1))
                applied.summary.added += 1
                applied.titles[origin.id] = album.title
            } else if let origin, origin.isDeleted {
                // A person deleted it: it stays out; its files are remembered, so they are not read again.
                if scanned.isChanged {
                    try writer.replaceTracks(
                        of: origin.id, with: storedTracks(scanned, origin.id, files, ids: keptIDs))
                }
                applied.summary.leftOut += 1
                continue
            }
            let existing = try origin.flatMap { try writer.locate($0.id) }
            let edited = existing == nil ? [] : origin?.edited ?? []
            let cover = scanned.art.map(Self.coverURL(for:)) ?? ""
            // An album whose files are unchanged is left alone, unless art beside them came or went.
            if let existing, origin?.source == scanned.key, !scanned.isChanged,
                existing.album.coverURL == cover || edited.contains(.cover)
            {
                continue
            }
            let id = origin?.id ?? .random()
            let album: Album
            do {
                album = try libraryAlbum(
                    for: scanned, id: id, cover: cover, keeping: existing?.album,
                    edited: origin?.source == nil ? adoptedEdits(existing?.album, scanned) : edited)
            } catch let error as LibraryError {
                // One album's values (a path too long for a cover URL, say) never stop the scan.
                applied.summary.unreadable.append(UnreadableFile(path: scanned.directory, error: error))
                continue
            }
            let oldStored = existing == nil ? [] : try writer.storedTracks(of: album.id)
            let oldTracks = oldStored.map(\.track)
            let kept = Dictionary(oldStored.map { ($0.track.path, $0) }) { first, _ in first }
            try writer.saveScanned(album, source: scanned.key)
            // A file unchanged since it was read keeps its track as the library has it (edited by hand,
            // say); the others are as their tags say.
            let newTracks = storedTracks(
                scanned, album.id, files, ids: keptIDs, artist: edited.contains(.artist) ? album.artist : nil
            ).map { new -> StoredTrack in
                guard let old = kept[new.track.path], old.size == new.size, old.modified == new.modified,
                    old.tags == new.tags
                else { return new }
                var same = new
                same.track = old.track
                return same
            }.sorted { Track.inAlbumOrder($0.track, $1.track) }
            try writer.replaceTracks(of: album.id, with: newTracks)
            if let existing {
                let edit = AlbumEdit(
                    from: existing.album, to: album, byHand: false, marked: Set(edited.map(\.field)))
                if !edit.isEmpty { applied.commands.append(.update(edit)) }
                // Files read again with nothing new in them (touched, or unreadable now) change nothing.
                if !edit.isEmpty || oldTracks != newTracks.map(\.track) { applied.summary.updated += 1 }
            } else {
                applied.summary.added += 1
                applied.titles[album.id] = album.title
                let index = try writer.locate(album.id)?.index ?? 0
                applied.commands.append(.add(try writer.locate(album.id)?.album ?? album, index: index))
            }
        }
        // The files that are gone leave the albums that stay; an album deleted now keeps its tracks, so
        // undo brings it back whole.
        let leaving = Set(
            origins.filter { !kept.contains($0.id) || ($0.isDeleted && !restored.contains($0.id)) }.map(\.id))
        try writer.removeTracks(
            paths: result.removed.map(\.path).filter { path in
                owners[path].map { !leaving.contains($0) } ?? true
            })
        for origin in origins where !kept.contains(origin.id) && !origin.isDeleted {
            guard let (album, index) = try writer.locate(origin.id), try writer.remove(at: index) != nil
            else { continue }
            try writer.markRemovedByScan(album.id)
            applied.commands.append(.delete(album, index: index))
            applied.summary.removed += 1
        }
        if let tracksBefore {
            applied.commands += try trackChanges(from: tracksBefore, applied, under: result.root, writer)
            // The moved files kept their ids: the step records the moves (for what it says), and an undo
            // or redo gives the ids nothing to carry.
            let moves = moved.map {
                TrackMove(
                    from: keptIDs[$0.to] ?? TrackID(path: $0.from).rawValue,
                    to: keptIDs[$0.to] ?? TrackID(path: $0.to).rawValue)
            }
            if !moves.isEmpty {
                for move in moves { try writer.moveTrackData(from: move.from, to: move.to) }
                applied.commands.append(.moves(moves))
                applied.summary.moved = moves.count
            }
        }
        if onlySeeds && applied.summary.added > 0 {
            // In decreasing index order, as one deletion after another: undone in reverse, each goes back
            // to its place.
            let removed = try writer.removeAll(Album.seeds.map(\.id))
            applied.commands += removed.map { HistoryCommand.delete($0.album, index: $0.index) }
            applied.summary.removedSeeds = true
        }
        return applied
    }

    /// What the scan did to the tracks under `root`, album by album, given them as they were before: the
    /// changes to albums that were there before, and to new albums that took files another album had, at
    /// their paths or moved (a new album's own files come back with it when its addition is redone).
    private static func trackChanges(
        from before: [AlbumID: [StoredTrack]], _ applied: Applied, under root: String,
        _ writer: any LibraryWriter
    ) throws -> [HistoryCommand] {
        let after = Dictionary(grouping: try writer.storedTracks(under: root), by: \.albumID)
        let paths = Set(before.values.joined().map(\.track.path))
        let ids = Set(before.values.joined().map(\.track.id))
        let added = Set(
            applied.commands.compactMap { command -> AlbumID? in
                guard case .add(let album, _) = command else { return nil }
                return album.id
            })
        func ordered(_ tracks: [StoredTrack]?) -> [StoredTrack] {
            (tracks ?? []).sorted { $0.order < $1.order }
        }
        return try Set(before.keys).union(after.keys).sorted { $0.rawValue < $1.rawValue }.compactMap { id in
            let (old, new) = (ordered(before[id]), ordered(after[id]))
            guard old != new,
                !added.contains(id)
                    || new.contains(where: { paths.contains($0.track.path) || ids.contains($0.track.id) })
            else { return nil }
            let title = try applied.titles[id] ?? writer.locate(id)?.album.title ?? ""
            return .tracks(TrackChange(album: id, title: title, before: old, after: new))
        }
    }

    /// The files the scan found gone from one path and new at another — the same size and the same tags
    /// — paired in path order (old path, new path): renamed or moved, not removed and added.
    private static func moves(in result: ScanResult, before: [AlbumID: [StoredTrack]]) -> [(
        from: String, to: String
    )] {
        guard !result.removed.isEmpty else { return [] }
        let known = Set(before.values.joined().map(\.track.path))
        var gone: [String: [String]] = [:]  // size and tags → the old paths, in path order
        for file in result.removed {
            gone["\(file.size)\u{1F}\(file.tags.stored)", default: []].append(file.path)
        }
        var moves: [(from: String, to: String)] = []
        for file in result.files where !known.contains(file.path) {
            let key = "\(file.size)\u{1F}\(file.tags.stored)"
            guard var paths = gone[key], !paths.isEmpty else { continue }
            let old = paths.removeFirst()
            gone[key] = paths
            moves.append((old, file.path))
        }
        return moves
    }

    /// The tracks of a scanned album as the library stores them.
    /// The scanned album's tracks as the library stores them. When the album's artist was corrected by
    /// hand (`artist`), the tracks tagged with the old one are credited to it, as the edit made them.
    private static func storedTracks(
        _ scanned: ScannedAlbum, _ album: AlbumID, _ files: [String: ScannedFile],
        ids: [String: String] = [:], artist: String? = nil
    )
        -> [StoredTrack]
    {
        scanned.tracks.map { track in
            let file = files[track.path]
            var stored = StoredTrack(
                track: ids[track.path].map { track.known(as: $0) } ?? track, albumID: album,
                size: file?.size ?? 0, modified: file?.modified ?? 0,
                tags: file?.tags.stored ?? "")
            if let artist, artist != scanned.artist, track.artist == scanned.artist {
                stored.track = stored.track.withArtist(artist)
            }
            return stored
        }
    }

    /// The fields of an album that got its tracks another way (an import of an export) that a scan
    /// adopting it keeps: those that differ from the tags were edited by hand.
    private static func adoptedEdits(_ existing: Album?, _ scanned: ScannedAlbum) -> Set<EditableField> {
        guard let existing else { return [] }
        let fromTags: [EditableField: String] = [
            .title: scanned.title, .artist: scanned.artist, .genre: scanned.genre,
            .year: scanned.year.map(String.init) ?? "",
            .mbid: scanned.musicBrainzReleaseGroupID ?? scanned.musicBrainzAlbumID ?? "",
        ]
        return Set(fromTags.filter { existing.text(of: $0.key.field) != $0.value }.keys)
    }

    /// The album that holds most of the scanned album's files, if any does.
    private static func mostFiles(of scanned: ScannedAlbum, _ owners: [String: AlbumID]) -> AlbumID? {
        var votes: [AlbumID: Int] = [:]
        for track in scanned.tracks { if let owner = owners[track.path] { votes[owner, default: 0] += 1 } }
        return votes.max { $0.value < $1.value }?.key
    }

    /// The library's album for a scanned one: its fields from the tags, except those edited by hand,
    /// which keep the library's values; its cover (the URL of the art the scan chose) likewise.
    private static func libraryAlbum(
        for scanned: ScannedAlbum, id: AlbumID, cover: String, keeping existing: Album?,
        edited: Set<EditableField>
    ) throws -> Album {
        func pick(_ field: EditableField, _ fromTags: String) -> String {
            guard let existing, edited.contains(field) else { return fromTags }
            return existing.text(of: field.field)
        }
        let year = edited.contains(.year) ? existing?.year : scanned.year
        return try Album(
            id: id, title: pick(.title, scanned.title), artist: pick(.artist, scanned.artist),
            genre: pick(.genre, scanned.genre), year: year, coverURL: pick(.cover, cover),
            mbid: pick(.mbid, scanned.musicBrainzReleaseGroupID ?? scanned.musicBrainzAlbumID ?? ""),
            trackCount: scanned.tracks.count, length: scanned.duration)
    }

    /// A `file:` URL for the art: the image file, or the audio file whose embedded picture it is.
    package static func coverURL(for art: AlbumArt) -> String {
        let path: String
        switch art {
        case .file(let image, _, _): path = image
        case .embedded(let track, _): path = track
        }
        return "file://" + percentEncoded(path)
    }

    /// `path` percent-encoded as Foundation's `addingPercentEncoding(withAllowedCharacters:
    /// .urlPathAllowed)` did it (upper-case digits; a colon kept once a slash came before it), so the
    /// URLs stay what earlier imports stored.
    static func percentEncoded(_ path: String) -> String {
        let allowed = Set("!$&'()*+,/=@".utf8)
        var afterSlash = false
        return PercentEncoding.encoded(path) { byte in
            defer { if byte == UInt8(ascii: "/") { afterSlash = true } }
            return PercentEncoding.isUnreserved(byte) || allowed.contains(byte)
                || (byte == UInt8(ascii: ":") && afterSlash)
        }
    }
}

extension FolderImporter {
    /// Rescans `folder` as `import DIR` does, unless it is gone or empty where the library has tracks (a
    /// disk unmounted: its tracks are kept). The line to log: what the scan changed, why the folder was
    /// left, or what failed; `nil` when nothing changed.
    package func rescanIfPresent(
        _ folder: String, progress: @escaping (ScanProgress) -> Void = { _ in }
    ) async -> String? {
        let name = folder.escapingControlCharacters
        do {
            let kept = try await library.storedTracks(under: folder)
            guard FolderWatcher.holdsAnything(folder) || kept.isEmpty else {
                return "music folder \(name) is empty or gone; its tracks are kept"
            }
            let (report, result) = try await importFolder(folder, progress: progress)
            guard report.added + report.updated + report.removed > 0 || result.counts.read > 0 else {
                return nil
            }
            return "Rescanned \(name): \(report.added) added, \(report.updated) updated, "
                + "\(report.removed) removed (\(result.counts.read) read, \(report.unreadable.count) unreadable)"
        } catch let error as LibraryError {
            return "cannot rescan \(name): \(error.message)"
        } catch {
            return "cannot rescan \(name): \(error)"
        }
    }
}
