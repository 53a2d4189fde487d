import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary export [--format json|csv] [-o FILE]`: every album, to standard output or a file
/// replaced atomically.
struct ExportVerb: Verb {
    static let spec = VerbSpec(
        name: "export", summary: "write every album as JSON or CSV",
        usage: "[--format json|csv] [-o FILE]",
        options: [
            OptionSpec(
                name: "format", short: nil, value: "json|csv", help: "the output format (default: json)"),
            OptionSpec(
                name: "output", short: "o", value: "FILE",
                help: "write to FILE, atomically, instead of stdout (never the library's own files)"),
        ])

    let format: AlbumCoding.Format
    /// The file to write, or `nil` for standard output.
    let path: String?

    init(_ arguments: ParsedArguments) throws {
        let formatName = arguments["format"] ?? "json"
        guard let format = AlbumCoding.Format(rawValue: formatName) else {
            throw LibraryError(.usage, "invalid --format '\(formatName)': use json or csv")
        }
        self.format = format
        path = arguments["output"]
    }

    func run(_ context: ReadingContext) async throws -> ExitStatus {
        let (library, format) = (context.library, format)
        let write: (Output) async throws -> Void = { output in
            switch format {
            case .json: try await AlbumListing.writeJSON(library, withTracks: true, to: output)
            case .csv: try await AlbumListing.writeCSV(library, to: output)
            }
        }
        guard let path else {
            try await write(context.out)
            return .success
        }
        try LibraryLocation.checkOutput(
            path, library: context.library.store.location, environment: context.console.environment)
        try await ExportFile.write(path, write)
        return .success
    }
}
