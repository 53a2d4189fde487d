/// A track as the library stores it: the track, and what a rescan needs to know whether its file
/// changed — its size and modification time when the tags were read, and those tags (in the scanner's
/// stored form, opaque here).
package struct StoredTrack: Sendable, Hashable {
    /// The track.
    package var track: Track
    /// The album it belongs to.
    package var albumID: AlbumID
    /// The file's size in bytes when read.
    package var size: Int64
    /// The file's modification time in nanoseconds since 1970 when read.
    package var modified: Int64
    /// The tags read then, in the scanner's stored form.
    package var tags: String
    /// Where it is among its album's tracks (the order they were saved in).
    package var order = 0

    /// Creates a stored track; its track's ``Track/details`` are read from `tags`, but for genres set by
    /// hand, which it keeps.
    package init(track: Track, albumID: AlbumID, size: Int64, modified: Int64, tags: String) {
        var track = track
        let edited = track.details.editedGenres
        track.details = TrackDetails(storedTags: tags, artist: track.artist)
        track.details.editedGenres = edited
        self.track = track
        self.albumID = albumID
        self.size = size
        self.modified = modified
        self.tags = tags
    }
}

/// An album that holds tracks of a music folder, as the library remembers it: the scan group it came
/// from, the fields edited by hand since, and whether a person deleted it (a rescan then leaves it out).
package struct ScanOrigin: Sendable, Hashable {
    /// The album.
    package var id: AlbumID
    /// The scan group it came from (the scanner's album key); `nil` for an album that got its tracks
    /// another way (an import of an export), which a scan adopts.
    package var source: String?
    /// The fields a person edited, which rescans keep.
    package var edited: Set<EditableField>
    /// Whether the album was deleted (its row and tracks are kept for undo).
    package var isDeleted: Bool
    /// Whether a scan deleted it, its files gone (rather than a person): it comes back with them.
    package var removedByScan: Bool

    /// Creates an origin.
    package init(
        id: AlbumID, source: String?, edited: Set<EditableField>, isDeleted: Bool = false,
        removedByScan: Bool = false
    ) {
        self.id = id
        self.source = source
        self.edited = edited
        self.isDeleted = isDeleted
        self.removedByScan = removedByScan
    }
}
