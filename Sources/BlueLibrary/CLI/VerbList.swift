import BlueLibraryCore

/// The verbs of `bluelibrary`, in the order `--help` lists them, and the help texts.
enum VerbList {
    /// Every verb.
    static let all: [any Verb.Type] = [
        HelpVerb.self, ListVerb.self, ShowVerb.self, AddVerb.self, EditVerb.self, DeleteVerb.self,
        ModifyVerb.self, RemoveVerb.self, UndoVerb.self, RedoVerb.self, SelectVerb.self, CurrentVerb.self,
        ImportVerb.self, ExportVerb.self, StatsVerb.self, BackupVerb.self, MigrateVerb.self, SyncVerb.self,
        ServeVerb.self, TUIVerb.self, CoversVerb.self, UserVerb.self, PlayerVerb.self, PlaylistVerb.self,
        WriteVerb.self, ConfigVerb.self,
    ]

    /// The options every verb takes.
    static let global: [OptionSpec] = [
        OptionSpec(
            name: "database", short: nil, value: "URL",
            help: "the library: a SQLite file or a postgresql:// URL (default: see FILES)"),
        OptionSpec(name: "library", short: "l", value: "FILE", help: "the same as --database"),
        OptionSpec(
            name: "database-file", short: nil, value: "FILE",
            help: "the library named on FILE's first line (keeps a URL's password out of ps)"),
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

    /// `bluelibrary --help`: the verbs, the options, the files and the exit statuses.
    static var help: String {
        let specs = all.map { $0.spec }
        let names = specs.map { spec in ([spec.name] + spec.aliases).joined(separator: ", ") }
        let width = names.map(\.count).max() ?? 0
        let verbs = zip(names, specs).map { name, spec in
            "  \(name.padded(to: width))  \(spec.summary)"
        }
        return """
            bluelibrary \(BlueLibraryInfo.version) — keep and browse your music albums

            USAGE: bluelibrary [--database URL] VERB [ARGUMENTS]

            VERBS:
            \(verbs.joined(separator: "\n"))

            OPTIONS:
            \(optionLines(global))

            An album is named by its INDEX (0 is the first), its ID (a UUID), or a QUERY matching it alone.
            Every change is saved at once; undo and redo work across runs.

            FILES:
              --database URL (or --library FILE), else $BLUELIBRARY_DATABASE, else $BLUELIBRARY_HOME/library.db,
              else $XDG_DATA_HOME/bluelibrary/library.db, else ~/.local/share/bluelibrary/library.db.
              URL is a SQLite file, postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE or a libpq keyword
              string (host=… dbname=…); keep a password out of ps with --database-file, BLUELIBRARY_DATABASE,
              PGPASSWORD or ~/.pgpass. 'bluelibrary migrate' copies a library from one to the other.

            EXIT STATUS: 0 ok, 64 usage, 65 bad data, 66 no input, 69 library locked or unreachable,
            70 internal, 74 I/O.
            Run 'bluelibrary VERB --help' for a verb's options.
            """
    }

    /// `bluelibrary VERB --help`: the usage line, the summary, the options and the details.
    static func help(for verb: VerbSpec) -> String {
        var text =
            "USAGE: \(verb.usageLine)\n\n\(verb.summary.prefix(1).uppercased() + verb.summary.dropFirst()).\n"
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
