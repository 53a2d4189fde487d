import BlueLibraryCore
import BlueLibraryScanner
import Foundation
import Synchronization

/// A ``TagReader`` twin whose tags and pictures live in memory, by path.
package final class ScriptedTagReader: TagReader {
    private let tagsByPath = Mutex<[String: TrackTags]>([:])
    private let picturesByPath = Mutex<[String: EmbeddedPicture]>([:])

    package init() {}

    package func set(_ tags: TrackTags, picture: EmbeddedPicture? = nil, for path: String) {
        tagsByPath.withLock { $0[path] = tags }
        picturesByPath.withLock { $0[path] = picture }
    }

    /// Forgets the file at `path`: reading it fails from now on, as a damaged file's read does.
    package func forget(_ path: String) {
        tagsByPath.withLock { $0[path] = nil }
    }

    package func tags(at path: String) throws -> TrackTags {
        guard let tags = tagsByPath.withLock({ $0[path] }) else {
            throw LibraryError(
                .malformedInput, "cannot read '\(path)': not an audio file the scripted reader knows")
        }
        return tags
    }

    package func picture(at path: String) throws -> EmbeddedPicture? {
        _ = try tags(at: path)
        return picturesByPath.withLock { $0[path] }
    }
}

/// A music folder of small files (their bytes do not matter) whose tags live in a ``ScriptedTagReader``,
/// for grouping and rescan tests that need no real audio.
package struct ScriptedLibrary {
    package let directory = TemporaryDirectory("scanner")
    package let scripted = ScriptedTagReader()
    package let reads: CountingTagReader
    /// The folder, resolved as the scanner resolves it.
    package let root: String

    package init() {
        reads = CountingTagReader(scripted)
        root = URL(fileURLWithPath: directory.path).resolvingSymlinksInPath().path
    }

    /// A scanner that reads through ``reads``.
    package var scanner: MusicScanner { MusicScanner(reader: reads, threads: 2) }

    /// The absolute path of `relative`.
    package func path(_ relative: String) -> String { root + "/" + relative }

    /// Writes a placeholder file at `relative` (folders made as needed) and gives it `tags`.
    @discardableResult
    package func add(
        _ relative: String, _ tags: TrackTags = TrackTags(), picture: EmbeddedPicture? = nil,
        content: String = "audio"
    ) throws -> String {
        let path = write(relative, content)
        scripted.set(tags, picture: picture, for: path)
        return path
    }

    /// Writes a file at `relative` that is not a track (art, notes).
    @discardableResult
    package func write(_ relative: String, _ content: String) -> String {
        let path = path(relative)
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(content.utf8))
        return path
    }

    /// Scans the folder.
    package func scan(previous: [ScannedFile] = []) async throws -> ScanResult {
        try await scanner.scan(root, previous: previous)
    }
}

/// Tags for a track, briefly.
package func tags(
    _ title: String? = nil, artist: String? = nil, albumArtist: String? = nil, album: String? = nil,
    disc: Int? = nil, number: Int? = nil, date: String? = nil, genre: String? = nil, mbid: String? = nil,
    compilation: Bool = false, duration: Double = 180, picture: Bool = false
) -> TrackTags {
    TrackTags(
        title: title, artist: artist, albumArtist: albumArtist, album: album, date: date, genre: genre,
        disc: disc, number: number, musicBrainzAlbumID: mbid, isCompilation: compilation, duration: duration,
        hasPicture: picture)
}

extension ScanResult {
    /// The album titled `title`, if exactly one has that title.
    package func album(_ title: String) -> ScannedAlbum? {
        let matches = albums.filter { $0.title == title }
        return matches.count == 1 ? matches[0] : nil
    }
}
