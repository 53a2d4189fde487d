/// A field a person may edit, remembered per album (the `edited` column) so that a rescan of the album's
/// music folder keeps it while the other fields follow the tags.
package enum EditableField: String, CaseIterable, Sendable {
    case title, artist, genre, year, cover, mbid

    /// The album field it is.
    package var field: AlbumField {
        switch self {
        case .title: .title
        case .artist: .artist
        case .genre: .genre
        case .year: .year
        case .cover: .coverURL
        case .mbid: .mbid
        }
    }

    /// The fields named in a stored list (`title,year`).
    package static func parse(_ text: String) -> Set<EditableField> {
        Set(text.split(separator: ",").compactMap { EditableField(rawValue: String($0)) })
    }

    /// The stored list of some fields, in a fixed order.
    package static func text(of fields: Set<EditableField>) -> String {
        allCases.filter(fields.contains).map(\.rawValue).joined(separator: ",")
    }
}
