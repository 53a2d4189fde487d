import BlueLibraryCore
import BlueLibraryTerminal

/// The verbs of `bluelibrary`, their options and help text.
enum Verbs {
    static let global: [OptionSpec] = [
        OptionSpec(
            name: "library", short: "l", value: "FILE", help: "the library database (default: see FILES)"),
        OptionSpec(
            name: "remote", short: nil, value: "URL",
            help: "mirror every change to the BlueLibrary server at URL (changes wait when it is down)"),
        OptionSpec(
            name: "remote-token", short: nil, value: "TOKEN",
            help: "the token a --remote server off loopback requires (or BLUELIBRARY_REMOTE_TOKEN)"),
        OptionSpec(
            name: "help", short: "h", value: nil, help: "show help (for a verb: bluelibrary VERB --help)"),
        OptionSpec(name: "version", short: nil, value: nil, help: "print the version"),
    ]

    static let json = OptionSpec(name: "json", short: nil, value: nil, help: "print JSON")

    static let yes = OptionSpec(name: "yes", short: "y", value: nil, help: "do it without asking")

    static let all: [VerbSpec] = [
        VerbSpec(
            name: "help", summary: "show help for a verb, or this list", usage: "[VERB]", positionals: 0...1),
        VerbSpec(
            name: "list", aliases: ["ls"], summary: "list albums, optionally matching a query",
            usage: "[QUERY...] [--format TEMPLATE] [--json]",
            options: [
                OptionSpec(
                    name: "format", short: "f", value: "TEMPLATE",
                    help: "format each line, e.g. '$artist - $title ($year)'"),
                json,
            ],
            positionals: 0...Int.max,
            details: """
                QUERY (a subset of the beets query language):
                  bowie              a word in the title, artist or genre (any case)
                  artist:bowie       a substring of one field      artist:=U2   exactly
                  year:1990..1999    a range (also ..1999, 1990..)  ^genre:pop   not
                  a , b              either a or b                 year- title+  sort
                TEMPLATE fields: $index $id $title $artist $genre $year $cover_url (also ${field}; $$ is $)
                """),
        VerbSpec(
            name: "show", summary: "show one album's details", usage: "INDEX|ID [--json]", options: [json],
            positionals: 1...1),
        VerbSpec(
            name: "add", summary: "add an album",
            usage: "--title T --artist A [--genre G] [--year Y] [--cover URL] [--at INDEX]",
            options: [
                OptionSpec(name: "title", short: nil, value: "T", help: "the album's title (required)"),
                OptionSpec(name: "artist", short: nil, value: "A", help: "the artist (required)"),
                OptionSpec(name: "genre", short: nil, value: "G", help: "the genre"),
                OptionSpec(name: "year", short: nil, value: "Y", help: "the year, 1000-9999"),
                OptionSpec(
                    name: "cover", short: nil, value: "URL",
                    help: "cover image: http(s) or file URL, or a path"),
                OptionSpec(
                    name: "at", short: nil, value: "INDEX", help: "insert at this index (default: at the end)"
                ),
                json,
            ]),
        VerbSpec(
            name: "edit", summary: "change fields of an album",
            usage: "INDEX|ID [--title T] [--artist A] [--genre G] [--year Y|''] [--cover URL]",
            options: [
                OptionSpec(name: "title", short: nil, value: "T", help: "the new title"),
                OptionSpec(name: "artist", short: nil, value: "A", help: "the new artist"),
                OptionSpec(name: "genre", short: nil, value: "G", help: "the new genre"),
                OptionSpec(name: "year", short: nil, value: "Y", help: "the new year ('' clears it)"),
                OptionSpec(name: "cover", short: nil, value: "URL", help: "the new cover URL"),
                json,
            ],
            positionals: 1...1),
        VerbSpec(
            name: "delete", summary: "delete an album (undo brings it back)", usage: "INDEX|ID",
            positionals: 1...1),
        VerbSpec(
            name: "modify", summary: "change fields of every album a query matches (one undo step)",
            usage: "QUERY... field=value... [field!]... [-y]",
            options: [yes],
            positionals: 1...Int.max,
            details: """
                field=value sets a field (title, artist, genre, year, cover_url); field! clears it.
                Shows what will change and asks first; -y answers yes (needed without a terminal).
                Example: bluelibrary modify artist:bowie genre=Rock year!
                """),
        VerbSpec(
            name: "remove", aliases: ["rm"], summary: "remove every album a query matches (one undo step)",
            usage: "QUERY... [-y] | --all [-y]",
            options: [
                yes,
                OptionSpec(name: "all", short: nil, value: nil, help: "remove every album (with no query)"),
            ],
            positionals: 0...Int.max,
            details: "Shows what will go and asks first; -y answers yes (needed without a terminal)."),
        VerbSpec(name: "undo", summary: "undo the last change, even one made in an earlier run", usage: ""),
        VerbSpec(name: "redo", summary: "redo the last undone change", usage: ""),
        VerbSpec(
            name: "select", summary: "make an album the current one (remembered across runs)",
            usage: "INDEX|ID",
            positionals: 1...1),
        VerbSpec(name: "current", summary: "show the current album", usage: "[--json]", options: [json]),
        VerbSpec(
            name: "import", summary: "add albums from a JSON or CSV file (all or none), or a music folder",
            usage: "FILE|DIR|- [--format json|csv] [--duplicates skip|keep|ask]",
            options: [
                OptionSpec(
                    name: "format", short: nil, value: "json|csv",
                    help: "the file's format (default: from its name)"),
                OptionSpec(
                    name: "duplicates", short: nil, value: "skip|keep|ask",
                    help: "albums whose artist and title are already there (default: skip)"),
            ],
            positionals: 1...1,
            details: """
                JSON: an array of objects with the keys id (optional), title, artist, genre, year, cover_url.
                CSV: a header row naming those columns (title and artist required, id optional).
                Albums are appended in order, in one transaction, and one undo takes the import back.
                A duplicate has the artist and title (any case, any spacing) of an album already in the
                library or earlier in the file; running the same import twice adds nothing.
                DIR: a music folder (MP3, FLAC, Ogg, Opus, M4A, WAV) read with TagLib, in one transaction:
                albums by album artist, album and folder, with their tracks and the art beside them or in
                their first track. Run again, it reads only the files that changed, removes the albums
                whose files are all gone, and keeps the fields edited by hand. Exit 65 if nothing is
                readable.
                """),
        VerbSpec(
            name: "export", summary: "write every album as JSON or CSV",
            usage: "[--format json|csv] [-o FILE]",
            options: [
                OptionSpec(
                    name: "format", short: nil, value: "json|csv", help: "the output format (default: json)"),
                OptionSpec(
                    name: "output", short: "o", value: "FILE",
                    help: "write to FILE (atomically) instead of stdout"),
            ]),
        VerbSpec(
            name: "stats", summary: "count albums, artists, genres and years", usage: "[--json]",
            options: [json]),
        VerbSpec(
            name: "backup", summary: "copy the whole library to a new database file, consistently",
            usage: "FILE", positionals: 1...1,
            details: """
                An online backup (SQLite's backup API): it may run while the library is in use, and FILE
                appears complete or not at all. Open the copy with --library FILE.
                """),
        VerbSpec(
            name: "sync", summary: "send the changes waiting for the --remote server", usage: "--remote URL"),
        VerbSpec(
            name: "serve", summary: "serve the album screen and a JSON API to the browser",
            usage: "[--host ADDRESS] [--port N]",
            options: [
                OptionSpec(
                    name: "host", short: nil, value: "ADDRESS",
                    help: "the IPv4 address to listen on (default 127.0.0.1)"),
                OptionSpec(
                    name: "port", short: "p", value: "N", help: "the port (default 8080; 0 picks a free one)"),
            ],
            details: """
                Open the printed URL in a browser. The page shows the covers, the details table and the
                Undo / Trash toolbar; changes from any page, the terminal UI or the command line show live.
                The JSON API is described in docs/openapi.yaml. Off loopback, changes need the token that
                is printed (the URL carries it). Ctrl+C stops the server after requests in flight finish.
                """),
        VerbSpec(
            name: "tui", summary: "browse the library full-screen, covers and all", usage: "",
            details: KeyHelp.helpText + "\n"
                + """
                A click on a cover selects it. Changes made elsewhere show within a second. The screen fits
                terminals from 40×12; a taller one shows larger covers and more details.
                Colours: true colour when COLORTERM says so, 256 colours otherwise, none with NO_COLOR.
                """),
        VerbSpec(
            name: "covers", summary: "fetch, show or clear album covers",
            usage: "fetch [QUERY...] | show INDEX|ID [--width N] | clear",
            options: [
                OptionSpec(name: "width", short: "w", value: "N", help: "columns for 'show' (default 32)"),
                OptionSpec(
                    name: "no-lookup", short: nil, value: nil,
                    help: "'fetch' asks neither MusicBrainz nor the Cover Art Archive"),
            ],
            positionals: 1...Int.max,
            details: """
                fetch [QUERY...]   download every (matching) album's cover once into the cache, with
                                   progress. An album with no cover of its own (no URL or a failing
                                   one, no art in its folder or files) is looked up on MusicBrainz by
                                   artist and title (a match scoring 90 or more; an album tagged with
                                   its MusicBrainz id is not searched) and gets the Cover Art
                                   Archive's front cover and the id (one undo step for all of them);
                                   at most one request a second. Covers that cannot be had get
                                   generated artwork instead
                show INDEX|ID      draw the cover in the terminal (true colour when COLORTERM says so,
                                   256 colours otherwise, plain characters with NO_COLOR)
                clear              empty the cover cache
                The cache lives in $BLUELIBRARY_HOME/covers, else $XDG_CACHE_HOME/bluelibrary/covers,
                else ~/.cache/bluelibrary/covers (at most 200 MB; least recently used covers go first).
                BLUELIBRARY_MUSICBRAINZ_URL and BLUELIBRARY_COVERART_URL name other servers (mirrors);
                BLUELIBRARY_OFFLINE=1 asks no server at all.
                """),
    ]

    static var toolHelp: String {
        let names = all.map { verb in ([verb.name] + verb.aliases).joined(separator: ", ") }
        let width = names.map(\.count).max() ?? 0
        let verbs = zip(names, all).map { name, verb in
            "  \(name.padded(to: width))  \(verb.summary)"
        }
        return """
            bluelibrary \(BlueLibraryInfo.version) — keep and browse your music albums

            USAGE: bluelibrary [--library FILE] VERB [ARGUMENTS]

            VERBS:
            \(verbs.joined(separator: "\n"))

            OPTIONS:
            \(optionLines(global))

            An album is named by its INDEX (0 is the first) or its ID (a UUID).
            Every change is saved at once; undo and redo work across runs.

            FILES:
              --library FILE, else $BLUELIBRARY_HOME/library.db,
              else $XDG_DATA_HOME/bluelibrary/library.db, else ~/.local/share/bluelibrary/library.db

            EXIT STATUS: 0 ok, 64 usage, 65 bad data, 66 no input, 69 library locked, 70 internal, 74 I/O.
            Run 'bluelibrary VERB --help' for a verb's options.
            """
    }

    static func help(for verb: VerbSpec) -> String {
        var text =
            "USAGE: bluelibrary \(verb.name) \(verb.usage)\n\n\(verb.summary.prefix(1).uppercased() + verb.summary.dropFirst()).\n"
        if !verb.options.isEmpty { text += "\nOPTIONS:\n" + optionLines(verb.options) + "\n" }
        if !verb.details.isEmpty { text += "\n" + verb.details + "\n" }
        return text
    }

    private static func optionLines(_ options: [OptionSpec]) -> String {
        let labels = options.map { option in
            (option.short.map { "-\($0), " } ?? "    ") + "--\(option.name)"
                + (option.value.map { " \($0)" } ?? "")
        }
        let width = labels.map(\.count).max() ?? 0
        return zip(labels, options).map {
            "  \($0.padded(to: width))  \($1.help)"
        }
        .joined(separator: "\n")
    }
}
