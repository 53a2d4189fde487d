/// The album screen's keys, defined once: the `?` overlay lists them, the toolbar shows as many hints
/// as fit, and `bluelibrary tui --help` prints them.
package enum KeyHelp {
    /// One line of the list: the keys and what they do.
    package struct Entry: Sendable, Equatable {
        /// The keys, as a user reads them (`PgUp PgDn`).
        package let keys: String
        /// What they do.
        package let action: String
    }

    /// Every key of the screen, in the order the overlay lists them.
    package static let entries = [
        Entry(keys: "←/→ h/l", action: "browse the covers"),
        Entry(keys: "Home End", action: "first, last album"),
        Entry(keys: "PgUp PgDn", action: "a screenful of covers"),
        Entry(keys: "Tab", action: "move in the track list"),
        Entry(keys: "Enter p", action: "play the album's tracks"),
        Entry(keys: "Space", action: "pause, resume"),
        Entry(keys: "n b", action: "next, previous track"),
        Entry(keys: ", .", action: "back, ahead 10 seconds"),
        Entry(keys: "0-9", action: "to a tenth of the track"),
        Entry(keys: "s", action: "stop playing"),
        Entry(keys: "y", action: "the track's lyrics"),
        Entry(keys: "e", action: "edit the album"),
        Entry(keys: "a", action: "add an album"),
        Entry(keys: "d Delete", action: "delete the album"),
        Entry(keys: "u Ctrl+Z", action: "undo"),
        Entry(keys: "r Ctrl+R", action: "redo"),
        Entry(keys: "/ Esc", action: "search, clear the search"),
        Entry(keys: "q Ctrl+C", action: "quit"),
    ]

    /// The toolbar's hints in the order they are shown, each with its rank: when they do not all fit,
    /// the lowest ranks are kept (`? keys` and `q quit` always).
    static let hints: [(text: String, rank: Int)] = [
        ("←/→ browse", 2), ("d delete", 3), ("u undo", 4), ("r redo", 8), ("/ search", 5), ("a add", 6),
        ("e edit", 7), ("? keys", 0), ("q quit", 1),
    ]

    /// As many hints as fit in `columns`, two spaces apart.
    static func hintLine(columns: Int) -> String {
        var kept = Set<Int>()
        var used = 0
        for (index, hint) in hints.enumerated().sorted(by: { $0.element.rank < $1.element.rank }) {
            let width = hint.text.terminalColumns + (kept.isEmpty ? 0 : 2)
            if used + width <= columns {
                kept.insert(index)
                used += width
            }
        }
        return hints.indices.filter(kept.contains).map { hints[$0].text }.joined(separator: "  ")
    }

    /// The keys as `--help` prints them: one line each, then how the prompt and the forms work.
    package static var helpText: String {
        let rows =
            entries + [
                Entry(
                    keys: "?",
                    action: "show the keys (↑/↓ scroll them when they do not fit, any other key closes them)")
            ]
        let width = (rows.map(\.keys.count).max() ?? 0) + 2
        let lines = rows.map {
            "  " + $0.keys + String(repeating: " ", count: width - $0.keys.count) + $0.action
        }
        return (["Keys:"] + lines).joined(separator: "\n") + "\n\n"
            + """
            Enter or p plays the album from its first track; in the track list (Tab) ↑/↓, PgUp/PgDn and
            Home/End move, Enter plays from the track under the cursor, e edits that track (its title,
            artist, number and disc: one undo step), Tab or Esc goes back to the covers. Tracks follow each other without a gap, and playing goes on while other albums are
            browsed: the line above the toolbar shows the track, its time and whether it plays.
            The search prompt opens on the query in force, selected: typing replaces it, → or End keeps
            it to edit, Ctrl+U clears it, Enter applies it, Esc clears the search. In a form Tab, ↑ and ↓
            move between fields, Enter saves (a mistake is shown in the form, which stays open) and Esc
            cancels. Every change can be undone with u.
            """
    }
}
