import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary delete INDEX|ID`: deletes one album; undo brings it back.
struct DeleteVerb: Verb {
    static let spec = VerbSpec(
        name: "delete", summary: "delete an album (undo brings it back)", usage: "INDEX|ID|QUERY",
        positionals: 1...1,
        details: """
            An album is named by its INDEX (0 is the first), its ID, or a QUERY that matches it alone
            (bluelibrary delete "Kid A"); when a query matches more than one, they are listed.
            """)
    static let services: ServiceNeeds = [.mirrorsChanges]

    let album: AlbumReference

    init(_ arguments: ParsedArguments) throws {
        album = try AlbumReference(arguments: arguments.positionals)
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        let change = try await context.library.delete(album)
        guard case .delete(let album, let index)? = change.effect else { return .success }
        context.out.line(
            "Deleted \"\(album.title)\" from index \(index). Run 'bluelibrary undo' to bring it back.")
        return .success
    }
}
