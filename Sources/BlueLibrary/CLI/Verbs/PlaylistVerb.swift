import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary playlist list | import FILE.m3u8 [--name NAME] | export NAME [-o FILE.m3u8]`, each for
/// `--user NAME` (by default the administrator): a user's playlists — the ones their music apps and the
/// web page show — to and from playlist files (``PlaylistFiles``).
struct PlaylistVerb: Verb {
    static let spec = VerbSpec(
        name: "playlist", summary: "list a user's playlists, and import or export them as .m3u8 files",
        usage: "list | import FILE.m3u8 [--name NAME] | export NAME [-o FILE.m3u8]  [--user NAME]",
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
        ],
        positionals: 1...2,
        details: """
            Playlists belong to a user ('bluelibrary user add'), and are the ones their music apps (the
            Subsonic API) and the web page show. import reads an extended M3U file in UTF-8: each line
            not starting with # names a file, by its absolute path, relative to the playlist file's
            folder, relative to a music folder the library was imported from, or as a file:// URL;
            lines that name no track of the library are listed, and the rest imported. export writes
            the playlist's tracks still in the library, each with #EXTINF (length, artist - title), a
            track under the file's folder relative to it, any other by its absolute path.
            """)

    enum Action: String {
        case list
        case `import`
        case export
    }

    let action: Action
    /// With import, the file; with export, the playlist's name.
    let argument: String?
    let user: String?
    let name: String?
    let output: String?

    init(_ arguments: ParsedArguments) throws {
        let words = arguments.positionals
        guard let action = Action(rawValue: words[0]) else {
            throw Self.spec.usageError("unknown action '\(words[0])': use list, import or export")
        }
        self.action = action
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
        }
        user = arguments["user"]
        name = arguments["name"]
        output = arguments["output"]
        if name != nil && action != .import { throw Self.spec.usageError("--name goes with import") }
        if output != nil && action != .export { throw Self.spec.usageError("--output goes with export") }
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
                let count = playlist.trackIDs.count
                out.line("\(playlist.name.padded(to: width))  \(count) track\(count == 1 ? "" : "s")")
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
        }
        return .success
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
