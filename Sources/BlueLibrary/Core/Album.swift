/// An album in the library: the model of MVC. It knows nothing of storage or display.
///
/// Every `Album` is valid: the initializer checks each field, and the fields cannot be changed except
/// through ``updating(_:)``, which checks again. The tutorial's `Album` held five strings; here the year
/// is a validated integer and each album has a stable ``id``.
package struct Album: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The stable identity of the album.
    package let id: AlbumID
    /// The album's title (never empty).
    package let title: String
    /// The performing artist (never empty).
    package let artist: String
    /// The genre; may be empty.
    package let genre: String
    /// The release year, 1000…9999, when known.
    package let year: Int?
    /// Where the cover image lives: an `http`, `https` or `file` URL, an absolute path, or empty. A
    /// local audio file means the picture embedded in it.
    package let coverURL: String
    /// The MusicBrainz id of the album (its release group, or the release its files are tagged with),
    /// lowercase; empty when unknown.
    package let mbid: String
    /// How many tracks the album has (albums typed by hand have none; a scan fills them in).
    package let trackCount: Int
    /// The tracks' total length in seconds.
    package let length: Double

    /// The longest title, artist or genre accepted, in characters.
    package static let maximumTextLength = 500
    /// The longest cover URL accepted, in UTF-8 bytes.
    package static let maximumURLLength = 2048
    /// The years an album can have.
    package static let yearRange = 1000...9999

    /// Creates a validated album.
    /// - Throws: ``LibraryError`` with code `invalidField` naming the field and the bad value.
    package init(
        id: AlbumID = .random(), title: String, artist: String, genre: String = "", year: Int? = nil,
        coverURL: String = "", mbid: String = "", trackCount: Int = 0, length: Double = 0
    ) throws {
        self.id = id
        self.title = try Album.validatedText(title, field: .title, required: true)
        self.artist = try Album.validatedText(artist, field: .artist, required: true)
        self.genre = try Album.validatedText(genre, field: .genre, required: false)
        self.year = try year.map(Album.validatedYear)
        self.coverURL = try Album.validatedCoverURL(coverURL)
        self.mbid = try Album.validatedMBID(mbid)
        self.trackCount = max(trackCount, 0)
        self.length = length.isFinite ? max(length, 0) : 0
    }

    /// Creates an album from fields read back from our own database, which were validated on the way in.
    package init(
        trustedID id: AlbumID, title: String, artist: String, genre: String, year: Int?, coverURL: String,
        mbid: String = "", trackCount: Int = 0, length: Double = 0
    ) {
        self.id = id
        self.title = title
        self.artist = artist
        self.genre = genre
        self.year = year
        self.coverURL = coverURL
        self.mbid = mbid
        self.trackCount = trackCount
        self.length = length
    }

    /// The same album (same id, same tracks) with some fields changed, validated again.
    package func updating(_ patch: AlbumPatch) throws -> Album {
        try Album(
            id: id, title: patch.title ?? title, artist: patch.artist ?? artist, genre: patch.genre ?? genre,
            year: patch.year ?? year, coverURL: patch.coverURL ?? coverURL, mbid: patch.mbid ?? mbid,
            trackCount: trackCount, length: length)
    }

    /// The same album with its tracks' count and total length.
    package func withTracks(count: Int, length: Double) -> Album {
        Album(
            trustedID: id, title: title, artist: artist, genre: genre, year: year, coverURL: coverURL,
            mbid: mbid, trackCount: count, length: length)
    }

    /// Lists the five fields, like the tutorial's description.
    package var description: String {
        "title: \(title) artist: \(artist) genre: \(genre) coverUrl: \(coverURL) year: \(year.map(String.init) ?? "")"
    }

    // MARK: Validation

    private static func validatedText(_ raw: String, field: AlbumField, required: Bool) throws -> String {
        let text = raw.trimmed
        if required && text.isEmpty {
            throw LibraryError(.invalidField, "invalid \(field.rawValue) '\(raw)': must not be empty")
        }
        // Counting characters walks the string; only strings long in bytes can be long in characters.
        if text.utf8.count > maximumTextLength && text.count > maximumTextLength {
            throw LibraryError(
                .invalidField,
                "invalid \(field.rawValue) '\(text.prefix(20))…': longer than \(maximumTextLength) characters"
            )
        }
        if containsControlCharacter(text) {
            throw LibraryError(
                .invalidField,
                "invalid \(field.rawValue) \(quoted(text)): must not contain control characters")
        }
        return text
    }

    private static func containsControlCharacter(_ text: String) -> Bool {
        var ascii = true
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F { return true }
            if byte >= 0x80 { ascii = false }
        }
        return !ascii && text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// Checks a year; also used by parsers that read a year from text.
    package static func validatedYear(_ year: Int) throws -> Int {
        guard yearRange.contains(year) else {
            throw LibraryError(.invalidField, "invalid year '\(year)': must be between 1000 and 9999")
        }
        return year
    }

    /// Parses and checks a year written as text; empty text means no year.
    package static func parseYear(_ text: String) throws -> Int? {
        let trimmed = text.trimmed
        if trimmed.isEmpty { return nil }
        guard let year = Int(trimmed) else {
            throw LibraryError(.invalidField, "invalid year '\(text)': not a whole number")
        }
        return try validatedYear(year)
    }

    /// A MusicBrainz id: empty, or a UUID (stored lowercase).
    private static func validatedMBID(_ raw: String) throws -> String {
        let text = raw.trimmed.lowercased()
        guard text.isEmpty || AlbumID(text) != nil else {
            throw LibraryError(.invalidField, "invalid mbid \(quoted(text)): not a MusicBrainz id (a UUID)")
        }
        return text
    }

    private static func validatedCoverURL(_ raw: String) throws -> String {
        let text = raw.trimmed
        if text.isEmpty { return "" }
        if text.utf8.count > maximumURLLength {
            throw LibraryError(
                .invalidField,
                "invalid cover_url '\(text.prefix(40))…': longer than \(maximumURLLength) bytes")
        }
        if text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
            throw LibraryError(
                .invalidField,
                "invalid cover_url \(quoted(text)): must not contain spaces or control characters")
        }
        let bytes = text.utf8
        if bytes.first == UInt8(ascii: "/") { return text }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), isScheme(bytes[..<colon]) else {
            throw LibraryError(
                .invalidField, "invalid cover_url \(quoted(text)): not a URL or an absolute path")
        }
        let scheme = String(decoding: bytes[..<colon].map { $0 | 0x20 }, as: UTF8.self)
        let rest = bytes[bytes.index(after: colon)...]
        let slash = UInt8(ascii: "/")
        switch scheme {
        case "http", "https":
            let afterSlashes = rest.starts(with: [slash, slash]) ? rest.dropFirst(2) : rest.prefix(0)
            let host = afterSlashes.prefix {
                $0 != slash && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
            }
            guard !host.isEmpty else {
                throw LibraryError(.invalidField, "invalid cover_url \(quoted(text)): no host")
            }
        case "file":
            guard rest.contains(slash), rest.contains(where: { $0 != slash }) else {
                throw LibraryError(.invalidField, "invalid cover_url \(quoted(text)): no path")
            }
        default:
            throw LibraryError(
                .invalidField,
                "invalid cover_url \(quoted(text)): unsupported scheme '\(scheme)' (use http, https or file)")
        }
        return text
    }

    /// RFC 3986: a letter, then letters, digits, `+`, `-` or `.`.
    private static func isScheme(_ bytes: Substring.UTF8View) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy { byte in
            isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.escapingControlCharacters + "'"
    }
}

/// A partial change to an album: each non-nil field replaces the album's value.
package struct AlbumPatch: Sendable, Equatable {
    /// The new title, if it changes.
    package var title: String?
    /// The new artist, if it changes.
    package var artist: String?
    /// The new genre, if it changes.
    package var genre: String?
    /// The new year, if it changes; `.some(nil)` clears it.
    package var year: Int??
    /// The new cover URL, if it changes.
    package var coverURL: String?
    /// The new MusicBrainz id, if it changes (empty clears it).
    package var mbid: String?

    /// Creates a patch; omitted fields stay as they are.
    package init(
        title: String? = nil, artist: String? = nil, genre: String? = nil, year: Int?? = nil,
        coverURL: String? = nil, mbid: String? = nil
    ) {
        self.title = title
        self.artist = artist
        self.genre = genre
        self.year = year
        self.coverURL = coverURL
        self.mbid = mbid
    }

    /// Whether the patch changes nothing.
    package var isEmpty: Bool { self == AlbumPatch() }
}
