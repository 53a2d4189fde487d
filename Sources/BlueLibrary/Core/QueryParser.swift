extension Query {
    /// The most terms a query may have: each becomes an SQL condition, and a query of thousands is an
    /// attack or a mistake, not a search.
    package static let maximumTerms = 100

    /// Parses a query written as one string (the web's `?q=`, a search box), splitting it into words on
    /// spaces outside double quotes, as a shell does: `title:="Kid A"` and `"title:=Kid A"` are one word.
    ///
    /// With `personal`, the query may name a person's own data (`plays:`, `rating:`, `starred:`,
    /// `played:`: a smart playlist's); without, such a term is refused, naming it.
    package init(parsing text: String, personal: Bool = false) throws {
        try self.init(words: Query.split(text), personal: personal)
    }

    /// Parses a query given as command-line arguments: each argument is one word already (the shell
    /// split them), so `'title:=Kid A'` is one word, and double quotes inside it group as they do in a
    /// string (`'album:"Kid A"'` is `album:Kid A`). The same words as ``init(parsing:)`` gives mean the
    /// same query.
    package init(terms: [String], personal: Bool = false) throws {
        try self.init(words: try terms.map { try Query.unquoted($0) }, personal: personal)
    }

    /// Parses a query from its words (see ``init(parsing:)`` and ``init(terms:)``).
    ///
    /// - bare word: a substring of the title, artist or genre, or of a track's title or artist, ignoring
    ///   case and accents;
    /// - `field:value` substring; `field:=value` exact; `year:1990..1999`, `..1999`, `1990..` ranges;
    ///   `track:` and `trackartist:` name a track's title and artist;
    /// - `^term` negates; terms are ANDed; a lone `,` separates OR groups (with a term on each side);
    /// - `field+` / `field-` sorts;
    /// - `added:-30d` (within the last 30 days: `h`, `d`, `w`, `m` (30 days), `y` (365 days)),
    ///   `added:2026-01-01..2026-03-31`, `added:2026`; for a person, `plays:0`, `plays:>5`,
    ///   `rating:>=4` (`stars:`), `starred:true`, `played:-7d`, `^played:-1y`.
    /// - Throws: ``LibraryError`` `invalidQuery` naming the bad term; a term with a control character
    ///   (NUL, ESC, …) is refused: no album holds one, and a NUL cut short in the database's text would
    ///   match every album (`remove` would take them all).
    private init(words terms: [String], personal: Bool) throws {
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
            groups[groups.count - 1].append(try Query.term(token, personal: personal))
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

    private static func term(_ token: String, personal: Bool) throws -> Term {
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
        if let predicate = try personalPredicate(name.lowercased(), String(value), token: token) {
            if !personal, predicate.isPersonal {
                throw LibraryError(
                    .invalidQuery,
                    "invalid query term '\(token)': '\(name):' is a person's own, so it works only in a smart playlist"
                )
            }
            return Term(predicate, negated: negated)
        }
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

    /// The predicate of a term on a person's data or a time (`plays:`, `rating:`/`stars:`, `starred:`,
    /// `played:`, `added:`), `nil` when `name` is no such field.
    private static func personalPredicate(_ name: String, _ value: String, token: String) throws -> Predicate?
    {
        switch name {
        case "plays": return try countPredicate(.plays, value, token: token)
        case "rating", "stars": return try countPredicate(.rating, value, token: token)
        case "starred":
            switch value.lowercased() {
            case "true", "yes", "1": return .starred(true)
            case "false", "no", "0": return .starred(false)
            default:
                throw LibraryError(
                    .invalidQuery, "invalid query term '\(token)': use starred:true or starred:false")
            }
        case "played": return try timePredicate(.played, value, token: token)
        case "added": return try timePredicate(.added, value, token: token)
        default: return nil
        }
    }

    /// `N`, `N..M`, `N..`, `..M`, `>N`, `>=N`, `<N`, `<=N` of whole numbers from 0 (a rating's up to 5).
    private static func countPredicate(_ field: PersonalCount, _ value: String, token: String) throws
        -> Predicate
    {
        let most = field == .rating ? 5 : Int.max
        func number(_ text: Substring) throws -> Int? {
            if text.isEmpty { return nil }
            guard let number = Int(text), number >= 0, number <= most else {
                let range = field == .rating ? "a rating from 0 (none) to 5" : "a whole number of plays"
                throw LibraryError(.invalidQuery, "invalid query term '\(token)': '\(text)' is not \(range)")
            }
            return number
        }
        var low: Int?
        var high: Int?
        let text = Substring(value)
        if text.hasPrefix(">=") {
            low = try number(text.dropFirst(2))
        } else if text.hasPrefix("<=") {
            high = try number(text.dropFirst(2))
        } else if text.hasPrefix(">") {
            low = try number(text.dropFirst()).map { $0 + 1 }
        } else if text.hasPrefix("<") {
            guard let below = try number(text.dropFirst()), below > 0 else {
                throw LibraryError(.invalidQuery, "invalid query term '\(token)': nothing is below 0")
            }
            high = below - 1
        } else if let dots = text.firstRange(of: "..") {
            low = try number(text[..<dots.lowerBound])
            high = try number(text[dots.upperBound...])
        } else {
            low = try number(text)
            high = low
        }
        if low == nil && high == nil {
            throw LibraryError(.invalidQuery, "invalid query term '\(token)': no number given")
        }
        if let low, let high, low > high {
            throw LibraryError(.invalidQuery, "invalid query term '\(token)': the range is reversed")
        }
        return .count(field, low, high)
    }

    /// `-30d` (since then), `A..B` with either end a relative time or a date (`2026`, `2026-03`,
    /// `2026-03-31`, UTC), or one date (that whole year, month or day).
    private static func timePredicate(_ moment: Moment, _ value: String, token: String) throws -> Predicate {
        func bad(_ text: Substring) -> LibraryError {
            LibraryError(
                .invalidQuery,
                "invalid query term '\(token)': '\(text)' is no time (use -30d, -2w, -6m, -1y, -12h, or a date such as 2026-03-31)"
            )
        }
        // A time's range: a relative one is an instant; a date, the whole period it names.
        func period(_ text: Substring) throws -> (start: Instant, end: Instant)? {
            if text.isEmpty { return nil }
            if text.first == "-", let unit = text.last, let amount = Int64(text.dropFirst().dropLast()),
                amount >= 0,
                amount < 100_000
            {
                let hour: Int64 = 3_600_000
                let units: [Character: Int64] = [
                    "h": hour, "d": 24 * hour, "w": 7 * 24 * hour,
                    "m": 30 * 24 * hour, "y": 365 * 24 * hour,
                ]
                guard let size = units[unit] else { throw bad(text) }
                return (.ago(amount * size), .ago(amount * size))
            }
            guard let (start, end) = CivilDate.period(text) else { throw bad(text) }
            return (.at(start), .at(end))
        }
        if let dots = value.firstRange(of: "..") {
            let low = try period(value[..<dots.lowerBound])?.start
            let high = try period(value[dots.upperBound...])?.end
            guard low != nil || high != nil else {
                throw LibraryError(
                    .invalidQuery, "invalid query term '\(token)': a range needs at least one end")
            }
            return .time(moment, low, high)
        }
        guard let whole = try period(Substring(value)) else {
            throw LibraryError(.invalidQuery, "invalid query term '\(token)': no time given")
        }
        if case .ago = whole.start { return .time(moment, whole.start, nil) }
        return .time(moment, whole.start, whole.end)
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
