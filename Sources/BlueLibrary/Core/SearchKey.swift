/// Case folding for searches and sorting, shared by the SQLite and in-memory stores so both match
/// exactly the same albums.
///
/// The SQLite store keeps a folded copy of each text field (computed here, in Swift, with full Unicode
/// lowercasing) and compares bytes, because SQLite's own `lower()` and `LIKE` fold ASCII only.
public enum SearchKey {
    /// The folded form of `text` used for case-insensitive matching and sorting.
    public static func fold(_ text: String) -> String {
        // ASCII fast path: most library text is ASCII, and `lowercased()` allocates per call anyway.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        }
        return text.lowercased()
    }

    /// Whether `haystack` contains `needle`, comparing UTF-8 bytes (as SQLite's `instr` does).
    public static func contains(_ haystack: String, _ needle: String) -> Bool {
        needle.isEmpty || haystack.utf8.firstRange(of: needle.utf8) != nil
    }

    /// Orders two strings by their UTF-8 bytes, as SQLite's BINARY collation does.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}

extension SearchKey {
    /// What makes two albums the same record for a person: artist and title, compared without case and
    /// with runs of spaces counted as one ("The  Beatles" and "the beatles").
    public static func duplicateKey(artist: String, title: String) -> String {
        func normal(_ text: String) -> String {
            fold(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        return normal(artist) + "\u{1F}" + normal(title)
    }
}
