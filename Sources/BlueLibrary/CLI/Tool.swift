import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryScanner
import BlueLibraryServices
import BlueLibraryTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// The `bluelibrary` command line: parses arguments, composes the facade and the services a verb needs
/// (the root of the command-line face), runs one verb and maps errors to one line on stderr and a
/// sysexits status.
///
/// On the main actor, every verb included: a verb only waits for the library and the services, whose
/// work runs on their own threads, so it never stops on the global executor between them (each stop is a
/// thread hand-over that `bluelibrary list` would pay at start-up, issue 11).
@MainActor
struct Tool {
    let out = Output(descriptor: 1)
    let environment: [String: String]

    /// Runs the command line and returns the exit status.
    @MainActor
    func run(_ arguments: [String]) async -> Int32 {
        let status = await runVerb(arguments)
        out.flush()
        if let failure = out.failure, failure != EPIPE {
            // A full disk or a closed output: the listing did not arrive, so the command failed.
            printError("cannot write the output: \(String(cString: strerror(failure)))")
            return 74
        }
        return status
    }

    @MainActor
    private func runVerb(_ arguments: [String]) async -> Int32 {
        do {
            let parsed = try ArgumentParser.parse(arguments, verbs: Verbs.all, global: Verbs.global)
            if parsed.has("version") {
                out.line("bluelibrary \(BlueLibraryInfo.version)")
                return 0
            }
            guard let verb = parsed.verb else {
                out.line(Verbs.toolHelp)
                return 0
            }
            if parsed.has("help") {
                out.line(Verbs.help(for: verb))
                return 0
            }
            if verb.name == "help" {
                try ArgumentParser.checkPositionals(parsed)
                guard let name = parsed.positionals.first else {
                    out.line(Verbs.toolHelp)
                    return 0
                }
                let named = try ArgumentParser.parse([name], verbs: Verbs.all, global: [])
                out.line(named.verb.map(Verbs.help(for:)) ?? Verbs.toolHelp)
                return 0
            }
            try ArgumentParser.checkPositionals(parsed)
            let root = try compose(parsed, verb: verb.name)
            let status: Int32
            do {
                status = try await execute(verb.name, parsed, root)
            } catch {
                await root.library.close()
                throw error
            }
            // Closing checkpoints the WAL, so the database file alone holds every change.
            await root.library.close()
            return status
        } catch let error as LibraryError {
            out.flush()
            printError(error.message)
            return error.code.exitStatus
        } catch {
            out.flush()
            printError("internal error: \(error)")
            return 70
        }
    }

    /// The facade and the services this verb needs: only `covers`, `tui` and `serve` get covers, and
    /// only `--remote` brings sync; the others start without them.
    private func compose(_ parsed: ParsedArguments, verb: String) throws -> Composition {
        let busy = LibraryLocation.busyTimeout(environment: environment)
        let remote = try parsed["remote"].map(Self.validatedRemote)
        // A verb that only reads, from this actor, keeps the library's connections here: no thread to
        // start and no hand-over (see LibraryAPI.init(path:forOneRead:)).
        let forOneRead = remote == nil && Self.readingVerbs.contains(verb)
        let library: LibraryAPI
        if let explicit = parsed["library"] {
            guard !explicit.isEmpty else {
                throw LibraryError(.usage, "option '--library' needs a file name")
            }
            library = LibraryAPI(
                path: explicit, busyTimeout: busy, isOnline: remote != nil, forOneRead: forOneRead)
        } else {
            let path = LibraryLocation.defaultPath(environment: environment)
            try LibraryLocation.createParentDirectory(of: path)
            if forOneRead {
                library = LibraryAPI(path: path, busyTimeout: busy, forOneRead: true)
            } else {
                // The tutorial's shared instance is the library at the default location.
                library =
                    remote == nil
                    ? LibraryAPI.shared : LibraryAPI(path: path, busyTimeout: busy, isOnline: true)
            }
        }
        // BLUELIBRARY_OFFLINE=1 keeps covers to the cache, local files and generated artwork.
        let offline = environment["BLUELIBRARY_OFFLINE"].map { !$0.isEmpty && $0 != "0" } ?? false
        let wantsCovers = ["covers", "tui", "serve", "import"].contains(verb)
        // libcurl is loaded on the first request (BLUELIBRARY_LIBCURL names another file, for tests).
        let network: (any HTTPClient)? = (wantsCovers || remote != nil) ? CurlHTTPClient() : nil
        let covers =
            wantsCovers
            ? CoverService(
                httpClient: offline ? nil : network,
                cache: CoverCache(directory: CoverCache.defaultDirectory(environment: environment)),
                embedded: MusicScanner())
            : nil
        let token = parsed["remote-token"] ?? environment["BLUELIBRARY_REMOTE_TOKEN"]
        var sync: SyncService?
        if let remote, let network {
            sync = SyncService(library: library, remote: remote, token: token, httpClient: network)
        }
        var lookup: MusicBrainzLookup?
        if verb == "covers", !offline, !parsed.has("no-lookup"), let network {
            lookup = MusicBrainzLookup(httpClient: network, endpoints: try .init(environment: environment))
        }
        return Composition(library: library, covers: covers, sync: sync, lookup: lookup)
    }

    @MainActor
    private func execute(_ verb: String, _ arguments: ParsedArguments, _ root: Composition) async throws
        -> Int32
    {
        let library = root.library
        switch verb {
        case "list": try await list(arguments, library)
        case "show": try await show(arguments, library)
        case "current": try await current(arguments, library)
        case "stats": try await stats(arguments, library)
        case "export": try await export(arguments, library)
        case "add": try await add(arguments, library)
        case "edit": try await edit(arguments, library)
        case "delete": try await delete(arguments, library)
        case "undo", "redo": try await step(verb, library)
        case "select": try await select(arguments, library)
        case "import":
            let status = try await importFile(arguments, library, covers: root.covers)
            if status != 0 { return status }
        case "modify": try await modify(arguments, library)
        case "remove": try await remove(arguments, library)
        case "backup":
            let file = arguments.positionals[0]
            try await library.backup(to: file)
            out.line("Backed up the library to \(file).")
        case "covers": try await covers(arguments, root)
        case "tui":
            out.flush()
            return try await TerminalRunner.run(
                library: library, covers: root.requireCovers(), sync: root.sync, environment: environment)
        case "serve": return try await serve(arguments, root)
        case "sync":
            guard root.sync != nil else { throw LibraryError(.usage, "'sync' needs --remote URL") }
        default: throw LibraryError(.internal, "verb '\(verb)' has no implementation")
        }
        if let sync = root.sync,
            ["add", "edit", "delete", "undo", "redo", "modify", "remove", "sync"].contains(verb)
        {
            return await mirror(sync, explicit: verb == "sync")
        }
        return 0
    }

    /// Sends waiting changes to the remote server, for a few seconds at most. The local change stands
    /// whatever happens; what is not sent waits in the library's outbox for the next run.
    private func mirror(_ sync: SyncService, explicit: Bool) async -> Int32 {
        let report = await sync.syncNow(budget: .seconds(3))
        for reason in report.rejected { printError("\(sync.remote) refused a change: \(reason)") }
        if let failure = report.failure {
            let count = "\(report.pending) change\(report.pending == 1 ? "" : "s")"
            printError("\(count) not yet sent to \(sync.remote) (\(failure)); kept for the next run")
            return explicit ? 69 : 0
        }
        if explicit {
            out.line("Sent \(report.sent) change\(report.sent == 1 ? "" : "s") to \(sync.remote).")
        }
        return 0
    }

    /// The verbs that only read the library, each call from this actor (the facade's reads, which run on
    /// the caller's executor), and compose no service.
    static let readingVerbs: Set<String> = ["list", "show", "current", "stats", "export"]

    static func validatedRemote(_ text: String) throws -> String {
        let lowered = text.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), text.count > 8,
            !text.contains(" ")
        else {
            throw LibraryError(
                .usage, "invalid --remote '\(text)': use the http:// URL of a BlueLibrary server")
        }
        return text
    }

    func printError(_ message: String) {
        StandardError.line("bluelibrary: \(message)")
    }
}

/// What the command line composed for one run: the facade and the services beside it.
struct Composition {
    let library: LibraryAPI
    let covers: CoverService?
    let sync: SyncService?
    /// MusicBrainz and the Cover Art Archive, for `covers fetch` when the run may go online.
    var lookup: MusicBrainzLookup?

    func requireCovers() throws -> CoverService {
        guard let covers else { throw LibraryError(.internal, "this verb was composed without covers") }
        return covers
    }
}

extension LibraryError.Code {
    /// The sysexits status for this kind of failure.
    var exitStatus: Int32 {
        switch self {
        case .usage: 64
        case .invalidField, .invalidQuery, .invalidTemplate, .malformedInput, .notFound, .conflict,
            .notALibrary,
            .corruptLibrary, .newerSchema:
            65
        case .noInput: 66
        case .locked, .unavailable: 69
        case .internal: 70
        case .io: 74
        }
    }
}
