extension PatternCatalog {
    /// Names of patterns close to `name`, best first: those it is a prefix of, then those that contain
    /// it, then those within a small edit distance (typos such as "singelton").
    ///
    /// - Parameters:
    ///   - name: what the user typed; normalized as in `entry(named:)`.
    ///   - limit: at most this many names are returned.
    package static func suggestions(for name: String, limit: Int = 3) -> [String] {
        let query = normalized(name)
        guard !query.isEmpty else { return [] }
        let allowedDistance = max(2, query.count / 3)
        let ranked: [(rank: Int, distance: Int, name: String)] = entries.compactMap { entry in
            let distance = editDistance(query, entry.name)
            if entry.name.hasPrefix(query) { return (0, distance, entry.name) }
            if query.count >= 3, entry.name.contains(query) { return (1, distance, entry.name) }
            if distance <= allowedDistance { return (2, distance, entry.name) }
            return nil
        }
        return ranked.sorted { ($0.rank, $0.distance, $0.name) < ($1.rank, $1.distance, $1.name) }
            .prefix(limit)
            .map(\.name)
    }

    /// The one-line error for an unknown pattern name, with close matches when there are any.
    package static func unknownPatternMessage(for name: String) -> String {
        let close = suggestions(for: name)
        let hint =
            close.isEmpty
            ? "run 'patterns list' to see them all"
            : "did you mean: \(close.joined(separator: ", "))?"
        return "unknown pattern '\(name)' (\(hint))"
    }

    /// The Levenshtein distance: the fewest single-character insertions, deletions and
    /// substitutions that turn `source` into `target`.
    static func editDistance(_ source: String, _ target: String) -> Int {
        let source = Array(source)
        let target = Array(target)
        guard !source.isEmpty else { return target.count }
        guard !target.isEmpty else { return source.count }
        var previous = Array(0...target.count)
        var current = previous
        for (i, sourceCharacter) in source.enumerated() {
            current[0] = i + 1
            for (j, targetCharacter) in target.enumerated() {
                let substitution = previous[j] + (sourceCharacter == targetCharacter ? 0 : 1)
                current[j + 1] = min(substitution, previous[j + 1] + 1, current[j] + 1)
            }
            swap(&previous, &current)
        }
        return previous[target.count]
    }
}
