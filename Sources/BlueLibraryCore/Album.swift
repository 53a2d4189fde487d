import Foundation

/// An album in the library: the model of MVC. It knows nothing of storage or display.
///
/// Every `Album` is valid: the initializer checks each field, and the fields cannot be changed except
/// through ``updating(_:)``, which checks again. The tutorial's `Album` held five strings; here the year
/// is a validated integer and each album has a stable ``id``.
public struct Album: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The stable identity of the album.
    public let id: AlbumID
    /// The album's title (never empty).
    public let title: String
    /// The performing artist (never empty).
    public let artist: String
    /// The genre; may be empty.
    public let genre: String
    /// The release year, 1000…9999, when known.
    public let year: Int?
    /// Where the cover image lives: an `http`, `https` or `file` URL, an absolute path, or empty.
    public let coverURL: String

    /// The longest title, artist or genre accepted, in characters.
    public static let maximumTextLength = 500
    /// The longest cover URL accepted, in UTF-8 bytes.
    public static let maximumURLLength = 2048
    /// The years an album can have.
    public static let yearRange = 1000...9999

    /// Creates a validated album.
    /// - Throws: ``LibraryError`` with code `invalidField` naming the field and the bad value.
    public init(
        id: AlbumID = .random(), title: String, artist: String, genre: String = "", year: Int? = nil,
        coverURL: String = ""
    ) throws {
        self.id = id
        self.title = try Album.validatedText(title, field: .title, required: true)
        self.artist = try Album.validatedText(artist, field: .artist, required: true)
        self.genre = try Album.validatedText(genre, field: .genre, required: false)
        self.year = try year.map(Album.validatedYear)
        self.coverURL = try Album.validatedCoverURL(coverURL)
    }

    /// Creates an album from fields read back from our own database, which were validated on the way in.
    package init(
        trustedID id: AlbumID, title: String, artist: String, genre: String, year: Int?, coverURL: String
    ) {
        self.id = id
        self.title = title
        self.artist = artist
        self.genre = genre
        self.year = year
        self.coverURL = coverURL
    }

    /// The same album (same id) with some fields changed, validated again.
    public func updating(_ patch: AlbumPatch) throws -> Album {
        try Album(
            id: id, title: patch.title ?? title, artist: patch.artist ?? artist, genre: patch.genre ?? genre,
            year: patch.year ?? year, coverURL: patch.coverURL ?? coverURL)
    }

    /// Lists the five fields, like the tutorial's description.
    public var description: String {
        "title: \(title) artist: \(artist) genre: \(genre) coverUrl: \(coverURL) year: \(year.map(String.init) ?? "")"
    }

    // MARK: Validation

    private static func validatedText(_ raw: String, field: AlbumField, required: Bool) throws -> String {
        let text = raw.trimmingCharacters(in: .whitespaces)
        if required && text.isEmpty {
            throw LibraryError(.invalidField, "invalid \(field.rawValue) '\(raw)': must not be empty")
        }
        if text.count > maximumTextLength {
            throw LibraryError(
                .invalidField,
                "invalid \(field.rawValue) '\(text.prefix(20))…': longer than \(maximumTextLength) characters"
            )
        }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw LibraryError(
                .invalidField,
                "invalid \(field.rawValue) \(quoted(text)): must not contain control characters")
        }
        return text
    }

    /// Checks a year; also used by parsers that read a year from text.
    public static func validatedYear(_ year: Int) throws -> Int {
        guard yearRange.contains(year) else {
            throw LibraryError(.invalidField, "invalid year '\(year)': must be between 1000 and 9999")
        }
        return year
    }

    /// Parses and checks a year written as text; empty text means no year.
    public static func parseYear(_ text: String) throws -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        guard let year = Int(trimmed) else {
            throw LibraryError(.invalidField, "invalid year '\(text)': not a whole number")
        }
        return try validatedYear(year)
    }

    private static func validatedCoverURL(_ raw: String) throws -> String {
        let text = raw.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return "" }
        if text.utf8.count > maximumURLLength {
            throw LibraryError(
                .invalidField,
                "invalid cover_url '\(text.prefix(40))…': longer than \(maximumURLLength) bytes")
        }
        if text.hasPrefix("/") && !text.contains("\0") { return text }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            throw LibraryError(
                .invalidField, "invalid cover_url \(quoted(text)): not a URL or an absolute path")
        }
        switch scheme {
        case "http", "https":
            guard let host = url.host, !host.isEmpty else {
                throw LibraryError(.invalidField, "invalid cover_url \(quoted(text)): no host")
            }
        case "file":
            guard !url.path.isEmpty else {
                throw LibraryError(.invalidField, "invalid cover_url \(quoted(text)): no path")
            }
        default:
            throw LibraryError(
                .invalidField,
                "invalid cover_url \(quoted(text)): unsupported scheme '\(scheme)' (use http, https or file)")
        }
        return text
    }

    private static func quoted(_ text: String) -> String {
        "'"
            + text.unicodeScalars.map {
                $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0)
            }
            .joined() + "'"
    }
}

/// A partial change to an album: each non-nil field replaces the album's value.
public struct AlbumPatch: Sendable, Equatable {
    /// The new title, if it changes.
    public var title: String?
    /// The new artist, if it changes.
    public var artist: String?
    /// The new genre, if it changes.
    public var genre: String?
    /// The new year, if it changes; `.some(nil)` clears it.
    public var year: Int??
    /// The new cover URL, if it changes.
    public var coverURL: String?

    /// Creates a patch; omitted fields stay as they are.
    public init(
        title: String? = nil, artist: String? = nil, genre: String? = nil, year: Int?? = nil,
        coverURL: String? = nil
    ) {
        self.title = title
        self.artist = artist
        self.genre = genre
        self.year = year
        self.coverURL = coverURL
    }

    /// Whether the patch changes nothing.
    public var isEmpty: Bool { self == AlbumPatch() }
}
