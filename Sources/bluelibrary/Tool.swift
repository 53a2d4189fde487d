import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryServices
import BlueLibraryTerminal
import Foundation

/// The `bluelibrary` command line: parses arguments, wires a ``LibraryAPI`` for the chosen library,
/// runs one verb and maps errors to one line on stderr and a sysexits status.
struct Tool {
    let out = Output(descriptor: 1)
    let environment: [String: String]

    /// Runs the command line and returns the exit status.
    @MainActor
    func run(_ arguments: [String]) async -> Int32 {
        defer { out.flush() }
        do {
            let parsed = try ArgumentParser.parse(arguments, verbs: Verbs.all, global: Verbs.global)
            if parsed.has("version") {
                out.line("bluelibrary \(Verbs.version)")
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
            try ArgumentParser.checkPositionals(parsed)
            let library = try openLibrary(parsed, covers: ["covers", "tui", "serve"].contains(verb.name))
            if verb.name == "tui" {
                out.flush()
                return try await TerminalRunner.run(library: library, environment: environment)
            }
            if verb.name == "serve" { return try await serve(parsed, library) }
            try execute(verb.name, parsed, library: library)
            if library.isOnline && ["add", "edit", "delete", "undo", "redo", "sync"].contains(verb.name) {
                return mirror(library, explicit: verb.name == "sync")
            }
            return 0
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

    private func openLibrary(_ parsed: ParsedArguments, covers: Bool) throws -> LibraryAPI {
        let busy = environment["BLUELIBRARY_BUSY_TIMEOUT_MS"].flatMap { Int32($0) } ?? 5000
        let path: String
        if let explicit = parsed["library"] {
            guard !explicit.isEmpty else {
                throw LibraryError(.usage, "option '--library' needs a file name")
            }
            path = explicit
        } else {
            path = LibraryLocation.defaultPath(environment: environment)
            try LibraryLocation.createParentDirectory(of: path)
        }
        // Only the covers verb needs the network and the cover cache; the others start without them.
        // BLUELIBRARY_OFFLINE=1 keeps covers to the cache, local files and generated artwork.
        let online = environment["BLUELIBRARY_OFFLINE"].map { $0.isEmpty || $0 == "0" } ?? true
        let remote = try parsed["remote"].map(Self.validatedRemote)
        let needsNetwork = covers || remote != nil
        let library = LibraryAPI(
            path: path, httpClient: needsNetwork && online ? URLSessionHTTPClient() : nil,
            coverCache: covers
                ? CoverCache(directory: CoverCache.defaultDirectory(environment: environment)) : nil,
            busyTimeout: busy, remote: remote)
        LibraryAPI.replaceShared(with: library)
        return library
    }

    private func execute(_ verb: String, _ arguments: ParsedArguments, library: LibraryAPI) throws {
        switch verb {
        case "list": try list(arguments, library)
        case "show": try show(arguments, library)
        case "current": try current(arguments, library)
        case "stats": try stats(arguments, library)
        case "export": try export(arguments, library)
        case "add": try add(arguments, library)
        case "edit": try edit(arguments, library)
        case "delete": try delete(arguments, library)
        case "undo", "redo": try step(verb, library)
        case "select": try select(arguments, library)
        case "import": try importFile(arguments, library)
        case "covers": try covers(arguments, library)
        case "sync":
            guard library.isOnline else { throw LibraryError(.usage, "'sync' needs --remote URL") }
        default: throw LibraryError(.internal, "verb '\(verb)' has no implementation")
        }
    }

    /// Sends waiting changes to the remote server. The local change stands whatever happens; when the
    /// remote is down the changes wait in the library's outbox for the next run.
    private func mirror(_ library: LibraryAPI, explicit: Bool) -> Int32 {
        let report = waitForAsync { await library.syncNow() }
        let remote = library.remote ?? ""
        for reason in report.rejected { printError("\(remote) refused a change: \(reason)") }
        if let failure = report.failure {
            printError(
                "\(report.pending) change\(report.pending == 1 ? "" : "s") not yet sent to \(remote) (\(failure)); kept for the next run"
            )
            return explicit ? 69 : 0
        }
        if explicit { out.line("Sent \(report.sent) change\(report.sent == 1 ? "" : "s") to \(remote).") }
        return 0
    }

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

    private func printError(_ message: String) {
        FileHandle.standardError.write(Data("bluelibrary: \(message)\n".utf8))
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
