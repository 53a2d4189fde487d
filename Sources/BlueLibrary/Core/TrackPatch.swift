/// A partial change to a track: each non-nil field replaces the track's value.
package struct TrackPatch: Sendable, Equatable {
    /// The new title, if it changes.
    package var title: String?
    /// The new artist, if it changes (its credits are then cut from it).
    package var artist: String?
    /// The new number on its disc, if it changes; `.some(nil)` clears it.
    package var number: Int??
    /// The new disc, if it changes.
    package var disc: Int?
    /// The new genres, if they change; empty: none of its own (the album's genre applies).
    package var genres: [String]?

    /// The fields a patch can change, as `modify --tracks` and the page name them.
    package static let fieldNames = ["title", "artist", "number", "disc", "genre"]
    /// The numbers a track and a disc can have.
    package static let numberRange = 1...9999

    /// Creates a patch; omitted fields stay as they are.
    package init(
        title: String? = nil, artist: String? = nil, number: Int?? = nil, disc: Int? = nil,
        genres: [String]? = nil
    ) {
        self.title = title
        self.artist = artist
        self.number = number
        self.disc = disc
        self.genres = genres
    }

    /// Whether the patch changes nothing.
    package var isEmpty: Bool { self == TrackPatch() }

    /// Sets a field from its text (`number=` with empty text clears the number; `genre=` takes names
    /// separated by `;`, and empty text leaves the track none of its own).
    /// - Throws: ``LibraryError`` `invalidField` naming the field and the value, `usage` for an unknown
    ///   field.
    package mutating func set(_ field: String, to text: String) throws {
        switch field {
        case "title": title = text
        case "artist": artist = text
        case "number": number = .some(text.trimmed.isEmpty ? nil : try Self.whole(text, field: field))
        case "disc": disc = try Self.whole(text, field: field)
        case "genre": genres = Self.genreNames(text)
        default:
            throw LibraryError(
                .usage,
                "unknown track field '\(field)' (fields: \(Self.fieldNames.joined(separator: ", ")))")
        }
    }

    /// Genre names from text: cut at `;`, trimmed, without empty ones or a repeat (ignoring case).
    package static func genreNames(_ text: String) -> [String] {
        var seen = Set<String>()
        return text.split(separator: ";").map { String($0).trimmed }.filter {
            !$0.isEmpty && seen.insert(SearchKey.fold($0)).inserted
        }
    }

    private static func whole(_ text: String, field: String) throws -> Int {
        guard let value = Int(text.trimmed), numberRange.contains(value) else {
            throw LibraryError(
                .invalidField, "invalid \(field) '\(text)': must be a whole number from 1 to 9999")
        }
        return value
    }
}

extension Track {
    /// The same track (same file, same id) with some fields changed, checked as an album's are: a
    /// title and an artist not empty, at most 500 characters, without control characters.
    /// - Throws: ``LibraryError`` `invalidField` naming the field and the bad value.
    package func updating(_ patch: TrackPatch) throws -> Track {
        func checked(_ text: String?, _ field: String) throws -> String? {
            guard let text else { return nil }
            let value = text.trimmed
            if value.isEmpty {
                throw LibraryError(.invalidField, "invalid \(field) '\(text)': must not be empty")
            }
            if value.count > Album.maximumTextLength {
                throw LibraryError(
                    .invalidField,
                    "invalid \(field) '\(value.prefix(20))…': longer than \(Album.maximumTextLength) characters"
                )
            }
            if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw LibraryError(
                    .invalidField,
                    "invalid \(field) '\(value.escapingControlCharacters)': must not contain control characters"
                )
            }
            return value
        }
        for number in [patch.number ?? nil, patch.disc].compactMap({ $0 })
        where !TrackPatch.numberRange.contains(number) {
            throw LibraryError(
                .invalidField, "invalid number '\(number)': must be a whole number from 1 to 9999")
        }
        var updated = Track(
            disc: patch.disc ?? disc, number: patch.number ?? number,
            title: try checked(patch.title, "title") ?? title,
            artist: artist, duration: duration, path: path, details: details, id: storedID)
        if let artist = try checked(patch.artist, "artist"), artist != self.artist {
            updated = updated.withArtist(artist)
        }
        if let genres = try patch.genres?.map({ try checked($0, "genre") ?? $0 }), genres != details.genres {
            updated.details.editedGenres = genres
        }
        return updated
    }
}
