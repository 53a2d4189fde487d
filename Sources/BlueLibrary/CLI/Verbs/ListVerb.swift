import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary list [QUERY...] [--format TEMPLATE] [--json]`: the albums, or those a query matches.
struct ListVerb: Verb {
    static let spec = VerbSpec(
        name: "list", aliases: ["ls"], summary: "list albums, optionally matching a query",
        usage: "[QUERY...] [--format TEMPLATE] [--json]",
        options: [
            OptionSpec(
                name: "format", short: "f", value: "TEMPLATE",
                help: "format each line, e.g. '$artist - $title ($year)'"),
            CommonOptions.json,
        ],
        positionals: 0...Int.max,
        details: """
            QUERY (a subset of the beets query language; case and accents are ignored):
              bowie              a word in the title, artist or genre, or a track's title or artist
              artist:bowie       a substring of one field      artist:=U2   exactly
                               (alone, the albums the artist appears on as a guest are listed after)
              track:echo         a track's title               trackartist:kanye   a track's artist
              year:1990..1999    a range (also ..1999, 1990..)  ^genre:pop   not
              a , b              either a or b                 year- title+  sort
            TEMPLATE fields: $index $id $title $artist $genre $year $cover_url $mbid $tracks $length
              (also ${field}; $$ is $; $tracks is how many tracks, $length their total time)
            """)

    let query: Query
    /// The line's template; `nil` for the default, padded listing.
    let template: Template?
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        if arguments.has("json") && arguments.has("format") {
            throw LibraryError(.usage, "--json and --format cannot be used together (JSON has its own form)")
        }
        query = try Query(terms: arguments.positionals)
        template = try arguments["format"].map(Template.init)
        json = arguments.has("json")
    }

    func run(_ context: ReadingContext) async throws -> ExitStatus {
        if json {
            try await AlbumListing.writeJSON(context.library, query: query, to: context.out)
            return .success
        }
        let template = template ?? Self.defaultListing
        let padded = self.template == nil
        // On a terminal (and without NO_COLOR) the default listing dims the indexes and marks the
        // current album; a pipe gets plain text.
        let colour = padded && context.console.usesColour
        let out = context.out
        // An artist named alone: the albums they appear on follow their own (the default listing only,
        // so a template's lines stay one kind).
        var appearances: [Album] = []
        if padded, let artist = query.artistText {
            appearances = try await context.library.appearances(of: artist, limit: 500)
        }
        // One read: the count (the index column's width) and the rows, rendered on the store's thread
        // straight from each row into the output buffer. The listing is the command's only use of the
        // library, so it closes it in the same hand-over (the closing after the verb then has nothing to do).
        try await context.library.forEachRecord(
            matching: query, reading: template.fieldsRead, withCurrent: colour, thenClose: true
        ) { count, current in
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
        if !appearances.isEmpty {
            out.line("Appears on:")
            for album in appearances {
                out.line("  \(album.artist) - \(album.title)\(album.year.map { " (\($0))" } ?? "")")
            }
        }
        return .success
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
}
