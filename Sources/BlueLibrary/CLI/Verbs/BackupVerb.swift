import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary backup FILE`: an online, consistent copy of the library in a new database file.
struct BackupVerb: Verb {
    static let spec = VerbSpec(
        name: "backup", summary: "copy the whole library to a new database file, consistently",
        usage: "FILE", positionals: 1...1,
        details: """
            An online backup (SQLite's backup API): it may run while the library is in use, and FILE
            appears complete or not at all. FILE must be a new path or a regular file to replace (not
            a device, FIFO, folder or link, nor the library itself or its password key). Open the copy
            with --library FILE.
            """)

    let file: String

    init(_ arguments: ParsedArguments) {
        file = arguments.positionals[0]
    }

    func run(_ context: LibraryContext) async throws -> ExitStatus {
        try LibraryLocation.checkOutput(
            file, "the backup ", library: context.library.location, environment: context.console.environment)
        try await context.library.backup(to: file)
        context.out.line("Backed up the library to \(file.escapingControlCharacters).")
        return .success
    }
}
