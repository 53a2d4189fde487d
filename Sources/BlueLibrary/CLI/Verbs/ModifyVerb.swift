import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary modify QUERY field=value… [field!]…`: changes fields of every album a query matches,
/// shown first and confirmed, as one transaction and one undo step.
struct ModifyVerb: Verb {
    static let spec = VerbSpec(
        name: "modify", summary: "change fields of every album a query matches (one undo step)",
        usage: "QUERY... field=value... [field!]... [-y] | --all field=value... [-y]",
        options: [
            CommonOptions.yes,
            OptionSpec(name: "all", short: nil, value: nil, help: "change every album (with no query)"),
        ],
        positionals: 1...Int.max,
        details: """
            field=value sets a field (title, artist, genre, year, cover_url); field! clears it.
            Shows what will change and asks first; -y answers yes (needed without a terminal).
            Example: bluelibrary modify artist:bowie genre=Rock year!
            """)
    static let services: ServiceNeeds = [.mirrorsChanges]

    let query: Query
    let patch: AlbumPatch
    let confirmation: Confirmation

    init(_ arguments: ParsedArguments) throws {
        let (terms, patch) = try Self.splitAssignments(arguments.positionals)
        guard !patch.isEmpty else {
            throw Self.spec.usageError("'modify' needs at least one field=value or field!")
        }
        self.patch = patch
        query = try Query(terms: terms)
        guard !query.matchesEverything || arguments.has("all") else {
            throw LibraryError(.usage, "'modify' needs a query, or --all to change every album")
        }
        confirmation = Confirmation(verb: "modify", arguments)
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        let out = context.out
        let albums = try await context.library.page(matching: query).albums.map(\.album)
        guard !albums.isEmpty else {
            out.line("No albums match.")
            return .success
        }
        for album in albums {
            let after = try album.updating(patch)
            out.line("\(album.artist) - \(album.title)")
            for field in AlbumField.allCases where album.text(of: field) != after.text(of: field) {
                let (old, new) = (album.text(of: field), after.text(of: field))
                out.line(
                    "  \(field.rawValue): \(old.isEmpty ? "(none)" : old) -> \(new.isEmpty ? "(none)" : new)")
            }
        }
        try confirmation.checkCanConfirm(albums.count, out)
        guard await confirmation.confirmed("Modify", albums.count, on: out) else {
            out.line("Nothing was changed.")
            return .success
        }
        let count = Confirmation.count(of: try await context.library.modify(matching: query, with: patch))
        out.line(
            "Modified \(count) album\(count == 1 ? "" : "s"). Run 'bluelibrary undo' to change them back.")
        return .success
    }

    /// Splits `modify`'s arguments into the query and the change: `field=value` sets a field,
    /// `field!` clears it; everything else is the query.
    static func splitAssignments(_ arguments: [String]) throws -> (terms: [String], patch: AlbumPatch) {
        var terms: [String] = []
        var patch = AlbumPatch()
        for argument in arguments {
            if argument.hasSuffix("!"), let field = AlbumField(name: String(argument.dropLast())) {
                try set(field, to: nil, in: &patch)
            } else if let equals = argument.firstIndex(of: "="), argument.first != "^",
                let field = AlbumField(name: String(argument[..<equals])), !argument[..<equals].contains(":")
            {
                try set(field, to: String(argument[argument.index(after: equals)...]), in: &patch)
            } else {
                terms.append(argument)
            }
        }
        return (terms, patch)
    }

    private static func set(_ field: AlbumField, to value: String?, in patch: inout AlbumPatch) throws {
        switch field {
        case .title: patch.title = value ?? ""
        case .artist: patch.artist = value ?? ""
        case .genre: patch.genre = value ?? ""
        case .coverURL: patch.coverURL = value ?? ""
        case .mbid: patch.mbid = value ?? ""
        case .year: patch.year = .some(try value.flatMap { try Album.parseYear($0) })
        case .id: throw LibraryError(.usage, "an album's id cannot be changed")
        }
    }
}
