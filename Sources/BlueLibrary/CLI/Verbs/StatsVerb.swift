import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary stats [--json]`: how many albums, artists, genres and years, and the history.
struct StatsVerb: Verb {
    static let spec = VerbSpec(
        name: "stats", summary: "count albums, artists, genres, tracks and years", usage: "[--json]",
        options: [CommonOptions.json])

    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        json = arguments.has("json")
    }

    func run(_ context: ReadingContext) async throws -> ExitStatus {
        let stats = try await context.library.statistics()
        let out = context.out
        if json {
            let yearValue: JSONValue =
                stats.years.map { .array([.number(String($0.lowerBound)), .number(String($0.upperBound))]) }
                ?? .null
            out.line(
                JSONWriter.string(
                    .object(
                        [
                            ("albums", .number(String(stats.albums))),
                            ("artists", .number(String(stats.artists))),
                            ("genres", .number(String(stats.genres))),
                            ("tracks", .number(String(stats.tracks))),
                            ("length", .number(String(Int(stats.length.rounded())))), ("years", yearValue),
                        ] + stats.state.jsonMembers)))
            return .success
        }
        out.line("Albums:   \(stats.albums)")
        out.line("Artists:  \(stats.artists)")
        out.line("Genres:   \(stats.genres)")
        out.line("Tracks:   \(stats.tracks)" + (stats.tracks > 0 ? " (\(Track.clock(stats.length)))" : ""))
        out.line(
            "Years:    "
                + (stats.years.map {
                    $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)"
                } ?? "none"))
        out.line("Undo:     " + (stats.state.canUndo ? "available" : "nothing to undo"))
        out.line("Redo:     " + (stats.state.canRedo ? "available" : "nothing to redo"))
        return .success
    }
}
