import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary sync --remote URL`: sends the changes waiting for the remote server.
struct SyncVerb: Verb {
    static let spec = VerbSpec(
        name: "sync", summary: "send the changes waiting for the --remote server", usage: "--remote URL")

    init(_ arguments: ParsedArguments) throws {
        guard arguments["remote"] != nil else { throw LibraryError(.usage, "'sync' needs --remote URL") }
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        guard let sync = context.sync else { throw LibraryError(.usage, "'sync' needs --remote URL") }
        return await context.mirror(sync, explicit: true)
    }
}
