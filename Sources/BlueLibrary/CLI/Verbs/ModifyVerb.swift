import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary modify QUERY field=value… [field!]…`: changes fields of every album a query matches
/// (with `--tracks`, of every track), shown first and confirmed, as one transaction and one undo step.
struct ModifyVerb: Verb {
    static let spec = VerbSpec(
        name: "modify", summary: "change fields of every album (or track) a query matches (one undo step)",
        usage: "QUERY... field=value... [field!]... [--tracks] [-y] | --all field=value... [-y]",
        options: [
            CommonOptions.yes,
            OptionSpec(name: "all", short: nil, value: nil, help: "change every album (with no query)"),
            OptionSpec(
                name: "tracks", short: nil, value: nil,
                help: "change the tracks the query matches (title, artist, number, disc, genre)"),
        ],
        positionals: 1...Int.max,
        details: """
            field=value sets a field (title, artist, genre, year, cover_url); field! clears it.
            With --tracks the query names tracks, as the page's track search does, and the fields are a
            track's: title, artist, number, disc, genre (names separated by ';'; genre! leaves a track its
            album's genre; number! clears the number); at most 10,000 at once.
            Shows what will change and asks first; -y answers yes (needed without a terminal).
            Example: bluelibrary modify artist:bowie genre=Rock year!
                     bluelibrary modify --tracks 'trackartist:Bjork' artist=Björk
                     bluelibrary modify --tracks 'track:live' 'genre=Rock; Live'
            """)
    static let services: ServiceNeeds = [.mirrorsChanges]

    /// The most tracks one `modify --tracks` changes.
    static let trackLimit = 10_000

    let query: Query
    let patch: AlbumPatch
    let trackPatch: TrackPatch?
    let confirmation: Confirmation

    init(_ arguments: ParsedArguments) throws {
        confirmation = Confirmation(verb: "modify", arguments)
        if arguments.has("tracks") {
            let (terms, trackPatch) = try Self.splitTrackAssignments(arguments.positionals)
            guard !trackPatch.isEmpty else {
                throw Self.spec.usageError(
                    "'modify --tracks' needs at least one field=value (title, artist, number, disc, genre)")
            }
            (self.trackPatch, patch) = (trackPatch, AlbumPatch())
            query = try Query(terms: terms)
            guard !query.matchesEverything else {
                throw LibraryError(.usage, "'modify --tracks' needs a query naming the tracks")
            }
            return
        }
        trackPatch = nil
        let (terms, patch) = try Self.splitAssignments(arguments.positionals)
        guard !patch.isEmpty else {
            throw Self.spec.usageError("'modify' needs at least one field=value or field!")
        }
        self.patch = patch
        query = try Query(terms: terms)
        guard !query.matchesEverything || arguments.has("all") else {
            throw LibraryError(.usage, "'modify' needs a query, or --all to change every album")
        }
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        if let trackPatch { return try await modifyTracks(with: trackPatch, context) }
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

    @MainActor private func modifyTracks(with patch: TrackPatch, _ context: LibraryContext) async throws
        -> ExitStatus
    {
        let out = context.out
        let page = try await context.library.tracks(matching: query, offset: 0, limit: Self.trackLimit)
        guard !page.more else {
            throw LibraryError(
                .usage, "more than \(Self.trackLimit) tracks match; narrow the query to change them")
        }
        var edits: [(id: String, patch: TrackPatch)] = []
        for (track, album) in page.tracks {
            let after = try track.updating(patch)
            guard after != track else { continue }
            edits.append((track.id, patch))
            out.line("\(track.artist) - \(track.title) (\(album.title))")
            for (field, old, new) in [
                ("title", track.title, after.title), ("artist", track.artist, after.artist),
                ("number", track.number.map(String.init) ?? "", after.number.map(String.init) ?? ""),
                ("disc", String(track.disc), String(after.disc)),
                (
                    "genres", track.genres(on: album).joined(separator: "; "),
                    after.genres(on: album).joined(separator: "; ")
                ),
            ] where old != new {
                out.line("  \(field): \(old.isEmpty ? "(none)" : old) -> \(new.isEmpty ? "(none)" : new)")
            }
        }
        guard !edits.isEmpty else {
            out.line(page.tracks.isEmpty ? "No tracks match." : "Nothing to change.")
            return .success
        }
        try confirmation.checkCanConfirm(edits.count, out, noun: "track")
        guard await confirmation.confirmed("Modify", edits.count, on: out, noun: "track") else {
            out.line("Nothing was changed.")
            return .success
        }
        try await context.library.updateTracks(edits)
        out.line(
            "Modified \(edits.count) track\(edits.count == 1 ? "" : "s"). Run 'bluelibrary undo' to change them back."
        )
        return .success
    }

    /// Splits `modify --tracks`' arguments into the query and a track's change: `field=value` for the
    /// fields ``TrackPatch/fieldNames``, `number!` clears the number, `genre!` the track's own genres.
    static func splitTrackAssignments(_ arguments: [String]) throws -> (terms: [String], patch: TrackPatch) {
        var terms: [String] = []
        var patch = TrackPatch()
        for argument in arguments {
            if argument == "number!" {
                patch.number = .some(nil)
            } else if argument == "genre!" {
                patch.genres = []
            } else if let equals = argument.firstIndex(of: "="), argument.first != "^",
                TrackPatch.fieldNames.contains(String(argument[..<equals]))
            {
                try patch.set(
                    String(argument[..<equals]), to: String(argument[argument.index(after: equals)...]))
            } else {
                terms.append(argument)
            }
        }
        return (terms, patch)
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
