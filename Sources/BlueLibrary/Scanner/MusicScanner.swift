import BlueLibraryConcurrency
import BlueLibraryCore
import SystemFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Scans a music folder: walks it, reads the tags of new and changed audio files, and groups the tracks
/// into albums with their art.
///
/// ```swift
/// let scanner = MusicScanner()
/// let first = try await scanner.scan("/music")
/// // … store first.albums and first.files …
/// let again = try await scanner.scan("/music", previous: first.files)  // reads only what changed
/// ```
///
/// The walk and the reads run on threads the scanner starts (reads on ``threads`` of them), never on
/// Swift's cooperative pool; the results come back to the calling task, which alone keeps the scan's
/// state. A file that cannot be read is listed in ``ScanResult/unreadable`` and the scan goes on; one
/// that was read before (or lies in a folder that cannot be read now) keeps its earlier record, so its
/// album stays as it was.
package struct MusicScanner: Sendable {
    /// Reads the tags.
    package let reader: any TagReader
    /// How many files are read at once.
    package let threads: Int

    /// Creates a scanner.
    /// - Parameters:
    ///   - reader: reads the tags; TagLib unless a test gives a twin.
    ///   - threads: how many files to read at once; by default one per processor this process may use.
    package init(reader: any TagReader = TagLibReader(), threads: Int? = nil) {
        self.reader = reader
        self.threads = max(1, threads ?? NamedThread.usableProcessorCount)
    }

    /// Scans `folder` and everything below it.
    /// - Parameters:
    ///   - folder: the music folder; a relative path is taken from the current directory.
    ///   - previous: the ``ScanResult/files`` of an earlier scan (or what a caller stored of them). A file
    ///     whose size and modification time match is not read again; records outside `folder` are
    ///     ignored, so a caller may pass every file it knows.
    ///   - progress: called on the scanning task as files are accounted for; keep it quick.
    /// - Throws: ``LibraryError`` `noInput` when `folder` is not a readable folder, `unavailable` when files
    ///   need reading and the reader cannot read any (TagLib cannot be loaded); `CancellationError` when
    ///   the task is cancelled.
    package func scan(
        _ folder: String, previous: [ScannedFile] = [],
        progress: (ScanProgress) -> Void = { _ in }
    ) async throws -> ScanResult {
        let walk = try await BlockingThreads.run { try FolderWalk(folder: folder) }
        let plan = ScanPlan(walk: walk, previous: previous)
        var counts = plan.counts
        var done = counts.unchanged
        progress(ScanProgress(done: done, total: counts.seen))

        var files = plan.unchanged
        var unreadable = walk.problems
        let reader = self.reader
        let toRead = plan.toRead
        if !toRead.isEmpty { try await BlockingThreads.run { try reader.prepare() } }
        let completed = await BlockingThreads.forEach(
            toRead, threads: threads, { entry in Result { try reader.tags(at: entry.path) } },
            receive: { index, outcome in
                let entry = toRead[index]
                switch outcome {
                case .success(let tags):
                    files.append(
                        ScannedFile(path: entry.path, size: entry.size, modified: entry.modified, tags: tags))
                case .failure(let error):
                    unreadable.append(
                        UnreadableFile(path: entry.path, error: MusicScanner.libraryError(error, entry.path)))
                    // A file read before keeps what was read then: unreadable is not gone.
                    if let old = plan.previous[entry.path] { files.append(old) }
                }
                done += 1
                progress(ScanProgress(done: done, total: counts.seen))
            })
        guard completed else { throw CancellationError() }
        files.sort { $0.path < $1.path }

        var albums = albums(of: files, walk: walk, plan: plan)
        counts.picturesRead = try await loadPictures(&albums, unreadable: &unreadable)
        unreadable.sort { $0.path < $1.path }
        counts.unreadable = unreadable.count
        return ScanResult(
            root: walk.root, albums: albums, files: files, removed: plan.removed, unreadable: unreadable,
            counts: counts)
    }

    /// Reads the picture embedded in a track, for an unchanged album whose art a caller needs again.
    /// - Throws: ``LibraryError`` naming the file when it cannot be read.
    package func picture(embeddedIn trackPath: String) async throws -> EmbeddedPicture? {
        let reader = self.reader
        return try await BlockingThreads.run { try reader.picture(at: trackPath) }
    }
}

extension MusicScanner {
    /// The kinds of file beside a track that hold its lyrics, in the order they are preferred (timed
    /// lines first).
    package static let lyricsExtensions = ["lrc", "txt"]

    /// The track's lyrics: from a file beside it with the same base name (`Song.lrc`, `Song.txt`), then
    /// from its tags; each source that holds words once, in that order.
    /// - Throws: ``LibraryError`` naming the track when its file cannot be read.
    package func lyrics(of trackPath: String) async throws -> [Lyrics] {
        let reader = self.reader
        return try await BlockingThreads.run {
            let slash =
                trackPath.lastIndex(of: "/").map { trackPath.index(after: $0) } ?? trackPath.startIndex
            let name = trackPath[slash...]
            let stem = name.lastIndex(of: ".").map { String(trackPath[..<$0]) } ?? trackPath
            var found: [Lyrics] = []
            for kind in MusicScanner.lyricsExtensions {
                let sidecar = stem + "." + kind
                // A missing, unreadable or oversized file beside the track is simply no lyrics.
                // Never through a link: a link put beside a track must not serve another file.
                guard
                    let bytes = try? RegularFile.read(
                        sidecar, links: .notLast, maximumSize: Lyrics.maximumSize)
                else { continue }
                let origin = String(
                    sidecar[sidecar.index(after: sidecar.lastIndex(of: "/") ?? sidecar.startIndex)...])
                if let lyrics = Lyrics(text: String(decoding: bytes, as: UTF8.self), origin: origin) {
                    found.append(lyrics)
                }
            }
            // A file whose tags cannot be read still has the lyrics beside it.
            let embedded: [String]
            do {
                embedded = try reader.lyrics(at: trackPath)
            } catch  where !found.isEmpty {
                embedded = []
            }
            for text in embedded {
                if let lyrics = Lyrics(text: text, origin: "embedded"),
                    !found.contains(where: { $0.lines == lyrics.lines })
                {
                    found.append(lyrics)
                }
            }
            return found
        }
    }
}
