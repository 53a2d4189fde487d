import BlueLibraryCore

/// The parsed command line: the verb, its options (flags map to ""), and its positional arguments.
struct ParsedArguments {
    var verb: (any Verb.Type)?
    var options: [String: String] = [:]
    var positionals: [String] = []

    func has(_ name: String) -> Bool { options[name] != nil }
    subscript(_ name: String) -> String? { options[name] }
}

/// A small, strict argument parser: `--name value`, `--name=value`, `-o value`, flags, `--` to end
/// options; negative numbers are positional (so `delete -1` gets a clear "no album" error).
enum ArgumentParser {
    static func parse(_ arguments: [String], verbs: [any Verb.Type] = VerbList.all, global: [OptionSpec])
        throws
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
                    parsed.verb = try verb(named: argument, among: verbs)
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
            let candidates = global + (parsed.verb?.spec.options ?? [])
            let spec = candidates.first { name.count == 1 ? $0.short == name.first : $0.name == name }
            guard let spec else {
                let context = parsed.verb.map { " for '\($0.spec.name)'" } ?? ""
                let hint = name.count > 1 ? Suggestions.closest(to: name, among: candidates.map(\.name)) : nil
                let advice =
                    hint.map { "did you mean '--\($0)'?" }
                    ?? "run 'bluelibrary \(parsed.verb?.spec.name ?? "") --help'".replacingDoubleSpaces
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

    /// The verb called `name` (or one of its aliases).
    /// - Throws: `usage`, with a suggestion when `name` is close to a verb's.
    static func verb(named name: String, among verbs: [any Verb.Type] = VerbList.all) throws -> any Verb.Type
    {
        if let verb = verbs.first(where: { $0.spec.name == name || $0.spec.aliases.contains(name) }) {
            return verb
        }
        let names = verbs.flatMap { [$0.spec.name] + $0.spec.aliases }
        let hint = Suggestions.closest(to: name, among: names).map { "did you mean '\($0)'?" }
        throw LibraryError(
            .usage, "unknown verb '\(name)' (\(hint ?? "run 'bluelibrary --help' for the list"))")
    }

    /// Checks the positional count against the verb's, after help was handled.
    static func checkPositionals(_ parsed: ParsedArguments) throws {
        guard let verb = parsed.verb?.spec, !verb.positionals.contains(parsed.positionals.count) else {
            return
        }
        if parsed.positionals.count < verb.positionals.lowerBound {
            throw verb.usageError("'\(verb.name)' needs more arguments")
        }
        throw verb.usageError(
            "unexpected argument '\(parsed.positionals[verb.positionals.upperBound])' for '\(verb.name)'")
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
