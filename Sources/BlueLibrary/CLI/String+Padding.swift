extension String {
    /// The text padded with spaces, or cut, to `width` characters: a column of help text or of a table
    /// (what Foundation's `padding(toLength:withPad:startingAt:)` did, without linking Foundation).
    func padded(to width: Int) -> String {
        let length = count
        return length >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - length)
    }
}
