/// A key press or mouse click read from the terminal.
package enum Key: Sendable, Equatable {
    case character(Character)
    case control(Character)
    case left, right, up, down, home, end, pageUp, pageDown, delete, backspace, enter, tab, backTab, escape
    /// A mouse press at a 0-based column and row.
    case click(column: Int, row: Int)
}

/// Turns the bytes a terminal sends into keys: plain characters (UTF-8), control keys, the usual
/// escape sequences for arrows, Home/End, PgUp/PgDn, Delete, and SGR mouse reports (`ESC [ < b ; x ; y M`).
package struct KeyParser: Sendable {
    private var pending: [UInt8] = []

    /// Creates a parser.
    package init() {}

    /// Adds bytes and returns the keys they complete. A lone ESC is reported only when
    /// `flushEscape` is true (the caller saw no more input follow it).
    package mutating func feed(_ bytes: [UInt8], flushEscape: Bool = true) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        while !pending.isEmpty {
            guard let (key, length) = parseOne(flushEscape: flushEscape) else { break }
            pending.removeFirst(length)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// Whether the bytes held so far start with an Esc that may begin a sequence: the caller reports
    /// it with ``flush()`` once no more bytes have come for a moment.
    package var isHoldingEscape: Bool { pending.first == 0x1B }

    /// Gives up waiting for the rest of a sequence: the held Esc is a key of its own, and whatever
    /// came after it is read as ordinary keys.
    package mutating func flush() -> [Key] {
        guard isHoldingEscape else { return [] }
        pending.removeFirst()
        return [.escape] + feed([], flushEscape: false)
    }

    /// One key from the front of `pending` and how many bytes it used; `nil` when more bytes are needed.
    private func parseOne(flushEscape: Bool) -> (Key?, Int)? {
        let byte = pending[0]
        switch byte {
        case 0x1B:
            if pending.count == 1 { return flushEscape ? (.escape, 1) : nil }
            return parseEscape()
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
        case 0x00..<0x20: return (nil, 1)
        default:
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            guard pending.count >= length else { return nil }
            let text = String(decoding: pending[0..<length], as: UTF8.self)
            return (text.first.map(Key.character), length)
        }
    }

    private func parseEscape() -> (Key?, Int)? {
        let second = pending[1]
        guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else { return (.escape, 1) }
        // Find the final byte of the control sequence (0x40…0x7E).
        guard let end = pending[2...].firstIndex(where: { (0x40...0x7E).contains($0) }) else {
            return pending.count > 32 ? (nil, pending.count) : nil
        }
        let body = String(decoding: pending[2..<end], as: UTF8.self)
        let final = Character(Unicode.Scalar(pending[end]))
        let length = end + 1
        switch (body, final) {
        case ("", "D"): return (.left, length)
        case ("", "C"): return (.right, length)
        case ("", "A"): return (.up, length)
        case ("", "B"): return (.down, length)
        case ("", "H"), ("1", "~"), ("7", "~"): return (.home, length)
        case ("", "F"), ("4", "~"), ("8", "~"): return (.end, length)
        case ("3", "~"): return (.delete, length)
        case ("5", "~"): return (.pageUp, length)
        case ("6", "~"): return (.pageDown, length)
        case ("", "Z"): return (.backTab, length)
        case (_, "M") where body.hasPrefix("<"), (_, "m") where body.hasPrefix("<"):
            let fields = body.dropFirst().split(separator: ";").compactMap { Int($0) }
            // Only presses of the primary button count as clicks.
            guard final == "M", fields.count == 3, fields[0] == 0 else { return (nil, length) }
            return (.click(column: fields[1] - 1, row: fields[2] - 1), length)
        default: return (nil, length)
        }
    }
}
