import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

#if canImport(Glibc)
    import Glibc
#endif

/// The `bluelibrary` command line (the root of the command-line face): parses the arguments, opens
/// what the verb runs with (its ``Verb/Context``), runs it, and maps an error to one line on standard
/// error and a sysexits status.
///
/// On the main actor, every verb included: a verb only waits for the library and the services, whose
/// work runs on their own threads, so it never stops on the global executor between them (each stop is
/// a thread hand-over that `bluelibrary list` would pay at start-up).
@MainActor
struct CommandLineApp {
    let console: Console

    /// Runs the command line and returns the exit status.
    func run(_ arguments: [String]) async -> ExitStatus {
        let status = await runVerb(arguments)
        console.out.flush()
        if let failure = console.out.failure, failure != EPIPE {
            // A full disk or a closed output: the listing did not arrive, so the command failed.
            console.error("cannot write the output: \(String(cString: strerror(failure)))")
            return .ioError
        }
        return status
    }

    private func runVerb(_ arguments: [String]) async -> ExitStatus {
        do {
            let parsed = try ArgumentParser.parse(arguments, global: VerbList.global)
            if parsed.has("version") {
                console.out.line("bluelibrary \(BlueLibraryInfo.version)")
                return .success
            }
            guard let verb = parsed.verb else {
                console.out.line(VerbList.help)
                return .success
            }
            if parsed.has("help") {
                console.out.line(VerbList.help(for: verb.spec))
                return .success
            }
            try ArgumentParser.checkPositionals(parsed)
            return try await execute(verb, parsed)
        } catch let error as LibraryError {
            console.out.flush()
            console.error(error.message)
            return error.code.exitStatus
        } catch {
            console.out.flush()
            console.error("internal error: \(error)")
            return .software
        }
    }

    /// Parses the verb's arguments, opens its context, runs it and closes the context (which
    /// checkpoints the library's WAL, so the database file alone holds every change).
    private func execute<V: Verb>(_ type: V.Type, _ arguments: ParsedArguments) async throws -> ExitStatus {
        let verb = try V(arguments)
        let context = try await V.Context.open(arguments, services: V.services, console: console)
        let status: ExitStatus
        do {
            status = await context.finish(try await verb.run(context), services: V.services)
        } catch {
            await context.close()
            throw error
        }
        await context.close()
        return status
    }
}

extension LibraryErrorCode {
    /// How the command line exits for this kind of failure.
    var exitStatus: ExitStatus {
        switch self {
        case .usage: .usage
        case .invalidField, .invalidQuery, .invalidTemplate, .malformedInput, .notFound, .conflict,
            .notALibrary,
            .corruptLibrary, .newerSchema:
            .dataError
        case .noInput: .noInput
        case .locked, .unavailable: .unavailable
        case .internal: .software
        case .io: .ioError
        }
    }
}
