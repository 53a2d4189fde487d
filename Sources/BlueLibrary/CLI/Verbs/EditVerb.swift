import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary edit INDEX|ID --field value…`: changes fields of one album.
struct EditVerb: Verb {
    static let spec = VerbSpec(
        name: "edit", summary: "change fields of an album",
        usage: "INDEX|ID|QUERY [--title T] [--artist A] [--genre G] [--year Y|''] [--cover URL]",
        options: [
            OptionSpec(name: "title", short: nil, value: "T", help: "the new title"),
            OptionSpec(name: "artist", short: nil, value: "A", help: "the new artist"),
            OptionSpec(name: "genre", short: nil, value: "G", help: "the new genre"),
            OptionSpec(name: "year", short: nil, value: "Y", help: "the new year ('' clears it)"),
            OptionSpec(name: "cover", short: nil, value: "URL", help: "the new cover URL"),
            CommonOptions.json,
        ],
        positionals: 1...1,
        details: """
            An album is named by its INDEX (0 is the first), its ID, or a QUERY that matches it alone
            (bluelibrary edit "Kid A"); when a query matches more than one, they are listed.
            """)
    static let services: ServiceNeeds = [.mirrorsChanges]

    let album: AlbumReference
    let patch: AlbumPatch
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        patch = AlbumPatch(
            title: arguments["title"], artist: arguments["artist"], genre: arguments["genre"],
            year: try arguments["year"].map { try Album.parseYear($0) }, coverURL: arguments["cover"])
        guard !patch.isEmpty else { throw Self.spec.usageError("'edit' needs at least one field to change") }
        album = try AlbumReference(arguments: [arguments.positionals[0]])
        json = arguments.has("json")
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        let change = try await context.library.update(album, with: patch)
        if let cover = patch.coverURL { CoverWarning.warnIfMissing(cover, context.console) }
        guard let after = change.album else { return .success }
        let index = try await context.library.album(.id(after.id)).index
        if json {
            AlbumListing.printAlbum(after, index: index, json: true, to: context.out)
        } else {
            context.out.line("Updated \"\(after.title)\" at index \(index).")
        }
        return .success
    }
}
