import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryServices
import Diagnostics

/// `bluelibrary write [QUERY] [--pretend] [--force]`: writes the library's fields into the tags of the
/// files of every album the query matches (beets' `write`).
struct WriteVerb: Verb {
    static let spec = VerbSpec(
        name: "write", summary: "write the library's fields into the files' tags",
        usage: "[QUERY...] [--pretend] [--force]",
        options: [
            OptionSpec(name: "pretend", short: "n", value: nil, help: "list every change and write nothing"),
            OptionSpec(
                name: "force", short: nil, value: nil, help: "also write files changed since the last scan"),
        ],
        positionals: 0...Int.max,
        details: """
            Writes the title, artist, track and disc number of each track, and the album's title, artist,
            genre and year, where a file's tags say otherwise (the tags a file has; a title, track or disc
            number it lacks is added). Other tags, pictures and the audio are left as they are. Each file
            is written to a copy beside it and renamed over it: a crash leaves it whole. A file changed on
            disk since the last import is left alone unless --force; a read-only or vanished file is one
            line and the others go on (exit status 74 when some could not be written).
            Example: bluelibrary write artist:bjork --pretend
            """)
    static let services: ServiceNeeds = []

    let query: Query
    let pretend: Bool
    let force: Bool

    init(_ arguments: ParsedArguments) throws {
        query = try Query(terms: arguments.positionals)
        pretend = arguments.has("pretend")
        force = arguments.has("force")
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        let out = context.out
        let report = try await TagWriteBack(library: context.library).run(
            matching: query, pretend: pretend, force: force)
        var path = ""
        for change in report.changes {
            if change.path != path {
                path = change.path
                out.line(path.escapingControlCharacters)
            }
            let old = change.old.map { "'\($0.escapingControlCharacters)'" } ?? "(none)"
            let new = change.new.map { "'\($0.escapingControlCharacters)'" } ?? "(none)"
            out.line("  \(change.key): \(old) -> \(new)")
        }
        let files = Set(report.changes.map(\.path)).count
        if pretend {
            out.line(
                "Would write \(files) file\(files == 1 ? "" : "s") (\(report.unchanged) already up to date).")
        } else {
            out.line(
                "Wrote \(report.written) file\(report.written == 1 ? "" : "s") (\(report.unchanged) already up to date)."
            )
        }
        for problem in report.problems {
            context.console.error(problem.error.message.escapingControlCharacters)
        }
        return report.problems.isEmpty ? .success : .ioError
    }
}
