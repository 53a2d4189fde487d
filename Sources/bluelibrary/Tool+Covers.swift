import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryPresentation
import BlueLibraryServices
import BlueLibraryTerminal
import Synchronization
import TerminalKit

#if canImport(Glibc)
    import Glibc
#endif

/// `bluelibrary covers fetch|show|clear`.
extension Tool {
    func covers(_ arguments: ParsedArguments, _ library: LibraryAPI, _ covers: CoverService) async throws {
        let action = arguments.positionals[0]
        let rest = Array(arguments.positionals.dropFirst())
        switch action {
        case "fetch": try await fetchCovers(Query(terms: rest), library, covers)
        case "show":
            guard rest.count == 1 else {
                throw LibraryError(
                    .usage,
                    "'covers show' needs one album (usage: bluelibrary covers show INDEX|ID [--width N])")
            }
            try await showCover(
                try AlbumReference(parsing: rest[0]), width: arguments["width"], library, covers)
        case "clear":
            guard rest.isEmpty else {
                throw LibraryError(.usage, "unexpected argument '\(rest[0])' for 'covers clear'")
            }
            let removed = await covers.cache?.clear() ?? (files: 0, bytes: 0)
            out.line(
                "Removed \(removed.files) cover\(removed.files == 1 ? "" : "s") (\(removed.bytes / 1024) KB)."
            )
        default:
            throw LibraryError(.usage, "unknown covers action '\(action)' (use fetch, show or clear)")
        }
    }

    private func fetchCovers(_ query: Query, _ library: LibraryAPI, _ covers: CoverService) async throws {
        let albums = try await library.albums(matching: query)
        let progress = Progress(total: albums.count, onTerminal: isatty(STDERR_FILENO) == 1)
        let results = await withTaskGroup(of: CoverResult.self) { group in
            var pending = albums[...]
            var results: [CoverResult] = []
            // Keep a bounded number of albums in flight; the service bounds the downloads themselves.
            for _ in 0..<16 {
                guard let album = pending.popFirst() else { break }
                group.addTask { await covers.cover(for: album) }
            }
            for await result in group {
                results.append(result)
                progress.advance()
                if let album = pending.popFirst() { group.addTask { await covers.cover(for: album) } }
            }
            return results
        }
        progress.finish()
        let order = Dictionary(albums.enumerated().map { ($1.id, $0) }) { first, _ in first }
        let sorted = results.sorted { order[$0.albumID, default: 0] < order[$1.albumID, default: 0] }
        let titles = Dictionary(albums.map { ($0.id, $0.title) }) { first, _ in first }
        if !progress.onTerminal {
            for result in sorted {
                let label = Self.label(result).padding(toLength: 10, withPad: " ", startingAt: 0)
                out.line(label + (titles[result.albumID] ?? result.albumID.rawValue))
            }
        }
        let count = { (label: String) in results.filter { Self.label($0) == label }.count }
        let offline = count("offline")
        out.line(
            "\(results.count) cover\(results.count == 1 ? "" : "s"): \(count("fetched")) fetched, \(count("cached")) cached, "
                + "\(count("generated")) generated, \(count("failed")) failed"
                + (offline > 0
                    ? "; offline: \(offline) album\(offline == 1 ? "" : "s") use generated artwork" : ""))
        for result in sorted where Self.label(result) == "failed" {
            out.line("  \(titles[result.albumID] ?? ""): \(result.failure ?? "")")
        }
    }

    private func showCover(
        _ reference: AlbumReference, width: String?, _ library: LibraryAPI, _ covers: CoverService
    ) async throws {
        let columns =
            try width.map { text in
                guard let value = Int(text), (4...400).contains(value) else {
                    throw LibraryError(.usage, "invalid --width '\(text)': use a whole number from 4 to 400")
                }
                return value
            } ?? 32
        let (album, _) = try await library.locate(reference)
        let result = await covers.cover(for: album)
        let mode = TerminalColors.strategy(environment: environment)
        for line in TerminalArt.render(result.image, width: columns, mode: mode) { out.line(line) }
        if let failure = result.failure {
            out.flush()
            printError("showing generated artwork: \(failure)")
        }
    }

    /// Whether a cover failed only because this run has no network (`BLUELIBRARY_OFFLINE`, no libcurl).
    static func isOffline(_ failure: String?) -> Bool {
        failure?.contains("offline") ?? false
    }

    static func label(_ result: CoverResult) -> String {
        switch result.source {
        case .cache: "cached"
        case .network, .file: "fetched"
        case .generated:
            result.failure == nil ? "generated" : Self.isOffline(result.failure) ? "offline" : "failed"
        }
    }
}

/// A progress bar on stderr when it is a terminal; silent otherwise (plain lines are printed at the end).
private final class Progress: Sendable {
    let total: Int
    let onTerminal: Bool
    private let done = Mutex(0)

    init(total: Int, onTerminal: Bool) {
        self.total = total
        self.onTerminal = onTerminal
    }

    func advance() {
        let count = done.withLock { count in
            count += 1
            return count
        }
        guard onTerminal, total > 0 else { return }
        let width = 30
        let filled = count * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        StandardError.write("\r[\(bar)] \(count)/\(total) covers")
    }

    func finish() {
        if onTerminal && total > 0 { StandardError.write("\n") }
    }
}
