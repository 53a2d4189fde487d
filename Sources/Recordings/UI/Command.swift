/// What a key means to the app, the same in every architecture. List movement, opening and going back
/// are the ``TerminalKit/ListView``'s own keys; typing is the text field's.
package enum Command: Sendable, Equatable {
    /// `n`: a new folder (dialog).
    case newFolder
    /// `r`: a new recording (record modal).
    case newRecording
    /// `d` or Delete: delete the selected item (a non-empty folder asks first).
    case delete
    /// `q` or Ctrl-C.
    case quit
    /// Tab: between the list and the play pane.
    case switchFocus
    /// Space in the play pane.
    case togglePlay
    /// ← in the play pane: 5 s back.
    case seekBackward
    /// → in the play pane: 5 s on.
    case seekForward
    /// `0`–`9` in the play pane, or a click on its progress bar: to that fraction of the recording.
    case jump(toFraction: Double)
    /// `e` in the play pane: edit the name.
    case rename
    /// Esc or Backspace in the play pane: back to the list.
    case back
    /// Enter in a dialog, the record modal or the name field.
    case confirm
    /// Esc there.
    case cancel
    /// `H`: the history view (only `mvc-vs` has one).
    case history

    /// How far a seek moves, in seconds.
    package static let seekStep = 5.0
}
