import BlueLibraryCore
import BlueLibraryScanner
import BlueLibraryServices

#if canImport(Glibc)
    import Glibc
#endif

/// `bluelibrary write`: puts the library's values back in the files' tags (beets' `write`), so other
/// players — and a fresh library scanning the folder — see what was corrected here.
///
/// A tag is compared with what the scan read of the file (the tags stored with its track) and written
/// only when the library says otherwise: the tags a file has are rewritten, and a title, track or disc
/// number the file lacks is added (never a title that is only the file's name). Files are written with
/// ``TagFileWriter`` (a synced copy renamed over the original); a file changed on disk since the scan
/// is left alone unless forced, and a file that cannot be written is one line while the others go on.
package struct TagWriteBack: Sendable {
    /// One tag to change in one file.
    package struct Change: Sendable, Equatable {
        /// The file.
        package var path: String
        /// TagLib's key: `TITLE`, `ARTIST`, `ALBUM`, `ALBUMARTIST`, `GENRE`, `DATE`, `TRACKNUMBER`,
        /// `DISCNUMBER`.
        package var key: String
        /// The file's value (`nil`: the file has none).
        package var old: String?
        /// The library's value (`nil`: the tag is removed).
        package var new: String?
        /// The values written one by one when there are several (a track's genres), else `nil`: `new`.
        package var values: [String]? = nil
    }

    /// What a run did.
    package struct Report: Sendable {
        /// Every change, in album and track order (made, or with `pretend` only listed).
        package var changes: [Change] = []
        /// How many files were written.
        package var written = 0
        /// How many files already held the library's values.
        package var unchanged = 0
        /// The files left alone, each with why.
        package var problems: [UnreadableFile] = []
    }

    let library: LibraryAPI

    /// Writes back through `library`.
    package init(library: LibraryAPI) {
        self.library = library
    }

    /// Writes the tags of the tracks of every album `query` matches.
    /// - Parameters:
    ///   - pretend: list the changes and write nothing.
    ///   - force: write files changed on disk since the last scan too.
    package func run(matching query: Query, pretend: Bool, force: Bool) async throws -> Report {
        let albums = try await library.page(matching: query).albums.map(\.album).filter { $0.trackCount > 0 }
        var report = Report()
        for album in albums {
            var rewritten: [StoredTrack] = []
            for stored in try await library.storedTracks(of: album.id) {
                let path = stored.track.path
                guard let tags = TrackTags(stored: stored.tags) else {
                    report.problems.append(
                        problem(path, .noInput, "it was not read from its file; import its folder first"))
                    continue
                }
                let changes = Self.changes(stored.track, on: album, tagged: tags)
                guard !changes.isEmpty else {
                    report.unchanged += 1
                    continue
                }
                if !force, let now = Self.fileStamp(path), now != (stored.size, stored.modified) {
                    report.problems.append(
                        problem(
                            path, .conflict, "it changed on disk since the last scan (rescan it, or --force)")
                    )
                    continue
                }
                report.changes += changes
                if pretend { continue }
                do {
                    rewritten.append(try await Self.write(changes, to: stored, of: album.id))
                    report.written += 1
                } catch let error as LibraryError {
                    report.problems.append(UnreadableFile(path: path, error: error))
                }
            }
            if !rewritten.isEmpty { try await library.noteRewrittenFiles(rewritten) }
        }
        return report
    }

    /// Writes `changes` into the file of `stored` (a track of the album `album`).
    /// - Returns: the track as its file now is: its new size, time and tags, to note in the library.
    static func write(_ changes: [Change], to stored: StoredTrack, of album: AlbumID) async throws
        -> StoredTrack
    {
        let path = stored.track.path
        var values = changes.flatMap { change -> [(key: String, value: String?)] in
            change.values.map { $0.map { (key: change.key, value: $0) } } ?? [(change.key, change.new)]
        }
        // A year cleared goes from every key a scan reads it from.
        if changes.contains(where: { $0.key == "DATE" && $0.new == nil }) {
            values += [("ORIGINALDATE", nil), ("YEAR", nil)]
        }
        let written = try await TagFileWriter.rewrite(values, at: path)
        let stamp = fileStamp(path) ?? (stored.size, stored.modified)
        return StoredTrack(
            track: stored.track, albumID: album, size: stamp.0, modified: stamp.1, tags: written.stored)
    }

    /// The tags of `track`'s file that differ from the library's values.
    static func changes(_ track: Track, on album: Album, tagged tags: TrackTags) -> [Change] {
        var changes: [Change] = []
        func compare(
            _ key: String, _ old: String?, _ new: String?, addMissing: Bool = false, values: [String]? = nil
        ) {
            guard old != new, old != nil || addMissing else { return }
            changes.append(Change(path: track.path, key: key, old: old, new: new, values: values))
        }
        let stem = Self.stem(of: track.path)
        compare(
            "TITLE", tags.title, track.title, addMissing: track.title != stem && track.title != "Untitled")
        compare("ARTIST", tags.artist, track.artist)
        compare("ALBUM", tags.album, album.title)
        compare("ALBUMARTIST", tags.albumArtist, album.artist)
        // A track's own genres (set by hand, or tagged several) go in one value each, as a scan joins
        // them ("; "); otherwise the album's genre, one value.
        let own = track.details.genres
        if let edited = track.details.editedGenres, !edited.isEmpty {
            compare("GENRE", tags.genre, edited.joined(separator: "; "), addMissing: true, values: edited)
        } else {
            let several = own.count > 1 && own.joined(separator: "; ") == album.genre ? own : nil
            compare("GENRE", tags.genre, album.genre.isEmpty ? nil : album.genre, values: several)
        }
        if tags.year != album.year { compare("DATE", tags.date, album.year.map(String.init)) }
        compare("TRACKNUMBER", tags.number.map(String.init), track.number.map(String.init), addMissing: true)
        if (tags.disc ?? 1) != track.disc {
            compare("DISCNUMBER", tags.disc.map(String.init), String(track.disc), addMissing: true)
        }
        return changes
    }

    /// The file's name without its extension: the title a scan gives a file without one.
    private static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return TrackTags.cleaned(name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name) ?? name
    }

    /// The file's size and modification time (nanoseconds), as a scan records them.
    static func fileStamp(_ path: String) -> (Int64, Int64)? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return (
            Int64(status.st_size),
            Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        )
    }

    private func problem(_ path: String, _ code: LibraryErrorCode, _ why: String) -> UnreadableFile {
        UnreadableFile(path: path, error: LibraryError(code, "not written: '\(path)': \(why)"))
    }
}
