import BlueLibraryCore

/// Pages of a long list: what a face that shows a window of 100,000 albums asks, answered without
/// building the whole list.
extension LibraryReader {
    /// Where the album with `id` is among the albums matching `query` (0 is the first match), or `nil`
    /// when it does not match or is not in the library. In library order that is its index, found
    /// directly; otherwise the matches are streamed (their ids compared as bytes, no album built).
    package func position(of id: AlbumID, matching query: Query) throws -> Int? {
        guard let (_, index) = try locate(id) else { return nil }
        if query.matchesEverything && query.sort.isEmpty { return index }
        let wanted = Array(id.rawValue.utf8)
        var position = 0
        var bytes: [UInt8] = []
        do {
            try forEachRecord(matching: query, reading: AlbumFieldsRead(fields: [.id], trackSummary: false)) {
                record, _ in
                bytes.removeAll(keepingCapacity: true)
                record.appendText(of: .id, to: &bytes)
                if bytes == wanted { throw Found() }
                position += 1
            }
        } catch is Found {
            return position
        }
        return nil
    }
}

/// Ends a walk over the matches as soon as the album is found.
private struct Found: Error {}
