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
