import TerminalKit

/// The search prompt's input: its text, and whether that text is selected. It opens on the query in
/// force, selected, so typing starts a new query while → or End keeps the old one to edit; with no
/// query in force it opens empty.
struct SearchPrompt: Equatable {
    /// The query being typed.
    var text: String
    /// Whether the whole text is selected: typing or Backspace replaces it.
    var isSelected: Bool

    /// A prompt opening on the query in force.
    init(query: String) {
        text = query
        isSelected = !query.isEmpty
    }

    /// Applies an editing key: a character, Backspace, Ctrl+U (clears), → or End (keeps the text and
    /// ends the selection).
    /// - Returns: whether the key was one of these.
    mutating func edit(_ key: Key) -> Bool {
        switch key {
        case .character(let character): text = (isSelected ? "" : text) + String(character)
        case .backspace: text = isSelected ? "" : String(text.dropLast())
        case .control("u"): text = ""
        case .right, .end: break
        default: return false
        }
        isSelected = false
        return true
    }
}
