import BlueLibraryCore
import BlueLibraryServices
import Diagnostics

/// `bluelibrary migrate --to URL`: the whole library copied into a new one — from SQLite into PostgreSQL,
/// or back into a file.
struct MigrateVerb: Verb {
    static let spec = VerbSpec(
        name: "migrate", summary: "copy the whole library into a new one: PostgreSQL, or a file",
        usage: "--to URL",
        options: [
            OptionSpec(
                name: "to", short: nil, value: "URL",
                help: "the new library: postgresql://USER@HOST[:PORT]/DATABASE, or a SQLite file")
        ],
        details: """
            Copies the library (--database, or the default: see 'bluelibrary --help') with everything
            in it: the albums in their order, the deleted albums undo can bring back, every track, the
            undo and redo history, the changes waiting for a --remote server and the current album. It
            is one transaction: the new library holds all of it or nothing. The new library must be
            new: an empty PostgreSQL database (or one holding only a new library's five albums), or a
            file that does not exist yet (or holds only those five). Examples:
              bluelibrary migrate --to postgresql://bluelibrary@db.example.org/library
              bluelibrary --database postgresql://bluelibrary@db.example.org/library migrate --to back.db
            Afterwards, name the library with --database URL or BLUELIBRARY_DATABASE=URL.
            """)

    let target: LibraryDatabase

    init(_ arguments: ParsedArguments) throws {
        guard let text = arguments["to"], !text.isEmpty else {
            throw Self.spec.usageError("'migrate' needs --to with the new library's URL or file")
        }
        target = LibraryDatabase(text)
    }

    func run(_ context: ReadingContext) async throws -> ExitStatus {
        let environment = context.console.environment
        let busy = LibraryLocation.busyTimeout(environment: environment)
        if case .file(let path) = target {
            try LibraryLocation.checkOutput(
                path, "the library ", library: context.library.store.location, environment: environment)
        }
        let (location, summary, key) = try await target.copy(
            from: context.library.store, busyTimeout: busy, environment: environment)
        context.out.line("Copied the library to \(location): \(summary).")
        if let key { context.out.line("Its users' passwords open with the key \(key).") }
        return .success
    }
}
