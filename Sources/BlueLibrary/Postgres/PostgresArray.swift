/// Many rows in one statement: each column goes to the server as one array parameter (PostgreSQL's text
/// form of an array, `{"a","b",NULL}`), and `unnest` turns the arrays back into rows. An import or a
/// migration of 100,000 albums then costs a hundred statements, not 100,000 round trips.
enum PostgresArray {
    /// The rows sent in one statement.
    static let batchSize = 1000

    /// The text form of an array of `values`: each element quoted (a backslash before `"` and `\`), NULL
    /// bare.
    static func literal(_ values: some Sequence<PostgresValue>) -> String {
        var text = "{"
        var first = true
        for value in values {
            if !first { text += "," }
            first = false
            guard let element = value.text else {
                text += "NULL"
                continue
            }
            text += "\""
            for character in element.unicodeScalars {
                if character == "\"" || character == "\\" { text += "\\" }
                text.unicodeScalars.append(character)
            }
            text += "\""
        }
        return text + "}"
    }

    /// Inserts `rows` into `table`, whose `columns` (a comma-separated list) have `types` (`text`, `int8`,
    /// …), a batch per statement.
    static func insert(
        into table: String, columns: String, types: [String], rows: [[PostgresValue]],
        in albums: PostgresAlbums
    ) throws {
        let arrays = types.enumerated().map { "$\($0.offset + 1)::\($0.element)[]" }.joined(separator: ", ")
        let sql = "INSERT INTO \(table) (\(columns)) SELECT * FROM unnest(\(arrays))"
        for batch in rows.chunked(into: batchSize) {
            try albums.run(sql, types.indices.map { column in .text(literal(batch.lazy.map { $0[column] })) })
        }
    }
}
