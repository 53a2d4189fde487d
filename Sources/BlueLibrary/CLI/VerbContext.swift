import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryFolderImport
import BlueLibraryNetworking
import BlueLibraryScanner
import BlueLibraryServices
import Diagnostics

/// What a verb runs with, opened by the command line before the verb runs and closed after it.
@MainActor
protocol VerbContext {
    /// Standard output, standard error and the environment.
    var console: Console { get }
    /// Opens what a verb with these arguments and service needs runs with.
    static func open(_ arguments: ParsedArguments, services: ServiceNeeds, console: Console) async throws
        -> Self
    /// Called after the verb returned `status`; returns how the process exits.
    func finish(_ status: ExitStatus, services: ServiceNeeds) async -> ExitStatus
    /// Closes the library, so its database file alone holds every change.
    func close() async
}

extension VerbContext {
    /// Standard output.
    var out: Output { console.out }

    func finish(_ status: ExitStatus, services: ServiceNeeds) async -> ExitStatus { status }
}

/// What a verb that needs no library runs with (`help`).
struct NoLibrary: VerbContext {
    let console: Console

    static func open(_ arguments: ParsedArguments, services: ServiceNeeds, console: Console) -> NoLibrary {
        NoLibrary(console: console)
    }

    func close() async {}
}

/// What a verb that only reads runs with: the library opened for one read from the main actor, which
/// runs the SQLite work itself — no thread to start and no hand-over, so a reading verb starts about as
/// fast as the sqlite3 shell (see ``OneReadLibrary``). A library in PostgreSQL is read through its
/// connection's thread.
struct ReadingContext: VerbContext {
    let console: Console
    let library: OneReadLibrary

    static func open(_ arguments: ParsedArguments, services: ServiceNeeds, console: Console) throws
        -> ReadingContext
    {
        _ = try LibraryContext.remote(arguments)
        let busy = LibraryLocation.busyTimeout(environment: console.environment)
        return ReadingContext(
            console: console,
            library: try OneReadLibrary(
                database: try LibraryContext.database(arguments, console), busyTimeout: busy))
    }

    func close() async { await library.close() }
}

/// What a verb that changes the library runs with: the facade, and the services the verb asked for.
struct LibraryContext: VerbContext {
    let console: Console
    let library: LibraryAPI
    /// The cover service, when the verb asked for ``ServiceNeeds/covers``.
    let covers: CoverService?
    /// The mirror to the `--remote` server, when one was named.
    let sync: SyncService?
    /// MusicBrainz and the Cover Art Archive, when the verb asked for them and the run may go online.
    let lookup: MusicBrainzLookup?

    static func open(_ arguments: ParsedArguments, services: ServiceNeeds, console: Console) throws
        -> LibraryContext
    {
        let environment = console.environment
        let remote = try remote(arguments)
        let busy = LibraryLocation.busyTimeout(environment: environment)
        let library: LibraryAPI
        let named = try namedDatabase(arguments, console)
        if named == nil && remote == nil {
            try LibraryLocation.createParentDirectory(
                of: LibraryLocation.defaultPath(environment: environment))
            // The tutorial's shared instance is the library at the default location.
            library = LibraryAPI.shared
        } else {
            let database = try named ?? database(arguments, console)
            library = LibraryAPI(store: try database.store(busyTimeout: busy), isOnline: remote != nil)
        }
        // Every edit, from any face this process serves, is written into the files' tags when the
        // library's setting says so.
        TagWriteOnEdit(library: library, environment: environment, report: { console.error($0) }).install()
        // libcurl is loaded on the first request (BLUELIBRARY_LIBCURL names another file, for tests).
        let needsNetwork = services.contains(.covers) || remote != nil
        let network: (any HTTPClient)? =
            needsNetwork
            ? CurlHTTPClient(configuration: try HTTPClientConfiguration(environment: environment)) : nil
        let covers =
            services.contains(.covers)
            ? CoverService(
                httpClient: console.isOffline ? nil : network,
                cache: CoverCache(directory: CoverCache.defaultDirectory(environment: environment)),
                embedded: MusicScanner())
            : nil
        let token = arguments["remote-token"] ?? environment["BLUELIBRARY_REMOTE_TOKEN"]
        let sync = remote.flatMap { remote in
            network.map { SyncService(library: library, remote: remote, token: token, httpClient: $0) }
        }
        var lookup: MusicBrainzLookup?
        if services.contains(.lookups), !console.isOffline, !arguments.has("no-lookup"), let network {
            lookup = MusicBrainzLookup(httpClient: network, endpoints: try .init(environment: environment))
        }
        return LibraryContext(console: console, library: library, covers: covers, sync: sync, lookup: lookup)
    }

    /// After a verb whose changes are mirrored, sends what waits for the remote.
    func finish(_ status: ExitStatus, services: ServiceNeeds) async -> ExitStatus {
        guard status == .success, services.contains(.mirrorsChanges), let sync else { return status }
        return await mirror(sync, explicit: false)
    }

    func close() async { await library.close() }

    /// The cover service; a verb that asked for ``ServiceNeeds/covers`` always has it.
    func requireCovers() throws -> CoverService {
        guard let covers else { throw LibraryError(.internal, "this verb was composed without covers") }
        return covers
    }

    /// Sends waiting changes to the remote server, for a few seconds at most. The local change stands
    /// whatever happens; what is not sent waits in the library's outbox for the next run.
    /// - Parameter explicit: `sync` itself: a summary is printed, and changes left waiting exit 69.
    func mirror(_ sync: SyncService, explicit: Bool) async -> ExitStatus {
        let report = await sync.syncNow(budget: .seconds(3))
        for reason in report.rejected { console.error("\(sync.remote) refused a change: \(reason)") }
        if let failure = report.failure {
            let count = "\(report.pending) change\(report.pending == 1 ? "" : "s")"
            console.error("\(count) not yet sent to \(sync.remote) (\(failure)); kept for the next run")
            return explicit ? .unavailable : .success
        }
        if explicit {
            out.line("Sent \(report.sent) change\(report.sent == 1 ? "" : "s") to \(sync.remote).")
        }
        return .success
    }

    /// The library's database: `--database URL` or `--library FILE`, else `BLUELIBRARY_DATABASE`, else the
    /// default file (its folder made when missing).
    static func database(_ arguments: ParsedArguments, _ console: Console) throws -> LibraryDatabase {
        if let named = try namedDatabase(arguments, console) { return named }
        let path = LibraryLocation.defaultPath(environment: console.environment)
        try LibraryLocation.createParentDirectory(of: path)
        return .file(path)
    }

    /// The database the command line or the environment names, or `nil` for the default file.
    static func namedDatabase(_ arguments: ParsedArguments, _ console: Console) throws -> LibraryDatabase? {
        let given = ["database", "library", "database-file"].filter { arguments[$0] != nil }
        if given.count > 1 {
            throw LibraryError(
                .usage, "--\(given[0]) and --\(given[1]) name the same thing: give one of them")
        }
        if let file = arguments["database-file"] {
            guard !file.isEmpty else {
                throw LibraryError(
                    .usage, "option '--database-file' needs the name of a file that holds the URL")
            }
            return try LibraryLocation.database(inFile: file)
        }
        let option = arguments["database"] != nil ? "database" : "library"
        if let explicit = arguments[option], explicit.isEmpty {
            throw LibraryError(.usage, "option '--\(option)' needs a file name or a postgresql:// URL")
        }
        return LibraryLocation.database(explicit: arguments[option], environment: console.environment)
    }

    /// The `--remote` URL, checked.
    static func remote(_ arguments: ParsedArguments) throws -> String? {
        guard let text = arguments["remote"] else { return nil }
        let lowered = text.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), text.count > 8,
            !text.contains(" ")
        else {
            throw LibraryError(
                .usage, "invalid --remote '\(text)': use the http:// URL of a BlueLibrary server")
        }
        return text
    }
}
