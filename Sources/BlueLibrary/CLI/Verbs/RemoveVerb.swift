import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary remove QUERY…` (or `--all`): removes every album a query matches, shown first and
/// confirmed, as one transaction and one undo step.
struct RemoveVerb: Verb {
    static let spec = VerbSpec(
        name: "remove", aliases: ["rm"], summary: "remove every album a query matches (one undo step)",
        usage: "QUERY... [-y] | --all [-y]",
        options: [
            CommonOptions.yes,
            OptionSpec(name: "all", short: nil, value: nil, help: "remove every album (with no query)"),
        ],
        positionals: 0...Int.max,
        details: "Shows what will go and asks first; -y answers yes (needed without a terminal).")
    static let services: ServiceNeeds = [.mirrorsChanges]

    let query: Query
    let confirmation: Confirmation

    init(_ arguments: ParsedArguments) throws {
        query = try Query(terms: arguments.positionals)
        guard !query.matchesEverything || arguments.has("all") else {
            throw LibraryError(.usage, "'remove' needs a query, or --all to remove every album")
        }
        confirmation = Confirmation(verb: "remove", arguments)
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        let out = context.out
        let albums = try await context.library.page(matching: query).albums
        guard !albums.isEmpty else {
            out.line("No albums match.")
            return .success
        }
        for (album, index) in albums { out.line("\(index)  \(album.artist) - \(album.title)") }
        try confirmation.checkCanConfirm(albums.count, out)
        guard await confirmation.confirmed("Remove", albums.count, on: out) else {
            out.line("Nothing was removed.")
            return .success
        }
        let count = Confirmation.count(of: try await context.library.remove(matching: query))
        out.line("Removed \(count) album\(count == 1 ? "" : "s"). Run 'bluelibrary undo' to bring them back.")
        return .success
    }
}
