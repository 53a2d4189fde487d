import BlueLibraryCore

/// What the facade announces after every change, to every observer: what happened and the new state.
package struct LibraryChange: Sendable, Equatable {
    /// The operation that caused the change.
    package enum Kind: String, Sendable {
        case add, delete, update, undo, redo, select
        case importAlbums = "import"
        /// Another process changed the library (found by ``LibraryAPI/checkForExternalChanges()``).
        case external
    }

    /// The operation that caused the change.
    package var kind: Kind
    /// The effect on the albums, as a command (for an undo, the inverse that was applied); `nil` for a
    /// selection or an import.
    package var effect: HistoryCommand?
    /// The library's state right after the change was committed.
    package var state: LibraryState
    /// The change's number: changes of one facade are numbered in the order they were committed, so an
    /// observer can tell which of two states is newer.
    package var sequence: UInt64
    /// The album the change added or edited (as it is now), or deleted (as it was); `nil` for a
    /// selection, a grouped change or another process's change.
    package var album: Album?

    /// Creates a change.
    package init(
        kind: Kind, effect: HistoryCommand?, state: LibraryState, sequence: UInt64 = 0, album: Album? = nil
    ) {
        self.kind = kind
        self.effect = effect
        self.state = state
        self.sequence = sequence
        self.album = album
    }
}

extension LibraryChange {
    /// Where an added album now is, or where a deleted one was; `nil` for other changes.
    package var index: Int? {
        switch effect {
        case .add(_, let index)?, .delete(_, let index)?: index
        case .update?, .tracks?, .moves?, .group?, nil: nil
        }
    }
}
