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
    /// The first track in view.
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

    /// Scrolls as little as needed for the cursor to be in view, and never past the end of the list.
    mutating func scroll(count: Int, visible: Int) {
        let visible = max(visible, 1)
        if cursor < top { top = cursor }
        if cursor >= top + visible { top = cursor - visible + 1 }
        top = max(min(top, count - visible), 0)
    }
}
