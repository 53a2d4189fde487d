// The `patterns` runner: argument parsing only. The catalog, the look-ups and the suggestions for
// unknown names live in the DesignPatterns library, where they are unit-tested.

import DesignPatterns
import Foundation

/// What the command line asks for.
enum Invocation {
    case help(String)
    case list
    case run([PatternEntry])
}

/// A command line we cannot act on; `message` is printed after "patterns: ".
struct UsageError: Error {
    let message: String
}

/// sysexits(3): EX_USAGE.
let exitUsage: Int32 = 64

func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    guard let verb = arguments.first else {
        throw UsageError(message: "missing command (run 'patterns --help' for usage)")
    }
    let rest = Array(arguments.dropFirst())
    switch verb {
    case "-h", "--help":
        guard rest.isEmpty else { throw UsageError(message: "--help takes no arguments") }
        return .help(Usage.main)
    case "help":
        guard rest.count <= 1, let text = Usage.text(for: rest.first) else {
            throw UsageError(message: "no help for '\(rest.joined(separator: " "))' (commands: list, run)")
        }
        return .help(text)
    case "list":
        if rest == ["-h"] || rest == ["--help"] { return .help(Usage.list) }
        guard rest.isEmpty else { throw UsageError(message: "list takes no arguments, got '\(rest[0])'") }
        return .list
    case "run":
        return try parseRun(rest)
    default:
        throw UsageError(message: "unknown command '\(verb)' (run 'patterns --help' for usage)")
    }
}

func parseRun(_ arguments: [String]) throws(UsageError) -> Invocation {
    if arguments.contains("-h") || arguments.contains("--help") { return .help(Usage.run) }
    if let option = arguments.first(where: { $0.hasPrefix("-") && $0 != "--all" }) {
        throw UsageError(message: "unknown option '\(option)' for run (run 'patterns help run' for usage)")
    }
    if arguments.contains("--all") {
        guard arguments == ["--all"] else { throw UsageError(message: "run --all takes no pattern names") }
        return .run(PatternCatalog.entries)
    }
    guard !arguments.isEmpty else {
        throw UsageError(message: "run needs a pattern name or --all (see 'patterns list')")
    }
    var selected: [PatternEntry] = []
    for name in arguments {
        guard let entry = PatternCatalog.entry(named: name) else {
            throw UsageError(message: PatternCatalog.unknownPatternMessage(for: name))
        }
        selected.append(entry)
    }
    return .run(selected)
}

let console = StandardOutputConsole()
do {
    switch try parse(Array(CommandLine.arguments.dropFirst())) {
    case .help(let text):
        console.print(text)
    case .list:
        for line in PatternCatalog.listing() {
            console.print(line)
        }
    case .run(let entries):
        PatternCatalog.run(entries, on: console)
    }
} catch {
    FileHandle.standardError.write(Data("patterns: \(error.message)\n".utf8))
    exit(exitUsage)
}
