import BlueLibraryCore
import BlueLibraryPresentation
import BlueLibraryServices

/// The verbs that only read: list, show, current, stats, export.
extension Tool {
    func list(_ arguments: ParsedArguments, _ library: LibraryAPI) throws {
        let query = try Query(terms: arguments.positionals)
        if arguments.has("json") {
            try writeJSONArray(library, query: query)
            return
        }
        let template = try arguments["format"].map(Template.init) ?? Self.defaultListing
        let width = arguments["format"] == nil ? String(max(try library.count() - 1, 0)).count : 0
        try library.forEachRecord(matching: query) { album, index in
            out.append { buffer in
                if width > 0 { Self.appendPadding(for: index, width: width, to: &buffer) }
                template.render(album, index: index, into: &buffer)
                buffer.append(0x0A)
            }
        }
    }

    /// The default line, after the padded index: `Sting - Nothing Like The Sun (1999)`; the year
    /// part is dropped when the year is unknown.
    private static let defaultListing = Template(segments: [
        .index, .literal("  "), .field(.artist), .literal(" - "), .field(.title), .optional(" (", .year, ")"),
    ])

    private static func appendPadding(for index: Int, width: Int, to buffer: inout [UInt8]) {
        var digits = 1
        var rest = index / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        if index < 0 { digits += 1 }
        buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(width - digits, 0)))
    }

    func show(_ arguments: ParsedArguments, _ library: LibraryAPI) throws {
        let (album, index) = try library.locate(try AlbumReference(parsing: arguments.positionals[0]))
        printAlbum(album, index: index, json: arguments.has("json"))
    }

    func current(_ arguments: ParsedArguments, _ library: LibraryAPI) throws {
        guard let (album, index) = try library.currentAlbum() else {
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
        for row in rows { out.line(row.title.padding(toLength: 7, withPad: " ", startingAt: 0) + row.value) }
    }

    func stats(_ arguments: ParsedArguments, _ library: LibraryAPI) throws {
        var count = 0
        var artists = Set<String>()
        var genres = Set<String>()
        var years: ClosedRange<Int>?
        try library.forEachAlbum { album, _ in
            count += 1
            artists.insert(SearchKey.fold(album.artist))
            if !album.genre.isEmpty { genres.insert(SearchKey.fold(album.genre)) }
            if let year = album.year {
                years = years.map { min($0.lowerBound, year)...max($0.upperBound, year) } ?? year...year
            }
        }
        let state = try library.state()
        if arguments.has("json") {
            let yearValue: JSONValue =
                years.map { .array([.number(String($0.lowerBound)), .number(String($0.upperBound))]) }
                ?? .null
            out.line(
                JSONWriter.string(
                    .object([
                        ("albums", .number(String(count))), ("artists", .number(String(artists.count))),
                        ("genres", .number(String(genres.count))), ("years", yearValue),
                        ("can_undo", .bool(state.canUndo)), ("can_redo", .bool(state.canRedo)),
                    ])))
            return
        }
        out.line("Albums:   \(count)")
        out.line("Artists:  \(artists.count)")
        out.line("Genres:   \(genres.count)")
        out.line(
            "Years:    "
                + (years.map {
                    $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)"
                } ?? "none"))
        out.line("Undo:     " + (state.canUndo ? "available" : "nothing to undo"))
        out.line("Redo:     " + (state.canRedo ? "available" : "nothing to redo"))
    }

    /// Writes `[`, one album object per line, `]`: valid JSON that diffs and greps well.
    func writeJSONArray(_ library: LibraryAPI, query: Query = .all, to output: Output? = nil) throws {
        let target = output ?? out
        var first = true
        target.line("[")
        try library.forEachAlbum(matching: query) { album, _ in
            target.append { buffer in
                if !first { buffer.append(contentsOf: ",\n".utf8) }
                AlbumCoding.appendJSON(album, to: &buffer)
            }
            first = false
        }
        if !first { target.line() }
        target.line("]")
    }

    func writeCSV(_ library: LibraryAPI, to output: Output) throws {
        output.append { CSV.appendRecord(AlbumCoding.keys, to: &$0) }
        try library.forEachAlbum { album, _ in
            output.append { CSV.appendRecord(AlbumCoding.csvFields(album), to: &$0) }
        }
    }
}
