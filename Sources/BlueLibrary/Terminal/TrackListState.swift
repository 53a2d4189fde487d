import BlueLibraryCore

/// The track list's input: whether it has the keyboard (Tab gives it), the track the cursor is on and
/// the first track in view. It belongs to one album: when another becomes current it starts again at
/// the top.
struct TrackListState: Equatable {
    /// The album whose tracks it moves through.
    var album: AlbumID?
    /// Whether the keys go to the list (↑/↓, PgUp/PgDn, Home/End, Enter) rather than the covers.
    var isFocused = false
    /// The track the cursor is on.
    var cursor = 0
    /// The first row in view (on an album of several discs, the rows are the discs' headings and the
    /// tracks under them).
    var top = 0

    /// Starts again at the top of `album`'s list (keeping the focus) when it is another album's.
    mutating func follow(_ album: AlbumID?) {
        guard album != self.album else { return }
        self = TrackListState(album: album, isFocused: isFocused && album != nil)
    }

    /// Moves the cursor `offset` tracks (clamped to the `count` tracks) and scrolls so that it stays
    /// among the `visible` tracks in view.
    mutating func move(by offset: Int, count: Int, visible: Int) {
        cursor = min(max(cursor + offset, 0), max(count - 1, 0))
        scroll(count: count, visible: visible)
    }

    /// Scrolls as little as needed for the cursor's row (by default the cursor: a list without
    /// headings) to be in view, and never past the end of the `count` rows.
    mutating func scroll(count: Int, visible: Int, cursorRow: Int? = nil) {
        let visible = max(visible, 1)
        let row = cursorRow ?? cursor
        if row < top { top = row }
        if row >= top + visible { top = row - visible + 1 }
        // The heading just above the first track of a disc comes into view with it.
        if let cursorRow, cursorRow == top, cursorRow > 0, cursor == 0 { top = 0 }
        top = max(min(top, count - visible), 0)
    }
}
