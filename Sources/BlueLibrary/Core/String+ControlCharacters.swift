extension String {
    /// The text with every control character — C0 (NUL, ESC, BEL, CR, LF, TAB…), DEL and C1 — written
    /// as a Swift escape (`\0`, `\u{1B}`, `\r`), the rest unchanged: for messages that name a file or a
    /// tag, which may hold anything, so that a terminal shows them instead of obeying them (a file named
    /// `ESC]0;…BEL` would otherwise set the window's title, a CR overwrite the line).
    package var escapingControlCharacters: String {
        // Most text has none: checking the bytes first keeps the common case a copy.
        guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if scalar.properties.generalCategory == .control {
                escaped += scalar.escaped(asASCII: true)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
