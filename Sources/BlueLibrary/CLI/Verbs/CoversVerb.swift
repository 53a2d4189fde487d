import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryPresentation
import BlueLibraryServices
import BlueLibraryTerminal
import Diagnostics
import Synchronization
import TerminalKit

#if canImport(Glibc)
    import Glibc
#endif

/// `bluelibrary covers fetch [QUERY...] | show INDEX|ID [--width N] | clear`.
struct CoversVerb: Verb {
    static let spec = VerbSpec(
        name: "covers", summary: "fetch, show or clear album covers",
        usage: "fetch [QUERY...] | show INDEX|ID [--width N] | clear",
        options: [
            OptionSpec(name: "width", short: "w", value: "N", help: "columns for 'show' (default 32)"),
            OptionSpec(
                name: "no-lookup", short: nil, value: nil,
                help: "'fetch' asks neither MusicBrainz nor the Cover Art Archive"),
        ],
        positionals: 1...Int.max,
        details: """
            fetch [QUERY...]   download every (matching) album's cover once into the cache, with
                               progress. An album with no cover of its own (no URL or a failing
                               one, no art in its folder or files) is looked up on MusicBrainz by
                               artist and title (a match scoring 90 or more; an album tagged with
                               its MusicBrainz id is not searched) and gets the Cover Art
                               Archive's front cover and the id (one undo step for all of them);
                               at most one request a second. Covers that cannot be had get
                               generated artwork instead
            show INDEX|ID      draw the cover in the terminal (true colour when COLORTERM says so,
                               256 colours otherwise, plain characters with NO_COLOR)
            clear              empty the cover cache
            The cache lives in $BLUELIBRARY_HOME/covers, else $XDG_CACHE_HOME/bluelibrary/covers,
            else ~/.cache/bluelibrary/covers (at most 200 MB; least recently used covers go first).
            BLUELIBRARY_CONTACT (your e-mail address or URL) is the contact MusicBrainz asks every
            client for; BLUELIBRARY_MUSICBRAINZ_URL and BLUELIBRARY_COVERART_URL name other servers
            (mirrors); BLUELIBRARY_OFFLINE=1 asks no server at all.
            """)
    static let services: ServiceNeeds = [.covers, .lookups]

    /// What to do with the covers.
    enum Action: Sendable {
        case fetch(Query)
        case show(AlbumReference, width: Int)
        case clear
    }

    let action: Action

    init(_ arguments: ParsedArguments) throws {
        let name = arguments.positionals[0]
        let rest = Array(arguments.positionals.dropFirst())
        if name != "fetch" && arguments.has("no-lookup") {
            throw LibraryError(.usage, "option '--no-lookup' is for 'covers fetch' only")
        }
        switch name {
        case "fetch": action = .fetch(try Query(terms: rest))
        case "show":
            guard rest.count == 1 else {
                throw LibraryError(
                    .usage,
                    "'covers show' needs one album (usage: bluelibrary covers show INDEX|ID [--width N])")
            }
            let width =
                try arguments["width"].map { text in
                    guard let value = Int(text), (4...400).contains(value) else {
                        throw LibraryError(
                            .usage, "invalid --width '\(text)': use a whole number from 4 to 400")
                    }
                    return value
                } ?? 32
            action = .show(try AlbumReference(arguments: [rest[0]]), width: width)
        case "clear":
            guard rest.isEmpty else {
                throw LibraryError(.usage, "unexpected argument '\(rest[0])' for 'covers clear'")
            }
            action = .clear
        default:
            throw LibraryError(.usage, "unknown covers action '\(name)' (use fetch, show or clear)")
        }
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        let covers = try context.requireCovers()
        switch action {
        case .fetch(let query):
            try await fetchCovers(query, context.library, covers, lookup: context.lookup, context.console)
        case .show(let reference, let width):
            try await showCover(reference, width: width, context.library, covers, context.console)
        case .clear:
            let removed = await covers.cache?.clear() ?? (files: 0, bytes: 0)
            context.out.line(
                "Removed \(removed.files) cover\(removed.files == 1 ? "" : "s") (\(removed.bytes / 1024) KB)."
            )
        }
        return .success
    }

    private func fetchCovers(
        _ query: Query, _ library: LibraryAPI, _ covers: CoverService, lookup: MusicBrainzLookup?,
        _ console: Console
    ) async throws {
        let out = console.out
        let albums = try await library.page(matching: query).albums.map(\.album)
        let progress = ProgressBar(unit: "covers", onTerminal: console.showsProgress)
        let fetched = await withTaskGroup(of: FetchedCover.self) { group in
            var pending = albums[...]
            var fetched: [FetchedCover] = []
            // Keep a bounded number of albums in flight; the service bounds the downloads themselves.
            for _ in 0..<16 {
                guard let album = pending.popFirst() else { break }
                group.addTask { await Self.fetchCover(of: album, covers, lookup) }
            }
            for await result in group {
                fetched.append(result)
                progress.advance(of: albums.count)
                if let album = pending.popFirst() {
                    group.addTask { await Self.fetchCover(of: album, covers, lookup) }
                }
            }
            return fetched
        }
        progress.finish()
        let order = Dictionary(albums.enumerated().map { ($1.id, $0) }) { first, _ in first }
        let sorted = fetched.sorted { order[$0.album.id, default: 0] < order[$1.album.id, default: 0] }
        let report = CoversReport(sorted)
        if !progress.onTerminal {
            for cover in sorted { out.line(report.label(of: cover).padded(to: 10) + cover.album.title) }
        }
        // What MusicBrainz taught us is kept, all of it one undo step.
        let patches = sorted.compactMap(\.patch)
        if !patches.isEmpty { try await library.modify(patches) }
        for line in report.lines { out.line(line) }
    }

    /// One album's cover; when it has none of its own and a lookup is allowed, what MusicBrainz and the
    /// Cover Art Archive have.
    private static func fetchCover(of album: Album, _ covers: CoverService, _ lookup: MusicBrainzLookup?)
        async
        -> FetchedCover
    {
        let result = await covers.cover(for: album)
        guard result.source == .generated, !CoversReport.isOffline(result.failure), let lookup else {
            return FetchedCover(album: album, result: result)
        }
        do {
            guard let found = try await covers.lookUp(album, with: lookup) else {
                return FetchedCover(album: album, result: result, askedMusicBrainz: true)
            }
            return FetchedCover(
                album: album, result: found.foundCover ? found.cover : result, found: found,
                askedMusicBrainz: true)
        } catch let error as LibraryError where error.cause is MusicBrainzLookup.Stopped {
            return FetchedCover(album: album, result: result, lookupFailure: error.message, notAsked: true)
        } catch let error as LibraryError {
            return FetchedCover(
                album: album, result: result, askedMusicBrainz: true, lookupFailure: error.message)
        } catch {
            return FetchedCover(
                album: album, result: result, askedMusicBrainz: true, lookupFailure: "MusicBrainz: \(error)")
        }
    }

    private func showCover(
        _ reference: AlbumReference, width: Int, _ library: LibraryAPI, _ covers: CoverService,
        _ console: Console
    ) async throws {
        let album = try await library.album(reference).album
        let result = await covers.cover(for: album)
        let mode = TerminalColors.strategy(environment: console.environment)
        for line in TerminalArt.render(result.image, width: width, mode: mode) { console.out.line(line) }
        if let failure = result.failure {
            console.out.flush()
            console.error("showing generated artwork: \(failure)")
        }
    }
}
