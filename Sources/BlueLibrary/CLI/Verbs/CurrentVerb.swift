import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary current [--json]`: the current album (remembered across runs).
struct CurrentVerb: Verb {
    static let spec = VerbSpec(
        name: "current", summary: "show the current album", usage: "[--json]", options: [CommonOptions.json])

    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        json = arguments.has("json")
    }

    func run(_ context: ReadingContext) async throws -> ExitStatus {
        guard let current = try await context.library.currentAlbum() else {
            context.out.line(json ? "null" : "The library is empty.")
            return .success
        }
        AlbumListing.printAlbum(current.album, index: current.index, json: json, to: context.out)
        return .success
    }
}
