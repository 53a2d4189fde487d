import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary config [NAME [on|off]]`: the library's settings (``LibrarySettings``), shown or set.
struct ConfigVerb: Verb {
    static let spec = VerbSpec(
        name: "config", summary: "show or change the library's settings", usage: "[NAME [VALUE]]",
        options: [],
        positionals: 0...2,
        details: """
            Without a name, lists every setting with its value; with a name, shows its value; with a
            value too, sets it. The settings are kept in a file beside the library (library.db.settings;
            for a PostgreSQL library, in the BlueLibrary home folder) and read at each use, so a running
            server follows a change at once. The settings:
            \(LibrarySettings.all.map { "  \($0.name): \($0.meaning)" }.joined(separator: "\n"))
            With write-tags on, every edit of an album's or a track's fields — from the command line, the
            web page, the terminal UI or a query's modify — is written into its files' tags as bluelibrary
            write does, and its undo or redo writes the values back; a file changed on disk since the last
            scan is left alone and named in one line.
            Example: bluelibrary config write-tags on
            """)
    static let services: ServiceNeeds = []

    let name: String?
    let value: String?

    init(_ arguments: ParsedArguments) throws {
        name = arguments.positionals.first
        value = arguments.positionals.dropFirst().first
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        let path = LibraryLocation.settingsPath(
            ofLibrary: context.library.location, environment: context.console.environment)
        var settings = try LibrarySettings.read(from: path)
        guard let name else {
            for (name, _) in LibrarySettings.all {
                context.out.line("\(name) = \(try settings.value(of: name))")
            }
            return .success
        }
        if let value {
            try settings.set(name, to: value)
            try settings.write(to: path)
        }
        context.out.line("\(name) = \(try settings.value(of: name))")
        return .success
    }
}
