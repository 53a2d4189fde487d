import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryServices
import Diagnostics

/// `bluelibrary edit INDEX|ID --field value…`: changes fields of one album; `edit track:ID --field
/// value…` of one track.
struct EditVerb: Verb {
    static let spec = VerbSpec(
        name: "edit", summary: "change fields of an album or a track",
        usage:
            "INDEX|ID|QUERY [--title T] [--artist A] [--genre G] [--year Y|''] [--cover URL] | track:ID [--title T] [--artist A] [--number N|''] [--disc D] [--genre 'G; H'|''] [--write-tags]",
        options: [
            OptionSpec(name: "title", short: nil, value: "T", help: "the new title"),
            OptionSpec(name: "artist", short: nil, value: "A", help: "the new artist"),
            OptionSpec(
                name: "genre", short: nil, value: "G",
                help: "the new genre (a track's: names separated by ';', '' for its album's)"),
            OptionSpec(name: "year", short: nil, value: "Y", help: "the new year ('' clears it)"),
            OptionSpec(name: "cover", short: nil, value: "URL", help: "the new cover URL"),
            OptionSpec(name: "number", short: nil, value: "N", help: "a track's new number ('' clears it)"),
            OptionSpec(name: "disc", short: nil, value: "D", help: "a track's new disc"),
            OptionSpec(
                name: "write-tags", short: nil, value: nil,
                help: "write the edit into the files' tags now (as config write-tags on does for every edit)"),
            CommonOptions.json,
        ],
        positionals: 1...1,
        details: """
            An album is named by its INDEX (0 is the first), its ID, or a QUERY that matches it alone
            (bluelibrary edit "Kid A"); when a query matches more than one, they are listed.
            A track is named by track:ID (its id, as show --json lists it); its title, artist, number,
            disc and genres can change (--genre 'Rock; Jazz' gives it two, --genre '' its album's).
            Either edit is one undo step. --write-tags writes it into the files' tags at once (exit
            status 74 when a file could not be written; the edit stands); with the setting write-tags
            on (see bluelibrary config) every edit is, a file that could not be written one line.
            """)
    static let services: ServiceNeeds = [.mirrorsChanges]

    /// What is edited: an album, or one track.
    enum Target {
        case album(AlbumReference, AlbumPatch)
        case track(String, TrackPatch)
    }

    let target: Target
    let json: Bool
    let writeTags: Bool

    init(_ arguments: ParsedArguments) throws {
        let named = arguments.positionals[0]
        json = arguments.has("json")
        writeTags = arguments.has("write-tags")
        if named.hasPrefix("track:"), let id = TrackID(String(named.dropFirst("track:".count))) {
            for field in ["year", "cover"] where arguments[field] != nil {
                throw Self.spec.usageError("a track has no --\(field) of its own (its album's is edited)")
            }
            var patch = TrackPatch(title: arguments["title"], artist: arguments["artist"])
            if let number = arguments["number"] { try patch.set("number", to: number) }
            if let disc = arguments["disc"] { try patch.set("disc", to: disc) }
            if let genre = arguments["genre"] { try patch.set("genre", to: genre) }
            guard !patch.isEmpty else {
                throw Self.spec.usageError("'edit' needs at least one field to change")
            }
            target = .track(id.rawValue, patch)
            return
        }
        for field in ["number", "disc"] where arguments[field] != nil {
            throw Self.spec.usageError("--\(field) is a track's: name the track as track:ID")
        }
        let patch = AlbumPatch(
            title: arguments["title"], artist: arguments["artist"], genre: arguments["genre"],
            year: try arguments["year"].map { try Album.parseYear($0) }, coverURL: arguments["cover"])
        guard !patch.isEmpty else { throw Self.spec.usageError("'edit' needs at least one field to change") }
        target = .album(try AlbumReference(arguments: [named]), patch)
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        switch target {
        case .album(let album, let patch): return try await edit(album, with: patch, context)
        case .track(let id, let patch): return try await edit(track: id, with: patch, context)
        }
    }

    @MainActor private func edit(track id: String, with patch: TrackPatch, _ context: LibraryContext)
        async throws
        -> ExitStatus
    {
        let change = try await context.library.updateTracks([(id, patch)])
        let track = try await context.library.track(id: id)
        if json {
            context.out.line(JSONWriter.string(AlbumCoding.json(track, file: .path)))
        } else {
            // An edit to the values the track already has records no step: nothing to undo.
            context.out.line(
                change == nil
                    ? "Nothing to change: track \"\(track.title)\" already has those values."
                    : "Updated track \"\(track.title)\".")
        }
        return await written(change, context)
    }

    @MainActor private func edit(_ album: AlbumReference, with patch: AlbumPatch, _ context: LibraryContext)
        async throws
        -> ExitStatus
    {
        let change = try await context.library.update(album, with: patch)
        if let cover = patch.coverURL { CoverWarning.warnIfMissing(cover, context.console) }
        guard let after = change.album else { return .success }
        let index = try await context.library.album(.id(after.id)).index
        if json {
            AlbumListing.printAlbum(after, index: index, json: true, to: context.out)
        } else {
            context.out.line("Updated \"\(after.title)\" at index \(index).")
        }
        return await written(change, context)
    }

    /// With `--write-tags`, the edit's files written now — unless the setting wrote them already.
    private func written(_ change: LibraryChange?, _ context: LibraryContext) async -> ExitStatus {
        guard writeTags, let change else { return .success }
        let console = context.console
        let writer = TagWriteOnEdit(
            library: context.library, environment: console.environment, report: { console.error($0) })
        if (try? writer.settings().writeTags) == true { return .success }
        return await writer.write(change).problems.isEmpty ? .success : .ioError
    }
}
