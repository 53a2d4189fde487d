import BlueLibraryCore

/// One track of a scanned album.
public struct ScannedTrack: Sendable, Hashable, Identifiable {
    /// The disc: the tag, else the number of the disc folder it sits in (`CD2`), else 1.
    public let disc: Int
    /// The track number, when tagged.
    public let number: Int?
    /// The title: the tag, else the file name without its extension.
    public let title: String
    /// The performing artist: the tag, else the album artist tag, else the album's artist.
    public let artist: String
    /// The length in seconds.
    public let duration: Double
    /// The absolute path of the file.
    public let path: String

    /// Creates a track.
    public init(disc: Int, number: Int?, title: String, artist: String, duration: Double, path: String) {
        self.disc = disc
        self.number = number
        self.title = title
        self.artist = artist
        self.duration = duration
        self.path = path
    }

    /// The track's stable id, derived from its path (see ``TrackID``). Computed when asked for, so that
    /// a rescan of unchanged albums, which a caller does not store again, hashes no paths.
    public var id: TrackID { TrackID(path: path) }

    /// Album order: by disc, then number (untagged numbers last), then path.
    public static func inAlbumOrder(_ lhs: ScannedTrack, _ rhs: ScannedTrack) -> Bool {
        if lhs.disc != rhs.disc { return lhs.disc < rhs.disc }
        let left = lhs.number ?? Int.max
        let right = rhs.number ?? Int.max
        if left != right { return left < right }
        return lhs.path < rhs.path
    }
}
