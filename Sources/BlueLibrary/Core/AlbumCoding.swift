/// Albums as JSON objects and CSV records, with the same keys everywhere (CLI, files, web API):
/// `id`, `title`, `artist`, `genre`, `year`, `cover_url`.
package enum AlbumCoding {
    /// The keys of an album, in output order; also the CSV header.
    package static let keys = AlbumField.allCases.map(\.rawValue)

    /// The album's external form as JSON — the one definition, used by the command line (`--json`,
    /// export), the web API, the history and outbox rows and sync: `{"id", "title", "artist", "genre",
    /// "year", "cover_url"}`, plus `"index"` (its place in the library) when given.
    package static func json(_ album: Album, index: Int? = nil) -> JSONValue {
        .object(members(album, index: index))
    }

    private static func members(_ album: Album, index: Int?) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(album.id.rawValue)), ("title", .string(album.title)),
            ("artist", .string(album.artist)), ("genre", .string(album.genre)),
            ("year", album.year.map { .number(String($0)) } ?? .null), ("cover_url", .string(album.coverURL)),
            ("mbid", .string(album.mbid)),
        ]
        if let index { members.append(("index", .number(String(index)))) }
        return members
    }

    /// How a track's external form names the track's file.
    package enum TrackFile {
        /// By its path: the command line, whose user owns the files (`show --json`).
        case path
        /// By a URL that serves it, made from the track: the web, which never shows where files are.
        case audio(url: (Track) -> String)
    }

    /// A track's external form — the one definition, used by `show --json` and the web's album details:
    /// `{"id", "disc", "number", "title", "artist", "duration"}` and then `"path"` or `"audio"`, as
    /// `file` says; the command line's goes on with `"genres"` when they were set by hand. The web's form
    /// goes on with what the page shows and plays by: `"artists"` (the credits), `"genres"` (the track's
    /// own, empty when the album's apply), `"discSubtitle"` when tagged and `"replayGain"` (`trackGain`,
    /// `trackPeak`, `albumGain`, `albumPeak`, each when tagged) when any is.
    package static func json(_ track: Track, file: TrackFile) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(track.id)), ("disc", .number(String(track.disc))),
            ("number", track.number.map { .number(String($0)) } ?? .null), ("title", .string(track.title)),
            ("artist", .string(track.artist)), ("duration", .number(String(format3(track.duration)))),
        ]
        switch file {
        case .path:
            members.append(("path", .string(track.path)))
            if let genres = track.details.editedGenres {
                members.append(("genres", .array(genres.map { .string($0) })))
            }
        case .audio(let url):
            members.append(("audio", .string(url(track))))
            members.append(("artists", .array(track.artists.map { .string($0) })))
            members.append(("genres", .array(track.details.genres.map { .string($0) })))
            if !track.details.discSubtitle.isEmpty {
                members.append(("discSubtitle", .string(track.details.discSubtitle)))
            }
            let gain = track.details.replayGain
            let values = [
                ("trackGain", gain.trackGain), ("trackPeak", gain.trackPeak), ("albumGain", gain.albumGain),
                ("albumPeak", gain.albumPeak),
            ].compactMap { key, value in value.map { (key: key, value: JSONValue.number(String($0))) } }
            if !values.isEmpty { members.append(("replayGain", .object(values))) }
        }
        return .object(members)
    }

    /// An album's details: its ``json(_:index:)`` with its `"tracks"` (in album order; `[]` for an
    /// album typed by hand), each named as `file` says.
    package static func json(_ album: Album, index: Int? = nil, tracks: [Track], file: TrackFile) -> JSONValue
    {
        .object(members(album, index: index) + [("tracks", .array(tracks.map { json($0, file: file) }))])
    }

    /// Seconds with at most three decimals, as JSON writes them.
    private static func format3(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded())
        let fraction = millis % 1000
        guard fraction != 0 else { return String(millis / 1000) }
        let digits = String(fraction + 1000).dropFirst()
        return "\(millis / 1000).\(digits.reversed().drop { $0 == "0" }.reversed().map(String.init).joined())"
    }

    /// Appends the album's ``json(_:index:)`` compactly to `output`.
    package static func appendJSON(_ album: Album, index: Int? = nil, to output: inout [UInt8]) {
        JSONWriter.append(json(album, index: index), to: &output)
    }

    /// A year as JSON writes it: a whole number from 1000 to 9999, or `null` for none.
    package static func year(from value: JSONValue) throws -> Int? {
        switch value {
        case .null: return nil
        case .number(let text):
            guard let number = Int(text) else {
                throw LibraryError(.invalidField, "invalid year '\(text)': not a whole number")
            }
            return try Album.validatedYear(number)
        default:
            throw LibraryError(
                .malformedInput, "\"year\" must be a whole number or null, not \(value.typeName)")
        }
    }

    /// A change to some fields, in the external form (`{"title": …, "year": null, …}`); an `id` member
    /// must name `id` itself (sync sends whole albums) and changes nothing.
    /// - Throws: `malformedInput` for unknown keys, wrong types, another id or an empty change.
    package static func patch(from members: [(key: String, value: JSONValue)], of id: AlbumID?) throws
        -> AlbumPatch
    {
        var patch = AlbumPatch()
        for (key, value) in members {
            switch (key, value) {
            case ("title", .string(let text)): patch.title = text
            case ("artist", .string(let text)): patch.artist = text
            case ("genre", .string(let text)): patch.genre = text
            case ("cover_url", .string(let text)): patch.coverURL = text
            case ("mbid", .string(let text)): patch.mbid = text
            case ("year", _): patch.year = .some(try year(from: value))
            case ("id", .string(let text)) where id != nil && AlbumID(text) == id: continue
            case ("id", _): throw LibraryError(.malformedInput, "\"id\" cannot be changed")
            case ("title", _), ("artist", _), ("genre", _), ("cover_url", _), ("mbid", _):
                throw LibraryError(.malformedInput, "\"\(key)\" has the wrong type (\(value.typeName))")
            default:
                throw LibraryError(.malformedInput, "unknown or unchangeable key \"\(key)\"")
            }
        }
        guard !patch.isEmpty else { throw LibraryError(.malformedInput, "nothing to change") }
        return patch
    }

    /// The album's fields as a CSV record in ``keys`` order.
    package static func csvFields(_ album: Album) -> [String] {
        AlbumField.allCases.map { album.text(of: $0) }
    }

    /// Reads an album from a JSON object, strictly: only known keys, `title` and `artist` required,
    /// `year` an integer or null; a missing `id` gets a new one.
    package static func album(from value: JSONValue) throws -> Album {
        try imported(from: value).album
    }

    /// Reads an album from a JSON object as ``album(from:)`` does, with its `tracks` when it has them
    /// (an export's form); the album's track count and length are those of its tracks.
    package static func imported(from value: JSONValue) throws -> ImportedAlbum {
        guard case .object(let members) = value else {
            throw LibraryError(.malformedInput, "expected an album object, found \(value.typeName)")
        }
        var texts = [String?](repeating: nil, count: AlbumField.allCases.count)
        var year: Int?
        var tracks: [Track]?
        for (key, member) in members {
            if key == "tracks" {
                guard case .array(let elements) = member else {
                    throw LibraryError(.malformedInput, "\"tracks\" must be an array, not \(member.typeName)")
                }
                tracks = try elements.enumerated().map { offset, element in
                    do {
                        return try track(from: element)
                    } catch let error as LibraryError {
                        throw LibraryError(error.code, "track \(offset + 1): \(error.message)")
                    }
                }
                continue
            }
            guard let field = AlbumField(rawValue: key) else {
                throw LibraryError(
                    .malformedInput, "unknown key \"\(key)\" (keys: \(keys.joined(separator: ", ")), tracks)")
            }
            if field == .year {
                year = try self.year(from: member)
                continue
            }
            guard case .string(let text) = member else {
                throw LibraryError(.malformedInput, "\"\(key)\" must be a string, not \(member.typeName)")
            }
            texts[fieldIndex[field] ?? 0] = text
        }
        let album = try self.album(texts: texts, year: year)
        guard let tracks else { return ImportedAlbum(album: album, tracks: nil) }
        return ImportedAlbum(
            album: album.withTracks(count: tracks.count, length: tracks.reduce(0) { $0 + $1.duration }),
            tracks: tracks)
    }

    /// Reads a track of an export: `disc`, `number` (or null), `title`, `artist`, `duration` and an
    /// absolute `path`; an `id`, when given, must be the one the path makes (ids are made from paths);
    /// `genres`, when given, the names set by hand (checked as an edit's).
    static func track(from value: JSONValue) throws -> Track {
        guard case .object(let members) = value else {
            throw LibraryError(.malformedInput, "expected a track object, found \(value.typeName)")
        }
        var fields: [String: JSONValue] = [:]
        for (key, member) in members {
            guard ["id", "disc", "number", "title", "artist", "duration", "path", "genres"].contains(key)
            else {
                throw LibraryError(
                    .malformedInput,
                    "unknown track key \"\(key)\" (keys: id, disc, number, title, artist, duration, path, genres)"
                )
            }
            fields[key] = member
        }
        func text(_ key: String) throws -> String {
            guard case .string(let text)? = fields[key] else {
                throw LibraryError(.malformedInput, "\"\(key)\" must be a string")
            }
            return text
        }
        func whole(_ key: String) throws -> Int? {
            switch fields[key] {
            case nil, .null?: return nil
            case .number(let text)?:
                guard let number = Int(text), number >= 0 else {
                    throw LibraryError(.invalidField, "invalid \(key) '\(text)': not a whole number")
                }
                return number
            case let other?:
                throw LibraryError(.malformedInput, "\"\(key)\" must be a number, not \(other.typeName)")
            }
        }
        let path = try text("path")
        guard path.hasPrefix("/"), !path.utf8.contains(0), path.utf8.count <= 4096 else {
            throw LibraryError(.invalidField, "invalid path '\(path.prefix(80))': not an absolute file path")
        }
        guard case .number(let durationText)? = fields["duration"], let duration = Double(durationText),
            duration.isFinite, duration >= 0
        else {
            throw LibraryError(.malformedInput, "\"duration\" must be a number of seconds")
        }
        // A track's id is its path's, or the one it kept when its file was moved.
        var id: String?
        if case .string(let text)? = fields["id"] {
            guard let parsed = TrackID(text) else {
                throw LibraryError(.invalidField, "invalid track id '\(text.prefix(60))': not a UUID")
            }
            id = parsed.rawValue
        }
        let track = Track(
            disc: max(try whole("disc") ?? 1, 1), number: try whole("number"), title: try text("title"),
            artist: try text("artist"), duration: duration, path: path, id: id)
        guard let genres = fields["genres"] else { return track }
        guard let names = genres.strings else {
            var message = "\"genres\" must be an array of strings"
            if case .array = genres {} else { message += ", not \(genres.typeName)" }
            throw LibraryError(.malformedInput, message)
        }
        var edited = try track.updating(TrackPatch(genres: names))
        edited.details.editedGenres = edited.details.editedGenres ?? names
        return edited
    }

    /// Builds an album from texts in ``AlbumField/allCases`` order (`nil` when absent); a missing id
    /// gets a new one.
    private static func album(texts: [String?], year: Int?, newID: () -> AlbumID = { AlbumID.random() })
        throws -> Album
    {
        func text(_ field: AlbumField) -> String? { texts[fieldIndex[field] ?? 0] }
        for required in [AlbumField.title, .artist] where text(required) == nil {
            throw LibraryError(.malformedInput, "missing \"\(required.rawValue)\"")
        }
        let id: AlbumID
        if let idText = text(.id), !idText.isEmpty {
            guard let parsed = AlbumID(idText) else {
                throw LibraryError(.invalidField, "invalid id '\(idText)': not a UUID")
            }
            id = parsed
        } else {
            id = newID()
        }
        return try Album(
            id: id, title: text(.title) ?? "", artist: text(.artist) ?? "", genre: text(.genre) ?? "",
            year: year, coverURL: text(.coverURL) ?? "", mbid: text(.mbid) ?? "")
    }

    private static let fieldIndex = Dictionary(
        uniqueKeysWithValues: AlbumField.allCases.enumerated().map { ($1, $0) })

    /// The file formats of import and export.
    package enum Format: String, Sendable, CaseIterable {
        case json
        case csv
    }

    /// Decodes an import file: a JSON array of album objects (with their tracks, as an export writes
    /// them), or CSV with a header row.
    /// - Throws: ``LibraryError`` whose message names the line (and column, for JSON) of the problem.
    package static func decode(_ bytes: [UInt8], format: Format) throws -> [ImportedAlbum] {
        switch format {
        case .json: try decodeJSON(bytes)
        case .csv: try decodeCSV(bytes).map { ImportedAlbum(album: $0, tracks: nil) }
        }
    }

    private static func decodeJSON(_ bytes: [UInt8]) throws -> [ImportedAlbum] {
        var parser = JSONParser(bytes: bytes)
        guard case .array(let elements) = try parser.parseDocument() else {
            throw LibraryError(.malformedInput, "line 1, column 1: expected an array of albums")
        }
        var albums: [ImportedAlbum] = []
        albums.reserveCapacity(elements.count)
        for (offset, element) in elements.enumerated() {
            do {
                albums.append(try imported(from: element))
            } catch let error as LibraryError {
                let (line, column) = parser.topLevelElementPositions[offset]
                throw LibraryError(
                    error.code, "line \(line), column \(column): album \(offset + 1): \(error.message)")
            }
        }
        return albums
    }

    private static func decodeCSV(_ bytes: [UInt8]) throws -> [Album] {
        let records = try CSV.parse(bytes)
        guard let header = records.first else { return [] }
        var columns: [AlbumField] = []
        for name in header.fields {
            guard let field = AlbumField(rawValue: name.trimmed), !columns.contains(field) else {
                throw LibraryError(
                    .malformedInput,
                    "line \(header.line): unknown or repeated column '\(name)' (columns: \(keys.joined(separator: ", ")))"
                )
            }
            columns.append(field)
        }
        for required in [AlbumField.title, .artist] where !columns.contains(required) {
            throw LibraryError(.malformedInput, "line \(header.line): missing column '\(required.rawValue)'")
        }
        let slots = columns.map { fieldIndex[$0] ?? 0 }
        let yearSlot = fieldIndex[.year] ?? 0
        var albums: [Album] = []
        albums.reserveCapacity(records.count - 1)
        // One generator for the file's new ids: the system's costs a call into the kernel per number.
        var ids = SeededRandom()
        for record in records.dropFirst() {
            guard record.fields.count == columns.count else {
                throw LibraryError(
                    .malformedInput,
                    "line \(record.line): \(record.fields.count) fields, expected \(columns.count)")
            }
            do {
                var texts = [String?](repeating: nil, count: AlbumField.allCases.count)
                for (slot, value) in zip(slots, record.fields) { texts[slot] = value }
                let year = try Album.parseYear(texts[yearSlot] ?? "")
                albums.append(try album(texts: texts, year: year) { AlbumID.random(using: &ids) })
            } catch let error as LibraryError {
                throw LibraryError(error.code, "line \(record.line): \(error.message)")
            }
        }
        return albums
    }
}

/// An album read from an import file, with its tracks when the file has them (an export's JSON);
/// `nil` tracks leave the tracks of an album already in the library as they are.
package struct ImportedAlbum: Sendable, Hashable {
    package var album: Album
    package var tracks: [Track]?

    /// Creates an imported album.
    package init(album: Album, tracks: [Track]?) {
        self.album = album
        self.tracks = tracks
    }
}

extension Album {
    /// Whether the two are one record: the same id and the same fields a person gives (title, artist,
    /// genre, year, cover, MusicBrainz id). The track count and length, derived from the tracks, do not
    /// count.
    package func hasSameFields(as other: Album) -> Bool {
        AlbumField.allCases.allSatisfy { text(of: $0) == other.text(of: $0) }
    }
}
