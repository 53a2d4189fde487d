import BlueLibraryCore
import Diagnostics

/// One verb of the command line as a type, as swift-argument-parser's commands are: its name, options
/// and help (``spec``), its arguments parsed and checked before anything is opened (`init`), what it
/// runs with (``Context``: nothing, the library for one read, or the library and the services it names
/// in ``services``) and what it does (``run(_:)``).
///
/// ``VerbList/all`` lists the verbs; the command line dispatches through these requirements, so a verb
/// without an implementation does not compile, and whether a verb only reads follows from its
/// `Context`, not from a list of names.
protocol Verb: Sendable {
    /// What the verb runs with; opened before ``run(_:)`` and closed after it.
    associatedtype Context: VerbContext
    /// The verb's name, aliases, options, positional arguments and help.
    static var spec: VerbSpec { get }
    /// The services a verb that changes the library needs besides it (none by default).
    static var services: ServiceNeeds { get }
    /// Takes the parsed arguments, checking every value that can be checked before the library opens.
    /// - Throws: ``LibraryError`` `usage` (or another code) naming the bad argument.
    init(_ arguments: ParsedArguments) throws
    /// Does the verb's work and returns how the process exits.
    @MainActor func run(_ context: Context) async throws -> ExitStatus
}

extension Verb {
    static var services: ServiceNeeds { [] }
}

/// What a verb that changes the library needs composed beside the facade.
struct ServiceNeeds: OptionSet, Sendable {
    let rawValue: Int

    /// The cover service (cache, downloads, generated artwork).
    static let covers = ServiceNeeds(rawValue: 1 << 0)
    /// MusicBrainz and the Cover Art Archive (unless offline or `--no-lookup`).
    static let lookups = ServiceNeeds(rawValue: 1 << 1)
    /// Its changes go to the `--remote` server right after it ran.
    static let mirrorsChanges = ServiceNeeds(rawValue: 1 << 2)
}

/// An option a verb accepts.
struct OptionSpec: Sendable {
    /// The long name without dashes (`format`).
    var name: String
    /// A one-letter alias (`o` for `-o`).
    var short: Character?
    /// The value's placeholder in help (`TEMPLATE`); `nil` for a flag.
    var value: String?
    /// One line of help.
    var help: String
}

/// A verb's name, options, how many positional arguments it takes, and its help.
struct VerbSpec: Sendable {
    var name: String
    /// Other names that run the verb (`ls` for `list`).
    var aliases: [String] = []
    var summary: String
    /// The usage line after `bluelibrary NAME`.
    var usage: String = ""
    var options: [OptionSpec] = []
    var positionals: ClosedRange<Int> = 0...0
    /// More lines of help (examples, notes).
    var details: String = ""

    /// The verb's usage line: `bluelibrary NAME USAGE`.
    var usageLine: String { usage.isEmpty ? "bluelibrary \(name)" : "bluelibrary \(name) \(usage)" }

    /// A usage error for this verb: what is wrong, then the usage line.
    func usageError(_ problem: String) -> LibraryError {
        LibraryError(.usage, "\(problem) (usage: \(usageLine))")
    }
}

/// Options several verbs share.
enum CommonOptions {
    static let json = OptionSpec(name: "json", short: nil, value: nil, help: "print JSON")
    static let yes = OptionSpec(name: "yes", short: "y", value: nil, help: "do it without asking")
}
