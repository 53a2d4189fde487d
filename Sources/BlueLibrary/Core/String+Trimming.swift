extension String {
    /// The text without leading and trailing whitespace (Unicode's definition). The one trimming helper
    /// of the project: Foundation's `trimmingCharacters(in:)` is slow on Linux, and import trims every
    /// field of 100,000 albums, so plain ASCII ends take a fast path that allocates nothing.
    package var trimmed: String {
        func isPlainASCII(_ byte: UInt8?) -> Bool {
            guard let byte else { return true }
            return byte < 0x80 && byte != 0x20 && !(0x09...0x0D).contains(byte)
        }
        if isPlainASCII(utf8.first) && isPlainASCII(utf8.last) { return self }
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last,
            first.properties.isWhitespace || last.properties.isWhitespace
        else { return self }
        let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.endIndex
        guard start < scalars.endIndex, let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else {
            return ""
        }
        return String(scalars[start...end])
    }
}
