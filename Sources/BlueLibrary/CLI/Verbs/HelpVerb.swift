import Diagnostics

/// `bluelibrary help [VERB]`: the list of verbs, or one verb's usage, options and examples.
struct HelpVerb: Verb {
    static let spec = VerbSpec(
        name: "help", summary: "show help for a verb, or this list", usage: "[VERB]", positionals: 0...1)

    /// The verb asked about, or `nil` for the list.
    let verb: (any Verb.Type)?

    init(_ arguments: ParsedArguments) throws {
        verb = try arguments.positionals.first.map { try ArgumentParser.verb(named: $0) }
    }

    func run(_ context: NoLibrary) async throws -> ExitStatus {
        context.out.line(verb.map { VerbList.help(for: $0.spec) } ?? VerbList.help)
        return .success
    }
}
