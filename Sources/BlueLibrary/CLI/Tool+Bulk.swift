import BlueLibraryCore
import BlueLibraryServices

/// `bluelibrary modify QUERY field=value… [field!]` and `bluelibrary remove QUERY`: many albums at once,
/// shown first and confirmed (`-y` confirms in advance; without a terminal it is required), then done
/// as one transaction and one undo step.
extension Tool {
    func modify(_ arguments: ParsedArguments, _ library: LibraryAPI) async throws {
        let (terms, patch) = try Self.splitAssignments(arguments.positionals)
        guard !patch.isEmpty else {
            throw LibraryError(
                .usage,
                "'modify' needs at least one field=value or field! (usage: bluelibrary modify \(usage("modify")))"
            )
        }
        let query = try Query(terms: terms)
        let albums = try await library.albums(matching: query)
        guard !albums.isEmpty else { return out.line("No albums match.") }
        try checkCanConfirm("modify", albums.count, arguments)
        for album in albums {
            let after = try album.updating(patch)
            out.line("\(album.artist) - \(album.title)")
            for field in AlbumField.allCases where album.text(of: field) != after.text(of: field) {
                let (old, new) = (album.text(of: field), after.text(of: field))
                out.line(
                    "  \(field.rawValue): \(old.isEmpty ? "(none)" : old) -> \(new.isEmpty ? "(none)" : new)")
            }
        }
        guard await confirmed("Modify", albums.count, arguments) else {
            return out.line("Nothing was changed.")
        }
        let change = try await library.modify(matching: query, with: patch)
        let count = Self.count(of: change)
        out.line(
            "Modified \(count) album\(count == 1 ? "" : "s"). Run 'bluelibrary undo' to change them back.")
    }

    func remove(_ arguments: ParsedArguments, _ library: LibraryAPI) async throws {
        let query = try Query(terms: arguments.positionals)
        guard !query.matchesEverything || arguments.has("all") else {
            throw LibraryError(.usage, "'remove' needs a query, or --all to remove every album")
        }
        let albums = try await library.indexedAlbums(matching: query)
        guard !albums.isEmpty else { return out.line("No albums match.") }
        try checkCanConfirm("remove", albums.count, arguments)
        for (album, index) in albums { out.line("\(index)  \(album.artist) - \(album.title)") }
        guard await confirmed("Remove", albums.count, arguments) else {
            return out.line("Nothing was removed.")
        }
        let change = try await library.remove(matching: query)
        let count = Self.count(of: change)
        out.line("Removed \(count) album\(count == 1 ? "" : "s"). Run 'bluelibrary undo' to bring them back.")
    }

    /// Refuses, before showing anything, when no one can confirm: no `-y` and no terminal to ask on.
    private func checkCanConfirm(_ verb: String, _ count: Int, _ arguments: ParsedArguments) throws {
        guard !arguments.has("yes"), !Prompt.isInteractive else { return }
        throw LibraryError(
            .usage,
            "\(verb) would change \(count) album\(count == 1 ? "" : "s"); add -y to confirm (no terminal to ask)"
        )
    }

    /// Whether to go ahead: `-y` says yes; otherwise the person at the terminal is asked.
    private func confirmed(_ verb: String, _ count: Int, _ arguments: ParsedArguments) async -> Bool {
        if arguments.has("yes") { return true }
        return await Prompt.confirm("\(verb) \(count) album\(count == 1 ? "" : "s")?", on: out)
    }

    private static func count(of change: LibraryChange?) -> Int {
        guard case .group(let group)? = change?.effect else { return 0 }
        return group.commands.count
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
