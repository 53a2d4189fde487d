import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary show INDEX|ID|QUERY... [--json]`: one album's details and tracks.
struct ShowVerb: Verb {
    static let spec = VerbSpec(
        name: "show", summary: "show one album's details", usage: "INDEX|ID|QUERY... [--json]",
        options: [CommonOptions.json],
        positionals: 1...Query.maximumTerms,
        details: """
            An album is named by its INDEX (0 is the first), its ID, or a QUERY that matches it alone,
            read as list reads it (bluelibrary show Kid A; show 'title:=Kid A'); when a query matches
            several and one of them has exactly the query's words as its title, that one is shown;
            otherwise they are listed.
            """)

    let album: AlbumReference
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        album = try AlbumReference(arguments: arguments.positionals)
        json = arguments.has("json")
    }

    func run(_ context: ReadingContext) async throws -> ExitStatus {
        let details = try await context.library.album(album)
        if json {
            context.out.line(
                JSONWriter.string(AlbumCoding.json(details.album, tracks: details.tracks, file: .path)))
            return .success
        }
        AlbumListing.printAlbum(details.album, index: details.index, json: false, to: context.out)
        AlbumListing.printTracks(details.tracks, of: details.album, to: context.out)
        return .success
    }
}
