import BlueLibraryCore

/// The tracks of albums read from music folders, and where each album came from
/// (`SQLLibrary+Tracks.swift`).
package protocol TrackReader {
    /// The album's tracks in album order (none for an album typed by hand).
    func tracks(of album: AlbumID) throws -> [Track]
    /// The album's tracks as stored (with their file's size, time and tags), in album order.
    func storedTracks(of album: AlbumID) throws -> [StoredTrack]
    /// The stored track with `id`, if any (the web serves its file).
    func track(_ id: String) throws -> StoredTrack?
    /// Every stored track whose file lies under the folder `root` (what a rescan of it compares with).
    func storedTracks(under root: String) throws -> [StoredTrack]
    /// How many tracks of the library's albums have their file under the folder `root`.
    func trackCount(under root: String) throws -> Int
    /// The albums, in the library or deleted, that have a track under `root`.
    func scanOrigins(under root: String) throws -> [ScanOrigin]
    /// The album in the library whose track has its file at `path`, if any.
    func albumOfTrack(at path: String) throws -> AlbumID?
    /// Calls `body` with a window of the tracks `query` matches — a bare word, `track:` and
    /// `trackartist:` match a track's own title and artist, album fields its album's — each with its
    /// album, in library order and then album order.
    func forEachTrack(
        matching query: Query, offset: Int, limit: Int, _ body: (Track, Album) throws -> Void) throws
}

/// What a scan writes of an album's tracks.
package protocol TrackWriter: TrackReader {
    /// Replaces the album's tracks with `tracks` (a rescan of its files).
    func replaceTracks(of album: AlbumID, with tracks: [StoredTrack]) throws
    /// Forgets the tracks whose files are gone.
    func removeTracks(paths: [String]) throws
    /// Marks a deleted album as removed by a scan (its files were gone): when they come back, so does it.
    func markRemovedByScan(_ album: AlbumID) throws
    /// Remembers that the library was imported from the music folder `path` (once).
    func addMusicFolder(_ path: String) throws
    /// Sets how many tracks an album (in the library or deleted) has and how long they play.
    func setTrackTotals(of album: AlbumID, count: Int, length: Double) throws
}
