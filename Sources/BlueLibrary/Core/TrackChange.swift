/// One step's change to an album's tracks, as a rescan of its music folder made it: the tracks before
/// and after, each with what the scan read of its file (size, time, tags), so undo puts back exactly
/// what the library held — and the next scan sees the file as changed again and reads it.
package struct TrackChange: Sendable, Hashable {
    /// The album (in the library or deleted) the tracks belong to.
    package var album: AlbumID
    /// Its title, for messages.
    package var title: String
    /// Its tracks before the step, in album order.
    package var before: [StoredTrack]
    /// Its tracks after the step, in album order.
    package var after: [StoredTrack]

    /// Creates a change.
    package init(album: AlbumID, title: String, before: [StoredTrack], after: [StoredTrack]) {
        self.album = album
        self.title = title
        self.before = before
        self.after = after
    }

    /// The change that reverses this one.
    package var inverse: TrackChange {
        TrackChange(album: album, title: title, before: after, after: before)
    }

    /// How many tracks it adds, changes and removes (by file).
    package var counts: (added: Int, changed: Int, removed: Int) {
        let old = Dictionary(before.map { ($0.track.path, $0) }) { first, _ in first }
        let new = Set(after.map(\.track.path))
        var counts = (added: 0, changed: 0, removed: old.keys.filter { !new.contains($0) }.count)
        for track in after {
            if let previous = old[track.track.path] {
                if previous.track != track.track { counts.changed += 1 }
            } else {
                counts.added += 1
            }
        }
        return counts
    }
}
