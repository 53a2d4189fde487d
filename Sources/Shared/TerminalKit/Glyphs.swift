/// The characters widgets draw with: box lines, bars and marks in Unicode when the locale is UTF-8,
/// plain ASCII otherwise, chosen once from the environment.
package struct Glyphs: Sendable, Equatable {
    /// Whether these are the Unicode glyphs.
    package let isUnicode: Bool
    /// Lines and corners of a box: horizontal, vertical, ┌ ┐ └ ┘.
    package let box: (horizontal: Character, vertical: Character, corners: [Character])
    /// A progress bar: the done part, the rest, the knob.
    package let bar: (done: Character, rest: Character, knob: Character)
    /// Between the parts of a path (`Recordings › Work`).
    package let pathSeparator: String
    /// The text cursor.
    package let cursor: Character
    /// The mark of a folder row and of a recording row.
    package let marks: (folder: Character, recording: Character)

    /// Unicode glyphs (all one column wide in a monospace font).
    package static let unicode = Glyphs(
        isUnicode: true, box: ("─", "│", ["┌", "┐", "└", "┘"]), bar: ("━", "─", "●"), pathSeparator: " › ",
        cursor: "▏", marks: ("▸", "♪"))
    /// Plain ASCII glyphs.
    package static let ascii = Glyphs(
        isUnicode: false, box: ("-", "|", ["+", "+", "+", "+"]), bar: ("=", "-", "O"), pathSeparator: " > ",
        cursor: "_", marks: ("+", "~"))

    /// Unicode when the locale (`LC_ALL`, else `LC_CTYPE`, else `LANG`) is UTF-8, ASCII otherwise.
    package static func forEnvironment(_ environment: [String: String]) -> Glyphs {
        let locale =
            [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let utf8 = locale.lowercased().filter { $0 != "-" }.contains("utf8")
        return utf8 ? .unicode : .ascii
    }

    package static func == (lhs: Glyphs, rhs: Glyphs) -> Bool { lhs.isUnicode == rhs.isUnicode }
}
