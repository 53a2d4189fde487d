import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

#if canImport(Glibc)
    import Glibc
#endif

/// `bluelibrary add --title T --artist A …`: a new album, at an index or at the end.
struct AddVerb: Verb {
    static let spec = VerbSpec(
        name: "add", summary: "add an album",
        usage: "--title T --artist A [--genre G] [--year Y] [--cover URL] [--at INDEX]",
        options: [
            OptionSpec(name: "title", short: nil, value: "T", help: "the album's title (required)"),
            OptionSpec(name: "artist", short: nil, value: "A", help: "the artist (required)"),
            OptionSpec(name: "genre", short: nil, value: "G", help: "the genre"),
            OptionSpec(name: "year", short: nil, value: "Y", help: "the year, 1000-9999"),
            OptionSpec(
                name: "cover", short: nil, value: "URL",
                help: "cover image: http(s) or file URL, or a path"),
            OptionSpec(
                name: "at", short: nil, value: "INDEX", help: "insert at this index (default: at the end)"
            ),
            CommonOptions.json,
        ])
    static let services: ServiceNeeds = [.mirrorsChanges]

    let album: Album
    /// Where to insert it; `nil` (or an index out of range) appends.
    let index: Int?
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        guard let title = arguments["title"], let artist = arguments["artist"] else {
            throw Self.spec.usageError("'add' needs --title and --artist")
        }
        index = try arguments["at"].map { text in
            guard let index = Int(text) else {
                throw LibraryError(.usage, "invalid --at '\(text)': not a whole number")
            }
            return index
        }
        album = try Album(
            title: title, artist: artist, genre: arguments["genre"] ?? "",
            year: try Album.parseYear(arguments["year"] ?? ""), coverURL: arguments["cover"] ?? "")
        json = arguments.has("json")
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        let change = try await context.library.add(album, at: index)
        CoverWarning.warnIfMissing(album.coverURL, context.console)
        guard case .add(_, let position)? = change.effect else { return .success }
        if json {
            AlbumListing.printAlbum(album, index: position, json: true, to: context.out)
        } else {
            context.out.line("Added \"\(album.title)\" at index \(position) (id \(album.id)).")
        }
        return .success
    }
}

/// A cover that is a local file which does not exist is allowed (it may come later), but said.
enum CoverWarning {
    static func warnIfMissing(_ cover: String, _ console: Console) {
        let path = cover.hasPrefix("file://") ? String(cover.dropFirst(7)) : cover
        guard path.hasPrefix("/"), access(path, F_OK) != 0 else { return }
        console.error(
            "warning: the cover \(path) does not exist (yet); the album shows generated artwork until it does"
        )
    }
}
