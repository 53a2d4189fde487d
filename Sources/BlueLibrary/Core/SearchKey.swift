@_spi(_Unicode) import Swift

/// The folding that searches and sorting use: case and diacritics ignored, so "bjork" finds Björk,
/// "beyonce" Beyoncé and "sigur ros" Sigur Rós, while CJK and other scripts match as written.
///
/// The stores keep a folded copy of each searchable text (computed here, in Swift) and compare bytes,
/// because SQLite's own `lower()` and `LIKE` fold ASCII only; a query's words are folded the same way.
package enum SearchKey {
    /// The folded form of `text`: lowercased (full Unicode); each Latin, Greek or Cyrillic letter
    /// decomposed (NFD) with its combining marks dropped, and the few Latin letters that have no
    /// decomposition written as their base letters (`ø` → `o`, `ł` → `l`, `æ` → `ae`, `ß` → `ss`).
    /// Other scripts are kept as written: a Japanese voiced mark or a Hangul syllable is part of the
    /// letter, not an accent.
    package static func fold(_ text: String) -> String {
        // ASCII fast path: most library text is ASCII, and `lowercased()` allocates per call anyway.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
            return text.lowercased()
        }
        var folded = String.UnicodeScalarView()
        for character in text.lowercased() {
            guard let first = character.unicodeScalars.first?.value, hasAccents(first) else {
                folded.append(contentsOf: character.unicodeScalars)
                continue
            }
            // The standard library's canonical decomposition (the command line links no Foundation).
            for scalar in String(character)._nfd where scalar.properties.generalCategory != .nonspacingMark {
                if let base = baseLetters[scalar.value] {
                    folded.append(contentsOf: base.unicodeScalars)
                } else {
                    folded.append(scalar)
                }
            }
        }
        return String(folded)
    }

    /// Whether a letter starting with this scalar belongs to a script whose marks are accents: Latin
    /// (with IPA), Greek and Cyrillic, and their extended blocks.
    private static func hasAccents(_ scalar: UInt32) -> Bool {
        scalar < 0x0530 || (0x1E00...0x1FFF).contains(scalar)
    }

    /// Lowercase Latin letters that do not decompose, and the letters a search without them types.
    private static let baseLetters: [UInt32: String] = [
        0x00F8: "o", 0x0142: "l", 0x0111: "d", 0x0127: "h", 0x0131: "i", 0x00E6: "ae", 0x0153: "oe",
        0x00DF: "ss", 0x00F0: "d", 0x00FE: "th", 0x0180: "b", 0x0268: "i",
    ]

    /// Whether `haystack` contains `needle`, comparing UTF-8 bytes (as SQLite's `instr` does).
    package static func contains(_ haystack: String, _ needle: String) -> Bool {
        needle.isEmpty || haystack.utf8.firstRange(of: needle.utf8) != nil
    }

    /// Orders two strings by their UTF-8 bytes, as SQLite's BINARY collation does.
    package static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}

extension SearchKey {
    /// What makes two albums the same record for a person: artist and title, compared without case and
    /// with runs of spaces counted as one ("The  Beatles" and "the beatles").
    package static func duplicateKey(artist: String, title: String) -> String {
        guard artist.utf8.allSatisfy({ $0 < 0x80 }) && title.utf8.allSatisfy({ $0 < 0x80 }) else {
            return normalSpacing(fold(artist)) + "\u{1F}" + normalSpacing(fold(title))
        }
        // ASCII (an import's usual case): folded and spaced in one pass over the bytes, one string made
        // (an import of 100,000 albums makes a key for each).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(artist.utf8.count + title.utf8.count + 1)
        appendFoldedASCII(artist, to: &bytes)
        bytes.append(0x1F)
        appendFoldedASCII(title, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ASCII `text` lowercased, its runs of white space made one space and none at either end.
    private static func appendFoldedASCII(_ text: String, to bytes: inout [UInt8]) {
        var started = false
        var spaceBefore = false
        for byte in text.utf8 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                spaceBefore = started
                continue
            }
            if spaceBefore {
                bytes.append(0x20)
                spaceBefore = false
            }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            started = true
        }
    }

    /// `text` with runs of white space made one space, and none at either end.
    static func normalSpacing(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        // ASCII (an import's usual case) by its bytes: the Unicode properties cost a tenth of an import.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var spaceBefore = false
        for byte in text.utf8 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                spaceBefore = !bytes.isEmpty
                continue
            }
            if spaceBefore {
                bytes.append(0x20)
                spaceBefore = false
            }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
