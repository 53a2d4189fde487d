/// The fields of an album, named as in JSON, CSV, queries and templates.
package enum AlbumField: String, Sendable, CaseIterable {
    case id
    case title
    case artist
    case genre
    case year
    case coverURL = "cover_url"
    case mbid

    /// Looks a field up by its name or an alias (`album` for `title`, as in beets; `cover`).
    package init?(name: String) {
        switch name.lowercased() {
        case "album": self = .title
        case "cover", "coverurl": self = .coverURL
        default:
            guard let field = AlbumField(rawValue: name.lowercased()) else { return nil }
            self = field
        }
    }

    /// The list of field names for error messages.
    package static let names = allCases.map(\.rawValue).joined(separator: ", ")

    /// Whether substring matching and sorting ignore case for this field. Cover URLs are matched as
    /// written (their paths are case-sensitive); ids are lowercase already.
    package var isCaseFolded: Bool { self == .title || self == .artist || self == .genre }
}

extension Album {
    /// The text of a field as it appears in exports and templates; a missing year is empty.
    package func text(of field: AlbumField) -> String {
        switch field {
        case .id: id.rawValue
        case .title: title
        case .artist: artist
        case .genre: genre
        case .year: year.map(String.init) ?? ""
        case .coverURL: coverURL
        case .mbid: mbid
        }
    }
}
