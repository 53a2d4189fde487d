import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices

#if canImport(Glibc)
    import Glibc
#endif

/// The verbs that only read: list, show, current, stats, export.
extension Tool {
    func list(_ arguments: ParsedArguments, _ library: LibraryAPI) async throws {
        if arguments.has("json") && arguments.has("format") {
            throw LibraryError(.usage, "--json and --format cannot be used together (JSON has its own form)")
        }
        let query = try Query(terms: arguments.positionals)
        if arguments.has("json") {
            try await writeJSONArray(library, query: query)
            return
        }
        let template = try arguments["format"].map(Template.init) ?? Self.defaultListing
        let padded = arguments["format"] == nil
        // On a terminal (and without NO_COLOR) the default listing dims the indexes and marks the
        // current album; a pipe gets plain text.
        let colour = arguments["format"] == nil && Self.usesColour(environment)
        let out = out
        // One read: the count (the index column's width) and the rows, rendered on the store's thread
        // straight from each row into the output buffer. The listing is the command's only use of the
        // library, so it closes it in the same hand-over (the closing in `runVerb` then has nothing to do).
        try await library.forEachRecord(matching: query, withCurrent: colour, thenClose: true) {
            count, current in
            let width = padded ? String(max(count - 1, 0)).count : 0
            return { album, index in
                out.append { buffer in
                    if colour {
                        buffer.append(contentsOf: (index == current ? "\u{1B}[1m" : "\u{1B}[2m").utf8)
                    }
                    if width > 0 { Self.appendPadding(for: index, width: width, to: &buffer) }
                    template.render(album, index: index, into: &buffer)
                    if colour {
                        buffer.append(
                            contentsOf: (index == current ? "  \u{1B}[2m◀ current\u{1B}[0m" : "\u{1B}[0m")
                                .utf8)
                    }
                    buffer.append(0x0A)
                }
            }
        }
    }

    /// Whether output goes to a terminal that wants colour (`NO_COLOR` turns it off).
    static func usesColour(_ environment: [String: String]) -> Bool {
        isatty(STDOUT_FILENO) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// The default line, after the padded index: `Sting - Nothing Like The Sun (1999)`; the year
    /// part is dropped when the year is unknown.
    private static let defaultListing = Template(segments: [
        .index, .literal("  "), .field(.artist), .literal(" - "), .field(.title), .optional(" (", .year, ")"),
    ])

    nonisolated private static func appendPadding(for index: Int, width: Int, to buffer: inout [UInt8]) {
        var digits = 1
        var rest = index / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        if index < 0 { digits += 1 }
        buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(width - digits, 0)))
    }

    func show(_ arguments: ParsedArguments, _ library: LibraryAPI) async throws {
        let (album, index) = try await library.locate(try AlbumReference(parsing: arguments.positionals[0]))
        let tracks = try await library.tracks(of: album.id)
        if arguments.has("json") {
            out.line(JSONWriter.string(AlbumCoding.json(album, tracks: tracks, file: .path)))
            return
        }
        printAlbum(album, index: index, json: false)
        printTracks(tracks, of: album)
    }

    /// The track list under an album's details: `1-01  Title  3:07`, the artist when it is not the
    /// album's, and the total.
    private func printTracks(_ tracks: [Track], of album: Album) {
        guard !tracks.isEmpty else { return }
        out.line("Tracks")
        for line in album.trackLines(tracks) {
            out.line(
                "  \(line.position)  \(line.title)\(line.artist.map { " — \($0)" } ?? "")  \(line.duration)")
        }
        out.line("  " + Album.trackSummary(tracks))
    }

    func current(_ arguments: ParsedArguments, _ library: LibraryAPI) async throws {
        guard let (album, index) = try await library.currentAlbum() else {
            if arguments.has("json") { out.line("null") } else { out.line("The library is empty.") }
            return
        }
        printAlbum(album, index: index, json: arguments.has("json"))
    }

    func printAlbum(_ album: Album, index: Int, json: Bool) {
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
        // A field the album does not have (no year, no genre) gets no row.
        for row in rows where !row.value.isEmpty {
            out.line(row.title.padded(to: 7) + row.value)
        }
    }

    func stats(_ arguments: ParsedArguments, _ library: LibraryAPI) async throws {
        let stats = try await library.statistics()
        if arguments.has("json") {
            let yearValue: JSONValue =
                stats.years.map { .array([.number(String($0.lowerBound)), .number(String($0.upperBound))]) }
                ?? .null
            out.line(
                JSONWriter.string(
                    .object([
                        ("albums", .number(String(stats.albums))),
                        ("artists", .number(String(stats.artists))),
                        ("genres", .number(String(stats.genres))), ("years", yearValue),
                        ("can_undo", .bool(stats.state.canUndo)), ("can_redo", .bool(stats.state.canRedo)),
                    ])))
            return
        }
        out.line("Albums:   \(stats.albums)")
        out.line("Artists:  \(stats.artists)")
        out.line("Genres:   \(stats.genres)")
        out.line(
            "Years:    "
                + (stats.years.map {
                    $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)"
                } ?? "none"))
        out.line("Undo:     " + (stats.state.canUndo ? "available" : "nothing to undo"))
        out.line("Redo:     " + (stats.state.canRedo ? "available" : "nothing to redo"))
    }

    /// Writes `[`, one album object per line, `]`: valid JSON that diffs and greps well.
    func writeJSONArray(_ library: LibraryAPI, query: Query = .all, to output: Output? = nil) async throws {
        let target = output ?? out
        target.line("[")
        try await library.forEachAlbum(matching: query) { album, _ in
            target.item(separator: ",\n") { AlbumCoding.appendJSON(album, to: &$0) }
        }
        if target.itemCount > 0 { target.line() }
        target.line("]")
    }

    func writeCSV(_ library: LibraryAPI, to output: Output) async throws {
        output.append { CSV.appendRecord(AlbumCoding.keys, to: &$0) }
        try await library.forEachAlbum { album, _ in
            output.append { CSV.appendRecord(AlbumCoding.csvFields(album), to: &$0) }
        }
    }
}
