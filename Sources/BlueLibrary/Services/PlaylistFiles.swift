import BlueLibraryConcurrency
import BlueLibraryCore
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Playlists as files, in the extended M3U format in UTF-8 (`.m3u8`), the one music players read and
/// write: `#EXTM3U`, then for each track an `#EXTINF:SECONDS,ARTIST - TITLE` line and its file's location.
///
/// Importing, each location is a path (absolute, or relative to the playlist file's folder, or else to one
/// of the music folders the library was imported from) or a `file://` URL; `\` counts as `/` (playlists
/// made on Windows), and other lines starting with `#` are directives or comments. A location that names
/// no track of the library is reported with its line, and the rest is imported. Exporting, a track under
/// the file's folder is written relative to it (the playlist moves with the music), any other by its
/// absolute path.
package struct PlaylistFiles: Sendable {
    /// One location a playlist file names, with its line (from 1).
    package struct Entry: Sendable, Hashable {
        package var line: Int
        package var location: String
    }

    /// What an import made: the playlist, and the lines that named no track.
    package struct Imported: Sendable {
        package var playlist: StoredPlaylist
        package var unmatched: [Entry]
    }

    /// The largest playlist file read (a playlist of the most tracks one holds, with long paths).
    package static let maximumFileSize = 16 << 20
    /// The most tracks a playlist holds (as many as the Subsonic API lets one hold).
    package static let maximumTracks = 10_000

    let library: LibraryAPI
    private let now: @Sendable () -> Int64

    /// Playlist files of `library`'s users.
    package init(library: LibraryAPI, now: @escaping @Sendable () -> Int64 = WallClock.milliseconds) {
        self.library = library
        self.now = now
    }

    // MARK: The format

    /// The locations a playlist file's text names, in order.
    package static func entries(in text: String) -> [Entry] {
        var entries: [Entry] = []
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, raw) in lines.enumerated() {
            var line = Substring(raw)
            if index == 0, line.first == "\u{FEFF}" { line.removeFirst() }
            line = line.drop { $0 == " " || $0 == "\t" }
            while let last = line.last, last == " " || last == "\t" { line.removeLast() }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            entries.append(Entry(line: index + 1, location: String(line)))
        }
        return entries
    }

    /// A playlist file's text for `tracks`, each located as `location(track)` says.
    package static func text(of tracks: [Track], location: (Track) -> String) -> String {
        var text = "#EXTM3U\n"
        for track in tracks {
            let name = [track.artist, track.title].filter { !$0.isEmpty }.joined(separator: " - ")
            let clean = name.filter { !$0.isNewline }
            text += "#EXTINF:\(Int(track.duration.rounded())),\(clean)\n\(location(track))\n"
        }
        return text
    }

    /// The file path a location names, relative locations resolved against the folder `base`; `nil` for
    /// a URL of another scheme.
    static func path(of location: String, base: String) -> String? {
        var location = location
        if location.lowercased().hasPrefix("file://") {
            location = String(location.dropFirst(7))
            if location.lowercased().hasPrefix("localhost/") { location = String(location.dropFirst(9)) }
            guard location.hasPrefix("/"), let decoded = percentDecoded(location) else { return nil }
            location = decoded
        } else if location.contains("://") {
            return nil
        }
        location = location.replacing("\\", with: "/")
        return normalized(location.hasPrefix("/") ? location : base + "/" + location)
    }

    /// An absolute path without `.`, `..` or repeated slashes (`..` at the root stays at the root).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `%XX` sequences as the bytes they stand for, read as UTF-8; `nil` when they are not valid.
    private static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next(), let low = utf8.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The path, absolute: a relative one is taken from the working folder.
    package static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return normalized(path) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return normalized("/" + path) }
        let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return normalized(folder + "/" + path)
    }

    /// The folder a path is in.
    package static func folder(of path: String) -> String {
        let absolute = absolute(path)
        guard let slash = absolute.lastIndex(of: "/"), slash != absolute.startIndex else { return "/" }
        return String(absolute[..<slash])
    }

    // MARK: Import and export

    /// Reads the playlist file at `path` into a new playlist of `owner`'s, named `name` (by default the
    /// file's name without its extension).
    /// - Throws: `noInput` for a file that cannot be read, `malformedInput` for one that is not UTF-8 text
    ///   or too large, `conflict` when the owner has a playlist of that name already.
    package func importFile(at path: String, name: String?, owner: StoredUser) async throws -> Imported {
        let read = await BlockingPool.files.run { () -> Result<[UInt8], RegularFile.Failure> in
            do throws(RegularFile.Failure) {
                return .success(try RegularFile.read(path, maximumSize: Self.maximumFileSize))
            } catch {
                return .failure(error)
            }
        }
        let bytes: [UInt8]
        switch read {
        case .success(let read): bytes = read
        case .failure(.tooLarge):
            throw LibraryError(.malformedInput, "\(path) is larger than a playlist file can be (16 MB)")
        case .failure(let failure): throw LibraryError(.noInput, "cannot read \(path): \(failure)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LibraryError(.malformedInput, "\(path) is not UTF-8 text (an .m3u8 playlist is)")
        }
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let name = try Self.checkedName(name ?? (file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file))
        let folder = Self.folder(of: path)
        let roots = try await library.musicFolders()
        // The tracks of the library's albums by path (a deleted album's tracks are kept for its undo, but
        // are not in the library: a line naming one names no track).
        let kept = try await library.storedTracks(under: "/")
        let present = Set(
            try await library.listening { reader in
                try reader.catalogTracks(TrackSelection(ids: kept.map(\.track.id)), offset: 0, limit: .max)
            }.map(\.stored.track.id))
        var byPath: [String: String] = [:]
        for track in kept where present.contains(track.track.id) { byPath[track.track.path] = track.track.id }
        var ids: [String] = []
        var unmatched: [Entry] = []
        for entry in Self.entries(in: text) {
            let relative = !entry.location.hasPrefix("/") && !entry.location.contains("://")
            let candidates =
                [folder] + (relative ? roots : [])
            let found = candidates.lazy.compactMap { Self.path(of: entry.location, base: $0) }
                .compactMap { byPath[$0] }.first
            if let found { ids.append(found) } else { unmatched.append(entry) }
        }
        guard ids.count <= Self.maximumTracks else {
            throw LibraryError(
                .malformedInput,
                "\(path) names \(ids.count) tracks; a playlist holds at most \(Self.maximumTracks)")
        }
        let time = now()
        let playlist = StoredPlaylist(
            id: AlbumID.random().rawValue, owner: owner.id, name: name, created: time, changed: time,
            trackIDs: ids)
        try await library.changeUserData(of: owner.id) { writer in
            if try writer.playlists().contains(where: { $0.owner == owner.id && $0.name == name }) {
                throw LibraryError(
                    .conflict,
                    "\(owner.name) has a playlist named '\(name)' already; give another with --name")
            }
            try writer.savePlaylist(playlist)
        }
        return Imported(playlist: playlist, unmatched: unmatched)
    }

    /// A playlist's name given on a command line: 1 to 500 characters on one line.
    /// - Throws: `usage` naming it.
    package static func checkedName(_ name: String) throws -> String {
        guard !name.isEmpty, name.count <= 500, !name.contains(where: \.isNewline) else {
            throw LibraryError(.usage, "invalid playlist name '\(name.prefix(80))': use 1 to 500 characters")
        }
        return name
    }

    /// The text of a playlist file for `playlist`: its tracks still in the library, in order; those under
    /// the folder `relativeTo` (the file's) located relative to it, the others by their absolute paths.
    /// - Returns: the text, and how many of its tracks are no longer in the library (left out).
    package func export(_ playlist: StoredPlaylist, relativeTo folder: String?) async throws
        -> (text: String, missing: Int)
    {
        let now = WallClock.milliseconds()
        let tracks = try await library.listening { try $0.tracks(of: playlist, now: now) }.map(\.stored.track)
        let prefix = folder.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        let text = Self.text(of: tracks) { track in
            guard let prefix, track.path.hasPrefix(prefix) else { return track.path }
            return String(track.path.dropFirst(prefix.count))
        }
        return (text, playlist.rule == nil ? playlist.trackIDs.count - tracks.count : 0)
    }

    /// The playlist of `owner`'s named `name` (exactly, or else ignoring case).
    /// - Throws: `notFound` when they have none of that name.
    package func playlist(named name: String, of owner: StoredUser) async throws -> StoredPlaylist {
        let theirs = try await library.listening { try $0.playlists() }.filter { $0.owner == owner.id }
        if let exact = theirs.first(where: { $0.name == name }) { return exact }
        if let loose = theirs.first(where: { $0.name.lowercased() == name.lowercased() }) { return loose }
        throw LibraryError(.notFound, "\(owner.name) has no playlist named '\(name.prefix(80))'")
    }
}
