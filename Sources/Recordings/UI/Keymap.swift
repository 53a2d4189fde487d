import TerminalKit

/// The keys, defined once: which ``Command`` a key is in each context, the hint line for it, and the
/// list `recordings --help` prints.
package enum Keymap {
    /// Where the key goes.
    package enum Context: Sendable, Equatable {
        /// The folder list has the focus.
        case list
        /// The play pane has the focus.
        case play
        /// A text is being edited (a dialog's field, the name in the play pane) or a dialog is up.
        case text
        /// The record modal is up.
        case recording
    }

    /// The command a key means in a context, or `nil`.
    package static func command(for key: Key, in context: Context) -> Command? {
        switch (context, key) {
        case (.text, .enter), (.recording, .enter): return .confirm
        case (.text, .escape), (.recording, .escape): return .cancel
        case (.text, _), (.recording, _): return nil
        case (_, .character("q")), (_, .control("c")): return .quit
        case (_, .character("n")): return .newFolder
        case (_, .character("r")): return .newRecording
        case (_, .tab), (_, .backTab): return .switchFocus
        case (_, .character("H")): return .history
        case (.list, .character("d")), (.list, .delete): return .delete
        case (.play, .character(" ")): return .togglePlay
        case (.play, .left): return .seekBackward
        case (.play, .right): return .seekForward
        case (.play, .character("e")): return .rename
        case (.play, .character(let digit)) where digit.isASCII && digit.isWholeNumber:
            return .jump(toFraction: Double(digit.wholeNumberValue ?? 0) / 10)
        case (.play, .escape), (.play, .backspace): return .back
        default: return nil
        }
    }

    /// The hint line for a context, as many hints as fit in `width` columns (quitting always shows).
    package static func hints(for context: Context, glyphs: Glyphs, width: Int, extra: [String] = [])
        -> String
    {
        let unicode = glyphs.isUnicode
        let (dot, upDown, leftRight, left) =
            unicode ? (" · ", "↑/↓", "←/→", "←") : ("  ", "Up/Down", "Left/Right", "Left")
        let parts: [String]
        switch context {
        case .list:
            parts = [
                "\(upDown) move", "Enter open", "\(left) back", "n folder", "r record", "d delete",
                "Tab play pane",
            ]
        case .play:
            parts = ["Space play/pause", "\(leftRight) seek 5 s", "0-9 jump", "e rename", "Esc list"]
        case .text:
            return ["Enter confirms", "Esc cancels"].joined(separator: dot)
        case .recording:
            return ["Enter stops and names it", "Esc discards"].joined(separator: dot)
        }
        var shown: [String] = []
        for part in parts + extra {
            let line = (shown + [part, "q quit"]).joined(separator: dot)
            guard line.count <= width - 2 else { break }
            shown.append(part)
        }
        return (shown + ["q quit"]).joined(separator: dot)
    }

    /// The keys as `recordings --help` lists them.
    package static let help = """
        Keys (the same in every architecture):
          Up/Down or k/j      move in the folder list
          Enter or Right      open the folder / show the recording
          Left or Backspace   back to the parent folder
          n                   new folder (asks for a name)
          r                   new recording (Enter stops and asks for a name, Esc discards)
          d or Delete         delete the selected item (a folder that is not empty asks y/n)
          Tab                 move the focus between the list and the play pane
          Space               play / pause (play pane)
          Left / Right        seek 5 seconds back / on (play pane)
          0 to 9              jump to 0 %, 10 %, … 90 % of the recording (play pane); a click on
                              the progress bar jumps there
          e                   rename the recording (play pane; Enter saves, Esc cancels)
          Esc                 back to the list (play pane)
          H                   history of view states (mvc-vs only)
          q                   quit
        In a dialog: Enter confirms, Esc cancels.
        """
}
