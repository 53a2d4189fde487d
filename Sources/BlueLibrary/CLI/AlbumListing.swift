import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices

/// How the command line prints albums: one album's details table, and the JSON and CSV forms of many.
enum AlbumListing {
    /// An album's details, one `Field  value` row each (a field the album lacks gets no row), or its
    /// JSON object on one line.
    static func printAlbum(_ album: Album, index: Int, json: Bool, to out: Output) {
        if json {
            out.append { AlbumCoding.appendJSON(album, to: &$0) }
            out.line()
            return
        }
        let rows =
            [TableRow(title: "Index", value: String(index))] + album.tableRepresentation + [
                TableRow(title: "Cover", value: album.coverURL),
                TableRow(title: "Id", value: album.id.rawValue),
            ]
        for row in rows where !row.value.isEmpty {
            out.line(row.title.padded(to: 7) + row.value)
        }
    }

    /// The track list under an album's details: `01  Title  3:07`, the artist when it is not the
    /// album's, and the total; on an album of several discs, each disc's tracks under its heading.
    static func printTracks(_ tracks: [Track], of album: Album, to out: Output) {
        guard !tracks.isEmpty else { return }
        out.line("Tracks")
        let lines = album.trackLines(tracks)
        let indent = lines.contains { $0.discHeading != nil } ? "    " : "  "
        for line in lines {
            if let heading = line.discHeading { out.line("  " + heading) }
            out.line(
                "\(indent)\(line.number)  \(line.title)\(line.artist.map { " — \($0)" } ?? "")  \(line.duration)"
            )
        }
        out.line("  " + Album.trackSummary(tracks))
    }

    /// Writes `[`, one album object per line, `]`: valid JSON that diffs and greps well. With
    /// `withTracks` (an export), an album read from a music folder carries its tracks, so importing the
    /// file restores them.
    nonisolated(nonsending)
        static func writeJSON(
            _ library: some LibraryReading, query: Query = .all, withTracks: Bool = false, to output: Output
        ) async throws
    {
        output.line("[")
        try await library.forEachAlbum(matching: query, withTracks: withTracks) { details in
            output.item(separator: ",\n") { buffer in
                if details.tracks.isEmpty {
                    AlbumCoding.appendJSON(details.album, to: &buffer)
                } else {
                    JSONWriter.append(
                        AlbumCoding.json(details.album, tracks: details.tracks, file: .path), to: &buffer)
                }
            }
        }
        if output.itemCount > 0 { output.line() }
        output.line("]")
    }

    /// Writes a header row and one row per album.
    nonisolated(nonsending)
        static func writeCSV(_ library: some LibraryReading, to output: Output) async throws
    {
        output.append { CSV.appendRecord(AlbumCoding.keys, to: &$0) }
        try await library.forEachAlbum { details in
            output.append { CSV.appendRecord(AlbumCoding.csvFields(details.album), to: &$0) }
        }
    }
}
