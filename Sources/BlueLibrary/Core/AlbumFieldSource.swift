/// Something that can write an album's fields as UTF-8: an ``Album``, or a database row read without
/// building one (the listing fast path — 100,000 rows should cost little more than SQLite's own work).
package protocol AlbumFieldSource {
    /// Appends the text of `field` (nothing for a missing year) to `output`.
    func appendText(of field: AlbumField, to output: inout [UInt8])
    /// How many tracks the album has, and their total length in seconds.
    var trackSummary: (count: Int, length: Double) { get }
}

extension Album: AlbumFieldSource {
    package func appendText(of field: AlbumField, to output: inout [UInt8]) {
        output.append(contentsOf: text(of: field).utf8)
    }

    package var trackSummary: (count: Int, length: Double) { (trackCount, length) }
}

/// What a reader of an ``AlbumFieldSource`` takes from it: which fields, and whether the track summary. A
/// listing reads only these out of the database (a template of two fields lists 100,000 albums at the
/// `sqlite3` shell's speed; all ten columns cost a fifth more); a field not read appends nothing.
package struct AlbumFieldsRead: Sendable, Hashable {
    package var fields: Set<AlbumField>
    package var trackSummary: Bool

    package init(fields: Set<AlbumField>, trackSummary: Bool) {
        self.fields = fields
        self.trackSummary = trackSummary
    }

    /// Every field and the track summary.
    package static let all = AlbumFieldsRead(fields: Set(AlbumField.allCases), trackSummary: true)
}
