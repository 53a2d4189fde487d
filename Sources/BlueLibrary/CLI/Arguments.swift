import BlueLibraryCore

/// An option a verb accepts.
struct OptionSpec {
    /// The long name without dashes (`format`).
    var name: String
    /// A one-letter alias (`o` for `-o`).
    var short: Character?
    /// The value's placeholder in help (`TEMPLATE`); `nil` for a flag.
    var value: String?
    /// One line of help.
    var help: String
}

/// A verb of the command line: its options, how many positional arguments it takes, and its help.
struct VerbSpec {
    var name: String
    /// Other names that run the verb (`ls` for `list`).
    var aliases: [String] = []
    var summary: String
    /// The usage line after `bluelibrary NAME`.
    var usage: String
    var options: [OptionSpec] = []
    var positionals: ClosedRange<Int> = 0...0
    /// More lines of help (examples, notes).
    var details: String = ""
}

/// The parsed command line: the verb, its options (flags map to ""), and its positional arguments.
struct ParsedArguments {
    var verb: VerbSpec?
    var options: [String: String] = [:]
    var positionals: [String] = []

    func has(_ name: String) -> Bool { options[name] != nil }
    subscript(_ name: String) -> String? { options[name] }
}

/// A small, strict argument parser: `--name value`, `--name=value`, `-o value`, flags, `--` to end
/// options; negative numbers are positional (so `delete -1` gets a clear "no album" error).
enum ArgumentParser {
    static func parse(_ arguments: [String], verbs: [VerbSpec], global: [OptionSpec]) throws
        -> ParsedArguments
    {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let looksNumeric = argument.dropFirst().allSatisfy(\.isNumber) && argument.count > 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || looksNumeric {
                if parsed.verb == nil {
                    guard
                        let verb = verbs.first(where: { $0.name == argument || $0.aliases.contains(argument) }
                        )
                    else {
                        let names = verbs.flatMap { [$0.name] + $0.aliases }
                        let hint = Suggestions.closest(to: argument, among: names).map {
                            "did you mean '\($0)'?"
                        }
                        throw LibraryError(
                            .usage,
                            "unknown verb '\(argument)' (\(hint ?? "run 'bluelibrary --help' for the list"))")
                    }
                    parsed.verb = verb
                } else {
                    parsed.positionals.append(argument)
                }
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = split(argument)
            let candidates = global + (parsed.verb?.options ?? [])
            let spec = candidates.first { name.count == 1 ? $0.short == name.first : $0.name == name }
            guard let spec else {
                let context = parsed.verb.map { " for '\($0.name)'" } ?? ""
                let hint = name.count > 1 ? Suggestions.closest(to: name, among: candidates.map(\.name)) : nil
                let advice =
                    hint.map { "did you mean '--\($0)'?" }
                    ?? "run 'bluelibrary \(parsed.verb?.name ?? "") --help'".replacingDoubleSpaces
                throw LibraryError(.usage, "unknown option '\(argument)'\(context) (\(advice))")
            }
            if spec.value == nil {
                guard inlineValue == nil else {
                    throw LibraryError(.usage, "option '--\(spec.name)' takes no value")
                }
                parsed.options[spec.name] = ""
            } else if let inlineValue {
                parsed.options[spec.name] = inlineValue
            } else {
                guard index < arguments.count else {
                    throw LibraryError(
                        .usage, "option '--\(spec.name)' needs a value (\(spec.value ?? "VALUE"))")
                }
                parsed.options[spec.name] = arguments[index]
                index += 1
            }
        }
        return parsed
    }

    /// Checks the positional count against the verb's, after help was handled.
    static func checkPositionals(_ parsed: ParsedArguments) throws {
        guard let verb = parsed.verb, !verb.positionals.contains(parsed.positionals.count) else { return }
        if parsed.positionals.count < verb.positionals.lowerBound {
            throw LibraryError(
                .usage, "'\(verb.name)' needs more arguments (usage: bluelibrary \(verb.name) \(verb.usage))")
        }
        throw LibraryError(
            .usage,
            "unexpected argument '\(parsed.positionals[verb.positionals.upperBound])' for '\(verb.name)' (usage: bluelibrary \(verb.name) \(verb.usage))"
        )
    }

    private static func split(_ argument: String) -> (String, String?) {
        let body = argument.hasPrefix("--") ? argument.dropFirst(2) : argument.dropFirst()
        guard argument.hasPrefix("--"), let equals = body.firstIndex(of: "=") else {
            return (String(body), nil)
        }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }
}

extension String {
    fileprivate var replacingDoubleSpaces: String {
        split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
