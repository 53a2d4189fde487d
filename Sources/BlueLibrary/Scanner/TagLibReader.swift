import BlueLibraryCore
import CTagLibLoader

/// The ``TagReader`` of the app: TagLib, through the C shim in `Sources/C/CTagLib`, a shared library of its
/// own (`libBlueLibraryTagLib.so`) loaded on the first read, so commands that never read audio files
/// never load TagLib.
///
/// Reads MP3 (ID3v1 and ID3v2), FLAC, Ogg Vorbis, Opus, M4A/MP4 and WAV, and whatever else TagLib knows.
/// This is the only type that touches the shim's C pointers.
package struct TagLibReader: TagReader {
    /// Creates a reader; nothing is loaded until the first read.
    package init() {}

    /// Loads TagLib now.
    /// - Throws: ``LibraryError`` `unavailable` — "cannot load TagLib (…); install libtag1v5".
    package func prepare() throws {
        var reason = [CChar](repeating: 0, count: 512)
        if bl_taglib_load(&reason, reason.count) != 0 {
            throw LibraryError(.unavailable, String(nulTerminated: reason))
        }
    }

    /// ``tags(at:)`` on a thread of its own, for an async caller (TagLib blocks on the file).
    package func readTags(at path: String) async throws -> TrackTags {
        try await BlockingThreads.run { try tags(at: path) }
    }

    package func tags(at path: String) throws -> TrackTags {
        try read(path, flags: Int32(BL_TAGLIB_READ_TAGS)) { file in
            var properties: [(key: String, value: String)] = []
            properties.reserveCapacity(file.property_count)
            for index in 0..<file.property_count {
                let property = file.properties[index]
                guard let key = property.key, let value = property.value,
                    let keyText = String(validatingCString: key), TagLibReader.wanted.contains(keyText),
                    let valueText = String(validatingCString: value)
                else { continue }
                properties.append((keyText, valueText))
            }
            return TrackTags(
                properties: properties, duration: Double(file.duration_ms) / 1000,
                hasPicture: file.has_picture != 0)
        }
    }

    package func lyrics(at path: String) throws -> [String] {
        try read(path, flags: Int32(BL_TAGLIB_READ_TAGS)) { file in
            (0..<file.property_count).compactMap { index in
                let property = file.properties[index]
                guard let key = property.key, let value = property.value,
                    let keyText = String(validatingCString: key), TagLibReader.lyricsKeys.contains(keyText)
                else { return nil }
                let text = String(cString: value)
                return text.utf8.count <= Lyrics.maximumSize ? text : nil
            }
        }
    }

    /// The property keys TagLib gives lyrics under, and the shim's `SYLT` (ID3v2 synchronised lyrics, as
    /// LRC text).
    private static let lyricsKeys: Set<String> = ["LYRICS", "UNSYNCEDLYRICS", "UNSYNCED LYRICS", "SYLT"]

    package func picture(at path: String) throws -> EmbeddedPicture? {
        try read(path, flags: Int32(BL_TAGLIB_READ_PICTURE)) { file in
            guard let bytes = file.picture, file.picture_size > 0 else { return nil }
            let mimeType = file.picture_mime_type.flatMap { String(validatingCString: $0) } ?? ""
            return EmbeddedPicture(
                bytes: Array(UnsafeBufferPointer(start: bytes, count: file.picture_size)),
                taggedMIMEType: mimeType)
        }
    }

    /// The property keys ``TrackTags/init(properties:duration:hasPicture:)`` looks at; others are not
    /// converted to Swift strings.
    private static let wanted: Set<String> = [
        "TITLE", "ARTIST", "ALBUMARTIST", "ALBUM ARTIST", "ALBUM_ARTIST", "ALBUM", "DATE", "ORIGINALDATE",
        "YEAR", "GENRE", "DISCNUMBER", "TRACKNUMBER", "MUSICBRAINZ_ALBUMID", "MUSICBRAINZ_RELEASEGROUPID",
        "MUSICBRAINZ_ARTISTID",
        "COMPILATION", "TCMP", "ITUNESCOMPILATION", "ARTISTS", "DISCSUBTITLE", "REPLAYGAIN_TRACK_GAIN",
        "REPLAYGAIN_TRACK_PEAK", "REPLAYGAIN_ALBUM_GAIN", "REPLAYGAIN_ALBUM_PEAK",
    ]

    /// Calls the shim, turns its failure into a ``LibraryError``, and frees what it returned.
    private func read<T>(_ path: String, flags: Int32, _ body: (bl_taglib_file) -> T) throws -> T {
        try prepare()
        guard let file = bl_taglib_loaded_read(path, flags) else {
            throw LibraryError(.internal, "cannot read '\(path)': out of memory")
        }
        defer { bl_taglib_loaded_free(file) }
        if let error = file.pointee.error {
            let reason = String(cString: error)
            let code: LibraryErrorCode
            switch Int(file.pointee.error_code) {
            case Int(BL_TAGLIB_CANNOT_OPEN): code = .noInput
            case Int(BL_TAGLIB_NOT_AUDIO): code = .malformedInput
            default: code = .internal
            }
            throw LibraryError(code, "cannot read '\(path)': \(reason)")
        }
        return body(file.pointee)
    }
}
