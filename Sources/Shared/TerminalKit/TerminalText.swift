/// How text takes up a terminal's columns: most characters one column, East Asian wide and full-width
/// characters and emoji shown as pictures two. A ``TerminalScreen`` places text by these widths, so a
/// line of Japanese or an emoji in an album title neither overflows its box nor is cut in half.
///
/// The widths follow Unicode's East Asian Width (`W` and `F`) and `Emoji_Presentation`, as terminals'
/// own `wcwidth` tables do.
package enum TerminalText {
    /// The character a terminal is shown for `character`: control characters (and format characters
    /// such as bidirectional overrides, which reorder what follows them) become `?`, so text can never
    /// move the cursor; a combining mark with nothing to combine with sits on a dotted circle.
    package static func displayed(_ character: Character) -> Character {
        guard let first = character.unicodeScalars.first else { return "?" }
        switch first.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator:
            return "?"
        case .nonspacingMark, .enclosingMark, .spacingMark:
            return Character("\u{25CC}" + String(character))
        default:
            return character
        }
    }

    /// Untrusted text (a name from a file, an error message quoting one) made safe to write to a
    /// terminal outside the toolkit's screen, e.g. on standard error: escape sequences — CSI
    /// (`ESC [ … final`), OSC, DCS and the other strings up to their terminator, two-character escapes,
    /// and their one-byte C1 forms — are dropped whole, so `ESC]0;title BEL` can neither retitle the
    /// window nor leave half of itself behind; every other control character, carriage return and line
    /// feed included, and every format character that reorders text, becomes `?`.
    package static func sanitized(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B:
                guard let next = scalars.next() else { break }
                switch next {
                case "[": skipControlSequence(&scalars)
                case "]", "P", "X", "^", "_": skipControlString(&scalars)
                default: break
                }
            case 0x9B: skipControlSequence(&scalars)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: skipControlString(&scalars)
            default:
                let category = scalar.properties.generalCategory
                let unsafe =
                    category == .control || category == .format || category == .lineSeparator
                    || category == .paragraphSeparator
                result.append(unsafe ? "?" : scalar)
            }
        }
        return String(result)
    }

    /// Skips the parameters and the final byte of a control sequence (CSI).
    private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next(), !(0x40...0x7E).contains(scalar.value) {}
    }

    /// Skips a control string up to its terminator: BEL, ST (`ESC \`) or the one-byte ST.
    private static func skipControlString(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            if scalar.value == 0x07 || scalar.value == 0x9C { return }
            if scalar.value == 0x1B {
                _ = scalars.next()
                return
            }
        }
    }

    /// How many columns `character` takes once displayed: 1 or 2.
    package static func columns(_ character: Character) -> Int {
        guard let first = displayed(character).unicodeScalars.first else { return 1 }
        if first.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(first.value) } ? 2 : 1
    }

    /// The blocks whose characters are wide (East Asian Width `W` or `F`) beyond the emoji.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, …
        0x3400...0x4DBF,  // CJK Unified Ideographs Extension A
        0x4E00...0x9FFF,  // CJK Unified Ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo Extended-A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // full-width forms
        0xFFE0...0xFFE6,  // full-width signs
        0x16FE0...0x18AFF,  // ideographic symbols, Tangut
        0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
        0x30000...0x3FFFD,  // CJK extensions G and later
    ]
}

extension String {
    /// How many columns the text takes in a terminal (see ``TerminalText``).
    package var terminalColumns: Int {
        reduce(0) { $0 + TerminalText.columns($1) }
    }

    /// The text cut to at most `columns` columns, with "…" where it had to be cut (and no space next to
    /// it): at the end, or at the start when `keepingEnd` (a field being typed into). It is cut between characters, never
    /// inside one (a wide character, an emoji sequence, a letter with its accents).
    package func truncated(toColumns columns: Int, keepingEnd: Bool = false) -> String {
        guard columns > 0 else { return "" }
        if terminalColumns <= columns { return self }
        var kept: [Character] = []
        var used = 0
        for character in keepingEnd ? Array(reversed()) : Array(self) {
            let width = TerminalText.columns(character)
            guard used + width <= columns - 1 else { break }
            kept.append(character)
            used += width
        }
        // No space before the ellipsis ("Best of…", not "Best of …").
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return keepingEnd ? "…" + String(kept.reversed()) : String(kept) + "…"
    }

    /// The text broken into lines of at most `columns` columns, between words where it can (a word
    /// longer than a line is broken inside it, between characters). Beyond `maxLines` the last line
    /// ends with "…".
    package func wrapped(toColumns columns: Int, maxLines: Int = .max) -> [String] {
        guard columns > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in split(separator: " ") {
            var word = String(word)
            if line.isEmpty || (line + " " + word).terminalColumns > columns {
                if !line.isEmpty { lines.append(line) }
                // A word wider than a whole line fills lines of its own.
                while word.terminalColumns > columns, let first = word.first {
                    var head = String(first)
                    for character in word.dropFirst() {
                        guard (head + String(character)).terminalColumns <= columns else { break }
                        head.append(character)
                    }
                    lines.append(head)
                    word.removeFirst(head.count)
                }
                line = word
            } else {
                line += " " + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        guard lines.count > maxLines else { return lines }
        let last = lines[(maxLines - 1)...].joined(separator: " ").truncated(toColumns: columns)
        return Array(lines.prefix(maxLines - 1)) + [last]
    }
}
