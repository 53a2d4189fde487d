#if canImport(Glibc)
    import Glibc
#endif

/// How one tagged string naming several artists or genres is cut into its names: "Alternative; Art
/// Rock" is two genres, "Jay-Z feat. Alicia Keys" two artists.
///
/// The rule: a name is cut only where a separator stands as written — `;` anywhere, and ` / `,
/// ` feat. `, ` ft. `, ` featuring ` with the spaces around them, matched without regard to case. A bare
/// `/` or `&` is never a separator, so "AC/DC" and "Simon & Garfunkel" stay whole. The list can be
/// replaced with `BLUELIBRARY_SEPARATORS` (the separators joined by `|`, e.g. `;| / | feat. | x `).
/// Tags that already hold several values (repeated Vorbis comments, ID3v2.4 lists, `ARTISTS`) are
/// taken as they are and never cut again.
package struct CreditSeparators: Sendable, Hashable {
    /// The separators, as written (spaces included).
    package let separators: [String]

    /// The default list.
    package static let standard = CreditSeparators(separators: [
        ";", " / ", " feat. ", " ft. ", " featuring ",
    ])

    /// The list this process uses: `BLUELIBRARY_SEPARATORS` when set and not empty, else ``standard``.
    package static let current: CreditSeparators = {
        // Read once, the first time a credit is cut: the only setting the model reads itself.
        guard let value = getenv("BLUELIBRARY_SEPARATORS") else { return standard }
        let raw = String(cString: value)
        let separators = raw.split(separator: "|", omittingEmptySubsequences: true).map(String.init)
            .filter { !$0.trimmed.isEmpty || $0 == ";" }
        return separators.isEmpty ? standard : CreditSeparators(separators: separators)
    }()

    /// Creates a list of separators.
    package init(separators: [String]) {
        self.separators = separators
    }

    /// The names in `text`, in order, trimmed, without empty ones or repeats (compared folded).
    package func split(_ text: String) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        for piece in pieces(text) {
            let name = String(piece).trimmed
            if !name.isEmpty && seen.insert(SearchKey.fold(name)).inserted { names.append(name) }
        }
        return names
    }

    /// `text` cut at every separator, ignoring case.
    private func pieces(_ text: String) -> [Substring] {
        let lowered = text.lowercased()
        // Lowercasing can change a string's length ("İ"); such text is cut only at `;`.
        guard lowered.count == text.count else { return text.split(separator: ";") }
        let loweredSeparators = separators.map { $0.lowercased() }
        var result: [Substring] = []
        var start = text.startIndex
        var index = lowered.startIndex
        var textIndex = text.startIndex
        while index < lowered.endIndex {
            if let separator = loweredSeparators.first(where: { lowered[index...].hasPrefix($0) }) {
                result.append(text[start..<textIndex])
                let length = separator.count
                index = lowered.index(index, offsetBy: length)
                textIndex = text.index(textIndex, offsetBy: length)
                start = textIndex
            } else {
                index = lowered.index(after: index)
                textIndex = text.index(after: textIndex)
            }
        }
        result.append(text[start...])
        return result
    }
}
