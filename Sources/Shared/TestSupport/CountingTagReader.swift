import BlueLibraryCore
import BlueLibraryScanner
import Synchronization

/// A ``TagReader`` twin that counts the reads it passes on to another reader, so tests can show that a
/// rescan does not read unchanged files again.
///
/// It lives beside the real reader (as the in-memory store lives beside the SQLite one) so that every
/// test target, the command line's included, can count reads.
package final class CountingTagReader: TagReader {
    private struct Counts {
        var tagReads: [String: Int] = [:]
        var pictureReads: [String: Int] = [:]
    }

    private let reader: any TagReader
    private let counts = Mutex(Counts())

    /// Counts the reads made through `reader`.
    package init(_ reader: any TagReader) {
        self.reader = reader
    }

    package func tags(at path: String) throws -> TrackTags {
        counts.withLock { $0.tagReads[path, default: 0] += 1 }
        return try reader.tags(at: path)
    }

    package func picture(at path: String) throws -> EmbeddedPicture? {
        counts.withLock { $0.pictureReads[path, default: 0] += 1 }
        return try reader.picture(at: path)
    }

    package func lyrics(at path: String) throws -> [String] {
        try reader.lyrics(at: path)
    }

    /// How many times tags were read, over all files.
    package var tagReads: Int { counts.withLock { $0.tagReads.values.reduce(0, +) } }

    /// The files whose tags were read, each once, sorted.
    package var pathsRead: [String] { counts.withLock { $0.tagReads.keys.sorted() } }

    /// How many times pictures were read, over all files.
    package var pictureReads: Int { counts.withLock { $0.pictureReads.values.reduce(0, +) } }

    /// Forgets the counts so far.
    package func reset() {
        counts.withLock { $0 = Counts() }
    }
}
