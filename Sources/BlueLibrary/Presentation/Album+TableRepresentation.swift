import BlueLibraryCore

/// One row of the details table: a field name and its value.
package struct TableRow: Sendable, Hashable {
    /// The field name shown on the left (`Artist`, `Album`, `Genre`, `Year`).
    package var title: String
    /// The value shown on the right.
    package var value: String

    /// Creates a row.
    package init(title: String, value: String) {
        self.title = title
        self.value = value
    }
}

/// Decorator by extension (the tutorial's `Album+TableRepresentation` category): display rows are added
/// to the model from the presentation layer, so `Album` itself stays free of display code.
extension Album {
    /// The details table for this album, in the spec's order: Artist, Album (the title), Genre, Year.
    package var tableRepresentation: [TableRow] {
        [
            TableRow(title: "Artist", value: artist),
            TableRow(title: "Album", value: title),
            TableRow(title: "Genre", value: genre),
            TableRow(title: "Year", value: year.map(String.init) ?? ""),
        ]
    }
}
