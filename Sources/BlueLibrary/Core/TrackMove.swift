/// A music file that a rescan found at a new path (renamed, or moved to another folder): its track's id
/// follows the path (``TrackID``), and what people keep of it — stars, ratings, plays, places in
/// playlists — goes with it.
package struct TrackMove: Sendable, Hashable {
    /// The track's id at its old path.
    package var from: String
    /// The track's id at its new path.
    package var to: String

    /// Creates a move.
    package init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// The move back.
    package var inverse: TrackMove { TrackMove(from: to, to: from) }
}
