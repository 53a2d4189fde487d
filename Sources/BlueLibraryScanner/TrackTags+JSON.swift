import BlueLibraryCore

/// The tags as a library stores them with each track, so a rescan knows an unchanged file's tags without
/// reading it: a JSON object with the property names as keys, sorted, and absent fields left out — what
/// Foundation's `JSONEncoder` wrote with `.sortedKeys` before the command line stopped linking it, so
/// tracks stored by earlier imports read back the same.
extension TrackTags {
    /// The stored form of the tags.
    public var json: String {
        var members: [(key: String, value: JSONValue)] = []
        func add(_ key: String, _ value: JSONValue?) {
            if let value { members.append((key, value)) }
        }
        add("album", album.map(JSONValue.string))
        add("albumArtist", albumArtist.map(JSONValue.string))
        add("artist", artist.map(JSONValue.string))
        add("date", date.map(JSONValue.string))
        add("disc", disc.map { .number(String($0)) })
        add("duration", .number(String(duration)))
        add("genre", genre.map(JSONValue.string))
        add("hasPicture", .bool(hasPicture))
        add("isCompilation", .bool(isCompilation))
        add("musicBrainzAlbumID", musicBrainzAlbumID.map(JSONValue.string))
        add("musicBrainzReleaseGroupID", musicBrainzReleaseGroupID.map(JSONValue.string))
        add("number", number.map { .number(String($0)) })
        add("title", title.map(JSONValue.string))
        return JSONWriter.string(.object(members))
    }

    /// Tags read back from their stored form; `nil` when `json` is not such an object.
    public init?(json: String) {
        guard let value = try? JSONParser.parse(Array(json.utf8)), case .object = value else { return nil }
        func text(_ key: String) -> String?? {
            switch value[key] {
            case nil, .null?: .some(nil)
            case .string(let text)?: .some(text)
            default: nil
            }
        }
        func integer(_ key: String) -> Int?? {
            switch value[key] {
            case nil, .null?: .some(nil)
            case .number(let text)?: Int(text).map { .some($0) }
            default: nil
            }
        }
        func flag(_ key: String) -> Bool? {
            guard case .bool(let flag)? = value[key] else { return nil }
            return flag
        }
        guard let title = text("title"), let artist = text("artist"), let albumArtist = text("albumArtist"),
            let album = text("album"), let date = text("date"), let genre = text("genre"),
            let disc = integer("disc"), let number = integer("number"),
            let musicBrainzAlbumID = text("musicBrainzAlbumID"),
            let musicBrainzReleaseGroupID = text("musicBrainzReleaseGroupID"),
            let isCompilation = flag("isCompilation"), let hasPicture = flag("hasPicture"),
            case .number(let durationText)? = value["duration"], let duration = Double(durationText)
        else { return nil }
        self.init(
            title: title, artist: artist, albumArtist: albumArtist, album: album, date: date, genre: genre,
            disc: disc, number: number, musicBrainzAlbumID: musicBrainzAlbumID,
            musicBrainzReleaseGroupID: musicBrainzReleaseGroupID, isCompilation: isCompilation,
            duration: duration, hasPicture: hasPicture)
    }
}
