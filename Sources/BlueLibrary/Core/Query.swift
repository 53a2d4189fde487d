/// A parsed library query: a subset of the beets query language.
///
/// `groups` are ORed; the terms inside one group are ANDed. An empty query matches every album in
/// library order. The storage layer compiles a query to SQL with bound parameters; ``matches(_:)``
/// evaluates it in memory with the same semantics.
public struct Query: Sendable, Hashable {
    /// Alternatives (OR); each is a list of terms that must all hold (AND).
    public var groups: [[Term]]
    /// Sort keys, most significant first; library order breaks ties and applies when empty.
    public var sort: [SortKey]

    /// Creates a query from groups and sort keys.
    public init(groups: [[Term]] = [], sort: [SortKey] = []) {
        self.groups = groups.filter { !$0.isEmpty }
        self.sort = sort
    }

    /// The query that matches everything in library order.
    public static let all = Query()

    /// Whether this query filters nothing.
    public var matchesEverything: Bool { groups.isEmpty }

    /// One condition on an album, possibly negated with `^`.
    public struct Term: Sendable, Hashable {
        /// Whether the condition is reversed.
        public var negated: Bool
        /// The condition.
        public var predicate: Predicate

        /// Creates a term.
        public init(_ predicate: Predicate, negated: Bool = false) {
            self.predicate = predicate
            self.negated = negated
        }
    }

    /// A condition on one or more fields. Text needles of substring predicates are already folded.
    public enum Predicate: Sendable, Hashable {
        /// A case-insensitive substring of the title, artist or genre (a bare word).
        case anyText(String)
        /// A case-insensitive substring of one text field (`field:value`).
        case contains(AlbumField, String)
        /// Exactly equal text, case-sensitive (`field:=value`).
        case equals(AlbumField, String)
        /// The year lies in a closed range with optional ends (`year:1990..1999`, `year:1990`).
        case yearRange(Int?, Int?)
    }

    /// A sort key (`field+` ascending, `field-` descending).
    public struct SortKey: Sendable, Hashable {
        /// The field to sort by.
        public var field: AlbumField
        /// Whether the order is ascending.
        public var ascending: Bool

        /// Creates a sort key.
        public init(_ field: AlbumField, ascending: Bool) {
            self.field = field
            self.ascending = ascending
        }
    }
}

extension Query {
    /// Whether `album` satisfies the query's filter (sorting aside).
    public func matches(_ album: Album) -> Bool {
        groups.isEmpty || groups.contains { group in group.allSatisfy { $0.matches(album) } }
    }
}

extension Query.Term {
    /// Whether `album` satisfies this term. A year condition on an album without a year is false, and
    /// so its negation is true (the SQL compiler does the same with `coalesce`).
    public func matches(_ album: Album) -> Bool {
        predicate.matches(album) != negated
    }
}

extension Query.Predicate {
    /// Whether `album` satisfies the predicate.
    public func matches(_ album: Album) -> Bool {
        switch self {
        case .anyText(let needle):
            [album.title, album.artist, album.genre].contains {
                SearchKey.contains(SearchKey.fold($0), needle)
            }
        case .contains(let field, let needle):
            SearchKey.contains(field.searchText(of: album), needle)
        case .equals(let field, let value):
            album.text(of: field) == value
        case .yearRange(let low, let high):
            album.year.map { year in (low.map { year >= $0 } ?? true) && (high.map { year <= $0 } ?? true) }
                ?? false
        }
    }
}

extension Query {
    /// Orders albums (with their library indexes) by the sort keys, library order breaking ties.
    public func sorted(_ items: [(album: Album, index: Int)]) -> [(album: Album, index: Int)] {
        guard !sort.isEmpty else { return items.sorted { $0.index < $1.index } }
        return items.sorted { lhs, rhs in
            for key in sort {
                let order = Query.compare(lhs.album, rhs.album, by: key.field)
                if order != 0 { return key.ascending ? order < 0 : order > 0 }
            }
            return lhs.index < rhs.index
        }
    }

    /// -1, 0 or 1 as SQLite orders the field: years numerically with no year first, text by folded bytes.
    private static func compare(_ lhs: Album, _ rhs: Album, by field: AlbumField) -> Int {
        if field == .year {
            switch (lhs.year, rhs.year) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let l?, let r?): return l < r ? -1 : (l > r ? 1 : 0)
            }
        }
        let l = field.searchText(of: lhs)
        let r = field.searchText(of: rhs)
        if l.utf8.elementsEqual(r.utf8) { return 0 }
        return SearchKey.precedes(l, r) ? -1 : 1
    }
}
