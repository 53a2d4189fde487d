extension Query {
    /// The most terms a query may have: each becomes an SQL condition, and a query of thousands is an
    /// attack or a mistake, not a search.
    package static let maximumTerms = 100

    /// Parses a query written as one string (the web's `?q=`, a search box), splitting it into words on
    /// spaces outside double quotes, as a shell does: `title:="Kid A"` and `"title:=Kid A"` are one word.
    package init(parsing text: String) throws {
        try self.init(words: Query.split(text))
    }

    /// Parses a query given as command-line arguments: each argument is one word already (the shell
    /// split them), so `'title:=Kid A'` is one word, and double quotes inside it group as they do in a
    /// string (`'album:"Kid A"'` is `album:Kid A`). The same words as ``init(parsing:)`` gives mean the
    /// same query.
    package init(terms: [String]) throws {
        try self.init(words: try terms.map { try Query.unquoted($0) })
    }

    /// Parses a query from its words (see ``init(parsing:)`` and ``init(terms:)``).
    ///
    /// - bare word: a substring of the title, artist or genre, or of a track's title or artist, ignoring
    ///   case and accents;
    /// - `field:value` substring; `field:=value` exact; `year:1990..1999`, `..1999`, `1990..` ranges;
    ///   `track:` and `trackartist:` name a track's title and artist;
    /// - `^term` negates; terms are ANDed; a lone `,` separates OR groups (with a term on each side);
    /// - `field+` / `field-` sorts.
    /// - Throws: ``LibraryError`` `invalidQuery` naming the bad term; a term with a control character
    ///   (NUL, ESC, …) is refused: no album holds one, and a NUL cut short in the database's text would
    ///   match every album (`remove` would take them all).
    private init(words terms: [String]) throws {
        for term in terms {
            if let control = term.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                throw LibraryError(
                    .invalidQuery,
                    "invalid query term '\(term.escapingControlCharacters)': control character "
                        + "\(control.escaped(asASCII: true)) is not allowed")
            }
        }
        let count = terms.lazy.filter { !$0.trimmed.isEmpty }.count
        guard count <= Query.maximumTerms else {
            throw LibraryError(
                .invalidQuery, "the query has \(count) terms; at most \(Query.maximumTerms) are allowed")
        }
        var groups: [[Term]] = [[]]
        var sort: [SortKey] = []
        for token in Query.separatingCommas(terms) {
            if token == "," {
                guard !groups[groups.count - 1].isEmpty else {
                    throw LibraryError(
                        .invalidQuery,
                        "invalid query: a ',' needs a term before it (\(terms.joined(separator: " ")))")
                }
                groups.append([])
                continue
            }
            if let key = try Query.sortKey(token) {
                sort.append(key)
                continue
            }
            groups[groups.count - 1].append(try Query.term(token))
        }
        if groups.count > 1, groups[groups.count - 1].isEmpty {
            throw LibraryError(
                .invalidQuery, "invalid query: a ',' needs a term after it (\(terms.joined(separator: " ")))")
        }
        self.init(groups: groups, sort: sort)
    }

    /// The terms with a comma at the start or end of a word made a separator of its own, as beets reads
    /// `bowie, madonna`; a comma inside a word (`artist:Crosby, Stills` as one argument) stays text.
    private static func separatingCommas(_ terms: [String]) -> [String] {
        var tokens: [String] = []
        for raw in terms {
            var token = Substring(raw.trimmed)
            var trailing = 0
            while token.count > 1, token.first == "," {
                tokens.append(",")
                token = token.dropFirst()
            }
            while token.count > 1, token.last == "," {
                trailing += 1
                token = token.dropLast()
            }
            if !token.isEmpty { tokens.append(String(token)) }
            tokens += Array(repeating: ",", count: trailing)
        }
        return tokens
    }

    /// `field+` or `field-` sorts; a word of letters ending so whose field is unknown (`yr-`) is a
    /// mistake, not a search for "yr-".
    private static func sortKey(_ token: String) throws -> SortKey? {
        guard let last = token.last, last == "+" || last == "-" else { return nil }
        let name = String(token.dropLast())
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") }) else { return nil }
        guard let field = AlbumField(name: name) else {
            throw LibraryError(
                .invalidQuery,
                "invalid query term '\(token)': cannot sort by unknown field '\(name)' (fields: \(AlbumField.names))"
            )
        }
        return SortKey(field, ascending: last == "+")
    }

    private static func term(_ token: String) throws -> Term {
        var body = Substring(token)
        let negated = body.first == "^"
        if negated { body = body.dropFirst() }
        if body.isEmpty {
            throw LibraryError(.invalidQuery, "invalid query term '\(token)': '^' negates nothing")
        }
        guard let colon = body.firstIndex(of: ":") else {
            return Term(.anyText(SearchKey.fold(String(body))), negated: negated)
        }
        let name = String(body[..<colon])
        var value = body[body.index(after: colon)...]
        let exact = value.first == "="
        if exact { value = value.dropFirst() }
        if let field = TrackField(rawValue: name.lowercased()) {
            let text = exact ? String(value) : SearchKey.fold(String(value))
            return Term(.track(field, text, exact: exact), negated: negated)
        }
        guard let field = AlbumField(name: name) else {
            throw LibraryError(
                .invalidQuery,
                "invalid query term '\(token)': unknown field '\(name)' (fields: \(Query.fieldNames))")
        }
        if value.first == ":" {
            throw LibraryError(
                .invalidQuery,
                "invalid query term '\(token)': '\(name)::' is not supported (use \(name):TEXT, or \(name):=TEXT for exact)"
            )
        }
        if field == .year {
            return Term(try yearPredicate(String(value), token: token), negated: negated)
        }
        if exact { return Term(.equals(field, String(value)), negated: negated) }
        let needle = field.isCaseFolded ? SearchKey.fold(String(value)) : String(value)
        return Term(.contains(field, needle), negated: negated)
    }

    private static func yearPredicate(_ value: String, token: String) throws -> Predicate {
        func year(_ text: Substring) throws -> Int? {
            if text.isEmpty { return nil }
            guard let number = Int(text) else {
                throw LibraryError(.invalidQuery, "invalid query term '\(token)': '\(text)' is not a year")
            }
            return number
        }
        if let dots = value.firstRange(of: "..") {
            let low = try year(value[..<dots.lowerBound])
            let high = try year(value[dots.upperBound...])
            if low == nil && high == nil {
                throw LibraryError(
                    .invalidQuery, "invalid query term '\(token)': a range needs at least one end")
            }
            if let low, let high, low > high {
                throw LibraryError(
                    .invalidQuery,
                    "invalid query term '\(token)': the range is reversed (use \(high)..\(low))")
            }
            return .yearRange(low, high)
        }
        guard let exact = try year(Substring(value)) else {
            throw LibraryError(.invalidQuery, "invalid query term '\(token)': no year given")
        }
        return .yearRange(exact, exact)
    }

    /// One word with its double quotes removed (they group, as in ``split(_:)``; a word is not split).
    static func unquoted(_ word: String) throws -> String {
        guard word.contains("\"") else { return word }
        guard word.count(where: { $0 == "\"" }) % 2 == 0 else {
            throw LibraryError(
                .invalidQuery, "invalid query '\(word.escapingControlCharacters)': unclosed double quote")
        }
        return word.filter { $0 != "\"" }
    }

    /// Splits on unquoted spaces; double quotes group words and are removed.
    package static func split(_ text: String) throws -> [String] {
        var tokens: [String] = []
        var current = ""
        var inQuotes = false
        var started = false
        for character in text {
            if character == "\"" {
                inQuotes.toggle()
                started = true
            } else if character.isWhitespace && !inQuotes {
                if started { tokens.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if inQuotes {
            throw LibraryError(
                .invalidQuery, "invalid query '\(text.escapingControlCharacters)': unclosed double quote")
        }
        if started { tokens.append(current) }
        return tokens
    }
}
