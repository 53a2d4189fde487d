import BlueLibraryCore
import BlueLibraryScanner
import BlueLibraryStorage

#if canImport(Glibc)
    import Glibc
#endif

/// What importing a music folder did.
public struct FolderImport: Sendable {
    /// Albums new to the library.
    public var added = 0
    /// Albums whose files or tags changed.
    public var updated = 0
    /// Albums whose files are all gone.
    public var removed = 0
    /// Tracks the library now knows under the folder.
    public var tracks = 0
    /// Files that could not be read, with why.
    public var unreadable: [UnreadableFile] = []
    /// The scan's own numbers (files seen, read, unchanged…).
    public var counts = ScanCounts()

    /// An empty report.
    public init() {}
}

/// Music folders: `bluelibrary import DIR` reads a folder's tags (``MusicScanner``) and makes its albums
/// and tracks part of the library, in one transaction — reading only the files that changed since the
/// last import of the folder, keeping the fields a person edited by hand, and removing the albums whose
/// files are all gone. The albums it adds are one undo step, like any import.
extension LibraryAPI {
    /// Imports (or re-imports) the music folder `folder`.
    /// - Parameters:
    ///   - scanner: reads the tags (TagLib, or a test's twin).
    ///   - progress: how many files are accounted for, as the scan goes.
    /// - Throws: ``LibraryError`` `noInput` when the folder cannot be read; a scan that reads nothing is
    ///   not an error here (the caller decides).
    public func importFolder(
        _ folder: String, scanner: MusicScanner, progress: @escaping (ScanProgress) -> Void = { _ in }
    ) async throws -> (report: FolderImport, result: ScanResult) {
        let root = Self.resolved(folder)
        let stored = try await store.read { try $0.storedTracks(under: root) }
        let previous = stored.compactMap { track -> ScannedFile? in
            // Tags that cannot be read back make the file look new, so the scan reads it again.
            guard let tags = TrackTags(stored: track.tags) else { return nil }
            return ScannedFile(path: track.track.path, size: track.size, modified: track.modified, tags: tags)
        }
        let result = try await scanner.scan(root, previous: previous, progress: progress)
        let limit = historyLimit
        let (report, change) = try await store.write { [self] writer in
            var report = try Self.apply(result, to: writer)
            let added = report.addedAlbums.enumerated().map { HistoryCommand.add($1.album, index: $1.index) }
            if !added.isEmpty {
                try writer.push(
                    .group(HistoryGroup(kind: .importAlbums, commands: added)), on: .undo, limit: limit)
                try writer.clearHistory(.redo)
            }
            try writer.saveCurrent(try writer.resolveCurrent())
            report.summary.tracks = try writer.trackCount(under: result.root)
            let change = LibraryChange(
                kind: .importAlbums, effect: nil, state: try writer.state(), sequence: nextSequence())
            return (report.summary, change)
        }
        changes.post(change)
        return (report, result)
    }

    /// The folder with symbolic links resolved, as the scanner names its files.
    private static func resolved(_ folder: String) -> String {
        guard let real = realpath(folder, nil) else { return folder }
        defer { free(real) }
        return String(cString: real)
    }

    /// What one transaction of a folder import did, with the albums it added.
    private struct Applied {
        var summary = FolderImport()
        var addedAlbums: [(album: Album, index: Int)] = []
    }

    /// Makes the library agree with a scan: new albums appended, changed ones rewritten (but for the
    /// fields edited by hand), those whose files are all gone removed, and the tracks to match.
    private static func apply(_ result: ScanResult, to writer: any LibraryWriter) throws -> Applied {
        var applied = Applied()
        applied.summary.unreadable = result.unreadable
        applied.summary.counts = result.counts
        let origins = try writer.scanOrigins(under: result.root)
        var bySource = Dictionary(origins.map { ($0.source, $0) }) { first, _ in first }
        // An album whose key changed (its tags did) is still the album that holds most of its files.
        // Only such an album needs the files' owners, as they were before this scan wrote anything; an
        // unchanged rescan has none and reads no track.
        var owners: [String: AlbumID] = [:]
        if result.albums.contains(where: { bySource[$0.key] == nil }) {
            for stored in try writer.storedTracks(under: result.root) where owners[stored.track.path] == nil {
                owners[stored.track.path] = stored.albumID
            }
        }
        let originsByID = Dictionary(origins.map { ($0.id, $0) }) { first, _ in first }
        var kept = Set<AlbumID>()
        var files: [String: ScannedFile] = [:]
        for scanned in result.albums {
            let origin =
                bySource.removeValue(forKey: scanned.key)
                ?? mostFiles(of: scanned, owners).flatMap { originsByID[$0] }
            let existing = try origin.flatMap { try writer.locate($0.id) }
            if let origin { kept.insert(origin.id) }
            let edited = origin?.edited ?? []
            let cover = scanned.art.map(Self.coverURL(for:)) ?? ""
            // An album whose files are unchanged is left alone, unless art beside them came or went.
            if let existing, !scanned.isChanged, existing.album.coverURL == cover || edited.contains(.cover) {
                continue
            }
            let album = try libraryAlbum(
                for: scanned, id: origin?.id ?? .random(), cover: cover, keeping: existing?.album,
                edited: edited)
            try writer.saveScanned(album, source: scanned.key)
            if files.isEmpty { files = Dictionary(result.files.map { ($0.path, $0) }) { first, _ in first } }
            let tracks = scanned.tracks.map { track in
                let file = files[track.path]
                return StoredTrack(
                    track: Track(
                        id: track.id.rawValue, disc: track.disc, number: track.number, title: track.title,
                        artist: track.artist, duration: track.duration, path: track.path),
                    albumID: album.id, size: file?.size ?? 0, modified: file?.modified ?? 0,
                    tags: file?.tags.stored ?? "")
            }
            try writer.replaceTracks(of: album.id, with: tracks)
            if existing == nil {
                applied.summary.added += 1
                applied.addedAlbums.append((album, try writer.locate(album.id)?.index ?? 0))
            } else {
                applied.summary.updated += 1
            }
        }
        try writer.removeTracks(paths: result.removed.map(\.path))
        for origin in origins where !kept.contains(origin.id) {
            guard let (_, index) = try writer.locate(origin.id) else { continue }
            _ = try writer.remove(at: index)
            try writer.replaceTracks(of: origin.id, with: [])
            applied.summary.removed += 1
        }
        return applied
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
    public static func coverURL(for art: AlbumArt) -> String {
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
