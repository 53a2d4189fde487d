import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary select INDEX|ID`: makes an album the current one (remembered across runs).
struct SelectVerb: Verb {
    static let spec = VerbSpec(
        name: "select", summary: "make an album the current one (remembered across runs)",
        usage: "INDEX|ID|QUERY",
        positionals: 1...1,
        details: """
            An album is named by its INDEX (0 is the first), its ID, or a QUERY that matches it alone
            (bluelibrary select "Kid A"); when a query matches more than one, they are listed.
            """)

    let album: AlbumReference

    init(_ arguments: ParsedArguments) throws {
        album = try AlbumReference(arguments: arguments.positionals)
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        let change = try await context.library.select(album)
        guard let current = change.state.current else { return .success }
        let album = try await context.library.album(.id(current.id)).album
        context.out.line("Current album: \(current.index)  \(album.artist) - \(album.title)")
        return .success
    }
}
