import BlueLibraryCore

/// Reads the tags of audio files: TagLib in the app (``TagLibReader``), a counting twin in tests
/// (``CountingTagReader``).
///
/// Both methods block; the scanner calls them on threads of its own, never on Swift's cooperative pool,
/// and from several threads at once.
package protocol TagReader: Sendable {
    /// Reads the tags and the length of the audio file at `path`.
    /// - Throws: ``LibraryError`` naming the file and why it cannot be read: `noInput` when it cannot be
    ///   opened, `malformedInput` when it is not audio.
    func tags(at path: String) throws -> TrackTags

    /// Reads the picture embedded in the audio file at `path` (the front cover, else the first one),
    /// passing over pictures larger than a cover may be (10 MB).
    /// - Returns: `nil` when the file embeds no picture.
    /// - Throws: ``LibraryError`` as ``tags(at:)`` does.
    func picture(at path: String) throws -> EmbeddedPicture?

    /// Reads the lyrics embedded in the audio file at `path` (ID3v2 `USLT`, Vorbis and FLAC `LYRICS` or
    /// `UNSYNCEDLYRICS`, MP4 `©lyr`), as tagged: each value's text, line breaks kept; ID3v2 `SYLT`
    /// (synchronised, timed in milliseconds) as LRC text, its times kept.
    /// - Throws: ``LibraryError`` as ``tags(at:)`` does.
    func lyrics(at path: String) throws -> [String]

    /// Makes sure files can be read at all (loads what reading needs), so that a scan fails once, at the
    /// start, rather than once per file. Blocks, as the reads do.
    /// - Throws: ``LibraryError`` `unavailable` saying why no file can be read.
    func prepare() throws
}

extension TagReader {
    /// Nothing to prepare: a reader that can always read.
    package func prepare() throws {}

    /// No lyrics: a reader that reads none.
    package func lyrics(at path: String) throws -> [String] { [] }
}

/// A picture embedded in an audio file: its bytes, not decoded, and its MIME type.
package struct EmbeddedPicture: Sendable, Hashable {
    /// The image's bytes as stored in the file.
    package let bytes: [UInt8]
    /// The image's MIME type: `image/jpeg`, `image/png`, … (from the bytes when they say, else as tagged).
    package let mimeType: String

    /// Creates a picture; the MIME type is taken from the bytes' signature when it is a known one, so a
    /// wrongly tagged or ID3v2.2-style type (`PNG`, `JPG`) does not reach a browser.
    package init(bytes: [UInt8], taggedMIMEType: String) {
        self.bytes = bytes
        mimeType = EmbeddedPicture.sniffedType(bytes) ?? EmbeddedPicture.normalized(taggedMIMEType)
    }

    private static func sniffedType(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.starts(with: Array("BM".utf8)) { return "image/bmp" }
        if bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8))
            && Array(bytes[8..<12]) == Array("WEBP".utf8)
        {
            return "image/webp"
        }
        return nil
    }

    private static func normalized(_ tagged: String) -> String {
        let lowered = tagged.lowercased()
        switch lowered {
        case "jpg", "jpeg", "image/jpg": return "image/jpeg"
        case "png": return "image/png"
        case "": return "application/octet-stream"
        default: return lowered
        }
    }
}
