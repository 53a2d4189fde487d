import BlueLibraryCore
import BlueLibraryServices
import BlueLibrarySubsonic
import Diagnostics

/// `bluelibrary playlist list | import FILE.m3u8 [--name NAME] | export NAME [-o FILE.m3u8] | smart NAME
/// QUERY [--order ORDER] [--limit N]`, each for `--user NAME` (by default the administrator): a user's
/// playlists — the ones their music apps and the web page show — to and from playlist files
/// (``PlaylistFiles``), and their smart playlists' rules.
struct PlaylistVerb: Verb {
    static let spec = VerbSpec(
        name: "playlist",
        summary: "list a user's playlists, import or export them as .m3u8 files, and make smart ones",
        usage:
            "list | import FILE.m3u8 [--name NAME] | export NAME [-o FILE.m3u8] | smart NAME QUERY [--order ORDER] [--limit N]  [--user NAME]",
        options: [
            OptionSpec(
                name: "user", short: "u", value: "NAME",
                help: "whose playlists (default: the administrator, the first user added)"),
            OptionSpec(
                name: "name", short: nil, value: "NAME",
                help: "with import: the playlist's name (default: the file's name without .m3u8)"),
            OptionSpec(
                name: "output", short: "o", value: "FILE",
                help: "with export: write to FILE, atomically, instead of stdout"),
            OptionSpec(
                name: "order", short: nil, value: "ORDER",
                help:
                    "with smart: album (the default), title, artist, year, added, plays, played, rating or random"
            ),
            OptionSpec(
                name: "limit", short: nil, value: "N",
                help: "with smart: the most tracks it holds, 1 to \(PlaylistRule.longest) (default 100)"),
        ],
        positionals: 1...3,
        details: """
            Playlists belong to a user ('bluelibrary user add'), and are the ones their music apps (the
            Subsonic API) and the web page show. import reads an extended M3U file in UTF-8: each line
            not starting with # names a file, by its absolute path, relative to the playlist file's
            folder, relative to a music folder the library was imported from, or as a file:// URL;
            lines that name no track of the library are listed, and the rest imported. export writes
            the playlist's tracks still in the library, each with #EXTINF (length, artist - title), a
            track under the file's folder relative to it, any other by its absolute path.

            smart makes a smart playlist — or gives the user's smart playlist of that name a new rule:
            its tracks are the ones QUERY (one argument, the query language of 'list', which here may
            also name the user's own plays:, rating:, starred: and played:) matches when it is read, so
            it follows every change to the library and to what the user plays, stars and rates. Phones
            see it as an ordinary playlist.
              bluelibrary playlist smart "Unplayed jazz" 'genre:jazz year:1950..1969 plays:0'
              bluelibrary playlist smart "Loved lately" 'rating:>=4 added:-30d' --order added
              bluelibrary playlist smart "Heavy rotation" 'played:-7d' --order plays --limit 25
            """)

    enum Action: String {
        case list
        case `import`
        case export
        case smart
    }

    let action: Action
    /// With import, the file; with export, the playlist's name.
    let argument: String?
    let user: String?
    let name: String?
    let output: String?
    /// With smart, the rule.
    let rule: PlaylistRule?

    init(_ arguments: ParsedArguments) throws {
        let words = arguments.positionals
        guard let action = Action(rawValue: words[0]) else {
            throw Self.spec.usageError("unknown action '\(words[0])': use list, import, export or smart")
        }
        self.action = action
        var rule: PlaylistRule?
        switch action {
        case .list:
            guard words.count == 1 else { throw Self.spec.usageError("list takes nothing more") }
            argument = nil
        case .import:
            guard words.count == 2 else { throw Self.spec.usageError("import needs a FILE.m3u8") }
            argument = words[1]
        case .export:
            guard words.count == 2 else { throw Self.spec.usageError("export needs a playlist NAME") }
            argument = words[1]
        case .smart:
            guard words.count == 3 else {
                throw Self.spec.usageError("smart needs a NAME and a QUERY (quoted as one argument)")
            }
            argument = try PlaylistFiles.checkedName(words[1])
            let orderText = arguments["order"] ?? "album"
            guard let order = TrackOrder(rawValue: orderText) else {
                throw Self.spec.usageError(
                    "unknown --order '\(orderText)': use \(TrackOrder.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            let limitText = arguments["limit"] ?? "100"
            guard let limit = Int(limitText) else {
                throw Self.spec.usageError("--limit '\(limitText)' is not a whole number")
            }
            rule = try PlaylistRule(query: words[2], order: order, limit: limit)
        }
        self.rule = rule
        user = arguments["user"]
        name = arguments["name"]
        output = arguments["output"]
        if name != nil && action != .import { throw Self.spec.usageError("--name goes with import") }
        if output != nil && action != .export { throw Self.spec.usageError("--output goes with export") }
        for option in ["order", "limit"] where arguments[option] != nil && action != .smart {
            throw Self.spec.usageError("--\(option) goes with smart")
        }
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        let owner = try await owner(context.library)
        let files = PlaylistFiles(library: context.library)
        let out = context.out
        switch action {
        case .list:
            let theirs = try await context.library.listening { try $0.playlists() }.filter {
                $0.owner == owner.id
            }
            guard !theirs.isEmpty else {
                out.line(
                    "\(owner.name) has no playlists yet; import one with: bluelibrary playlist import FILE.m3u8"
                )
                return .success
            }
            let width = theirs.map(\.name.count).max() ?? 0
            for playlist in theirs {
                if let rule = playlist.rule {
                    out.line(
                        "\(playlist.name.padded(to: width))  smart: \(rule.query) (\(rule.order.rawValue) order, at most \(rule.limit))"
                    )
                } else {
                    let count = playlist.trackIDs.count
                    out.line("\(playlist.name.padded(to: width))  \(count) track\(count == 1 ? "" : "s")")
                }
            }
        case .import:
            let imported = try await files.importFile(at: argument ?? "", name: name, owner: owner)
            let count = imported.playlist.trackIDs.count
            out.line(
                "Imported '\(imported.playlist.name)' for \(owner.name): \(count) track\(count == 1 ? "" : "s")."
            )
            if !imported.unmatched.isEmpty {
                let lines = imported.unmatched.count
                out.line("\(lines) line\(lines == 1 ? "" : "s") named no track of the library:")
                for entry in imported.unmatched { out.line("  line \(entry.line): \(entry.location)") }
            }
        case .export:
            let playlist = try await files.playlist(named: argument ?? "", of: owner)
            let folder = PlaylistFiles.folder(of: output ?? "./-")
            let (text, missing) = try await files.export(playlist, relativeTo: folder)
            if let output {
                try LibraryLocation.checkOutput(
                    output, library: context.library.location, environment: context.console.environment)
                try await ExportFile.write(output) { $0.line(String(text.dropLast())) }
            } else {
                out.line(String(text.dropLast()))
            }
            if missing > 0 {
                StandardError.line(
                    "bluelibrary: \(missing) track\(missing == 1 ? "" : "s") of '\(playlist.name)' \(missing == 1 ? "is" : "are") no longer in the library and left out"
                )
            }
        case .smart:
            let saved = try await saveSmart(named: argument ?? "", rule: rule, for: owner, context.library)
            let now = WallClock.milliseconds()
            let count = try await context.library.listening { try $0.tracks(of: saved, now: now) }.count
            out.line(
                "Smart playlist '\(saved.name)' for \(owner.name): \(count) track\(count == 1 ? "" : "s") now."
            )
        }
        return .success
    }

    /// Makes `owner`'s smart playlist `name`, or gives theirs of that name the new rule.
    /// - Throws: `conflict` when their playlist of that name is one of chosen tracks; `malformedInput`
    ///   when they keep as many playlists as a user may.
    private func saveSmart(
        named name: String, rule: PlaylistRule?, for owner: StoredUser, _ library: LibraryAPI
    )
        async throws -> StoredPlaylist
    {
        let time = WallClock.milliseconds()
        let fresh = AlbumID.random().rawValue
        return try await library.changeUserData(of: owner.id) { writer in
            let theirs = try writer.playlists().filter { $0.owner == owner.id }
            var playlist: StoredPlaylist
            if let existing = theirs.first(where: { $0.name == name }) {
                guard existing.rule != nil else {
                    throw LibraryError(
                        .conflict,
                        "\(owner.name)'s playlist '\(name)' is one of chosen tracks, not a smart one; give another name"
                    )
                }
                playlist = existing
                playlist.changed = time
            } else {
                guard theirs.count < UserLimits.playlists else {
                    throw LibraryError(
                        .malformedInput, "a user keeps at most \(UserLimits.playlists) playlists")
                }
                playlist = StoredPlaylist(
                    id: fresh, owner: owner.id, name: name, created: time, changed: time)
            }
            playlist.rule = rule
            try writer.savePlaylist(playlist)
            return playlist
        }
    }

    /// The user named by `--user`, or the administrator.
    private func owner(_ library: LibraryAPI) async throws -> StoredUser {
        let users = try await library.listening { try $0.users() }
        if let user {
            guard let found = users.first(where: { StoredUser.nameKey($0.name) == StoredUser.nameKey(user) })
            else {
                throw LibraryError(.notFound, "no user named \(user.prefix(80))")
            }
            return found
        }
        guard let admin = users.first(where: \.isAdmin) else {
            throw LibraryError(
                .notFound, "no users yet: playlists belong to a user; add one with: bluelibrary user add NAME"
            )
        }
        return admin
    }
}
