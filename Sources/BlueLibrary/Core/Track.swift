/// One track of an album read from a music folder: where it sits on the album, what it is called, how
/// long it plays and where its file is. Albums typed by hand have none.
package struct Track: Sendable, Hashable, Identifiable {
    /// The disc it is on, from 1.
    package let disc: Int
    /// Its number on the disc, when tagged.
    package let number: Int?
    /// The title (the file's name when untagged).
    package let title: String
    /// The performing artist.
    package let artist: String
    /// The length in seconds.
    package let duration: Double
    /// The audio file's absolute path.
    package let path: String
    /// What its file says besides: credits, genres, the disc's subtitle, ReplayGain.
    package var details: TrackDetails
    /// The id the library keeps for it, when known (read from the library, an export or the history);
    /// `nil` for a file just read, whose id follows from its path. A file moved or renamed keeps the id
    /// it had (``id``).
    package let storedID: String?

    /// Creates a track; `id` is the id the library keeps for it, when known.
    package init(
        disc: Int, number: Int?, title: String, artist: String, duration: Double, path: String,
        details: TrackDetails = TrackDetails(), id: String? = nil
    ) {
        self.disc = disc
        self.number = number
        self.title = title
        self.artist = artist
        self.duration = duration
        self.path = path
        self.details = details
        self.storedID = id
    }

    /// The same track, known by `id` (a moved file keeps the id of its old path).
    package func known(as id: String?) -> Track {
        Track(
            disc: disc, number: number, title: title, artist: artist, duration: duration, path: path,
            details: details, id: id)
    }

    /// Tracks are equal when their fields and ids are: a track read from the library (its id stored)
    /// and the same file just read (its id its path's) are one track unless the file was moved.
    package static func == (lhs: Track, rhs: Track) -> Bool {
        lhs.disc == rhs.disc && lhs.number == rhs.number && lhs.title == rhs.title && lhs.artist == rhs.artist
            && lhs.duration == rhs.duration && lhs.path == rhs.path && lhs.details == rhs.details
            && (lhs.storedID == rhs.storedID || lhs.id == rhs.id)
    }

    /// Hashes what ``==`` compares but the id (equal tracks have equal paths, from which a track's id
    /// follows unless it was kept).
    package func hash(into hasher: inout Hasher) {
        hasher.combine(disc)
        hasher.combine(number)
        hasher.combine(title)
        hasher.combine(artist)
        hasher.combine(duration)
        hasher.combine(path)
        hasher.combine(details)
    }

    /// The same track credited to `artist` (its tagged credits belonged to the old artist).
    package func withArtist(_ artist: String) -> Track {
        var details = details
        details.artists = []
        return Track(
            disc: disc, number: number, title: title, artist: artist, duration: duration, path: path,
            details: details, id: storedID)
    }

    /// The track's stable id: the one the library keeps for it, else derived from its file's path (see
    /// ``TrackID``). Derived when asked for, so that a rescan of unchanged albums, which stores nothing
    /// again, hashes no paths.
    package var id: String { storedID ?? TrackID(path: path).rawValue }

    /// Album order: by disc, then number (untagged numbers last), then path, ignoring case and accents
    /// ("b.mp3" before "C.mp3", as a file manager lists them; the exact path breaks a tie).
    package static func inAlbumOrder(_ lhs: Track, _ rhs: Track) -> Bool {
        if lhs.disc != rhs.disc { return lhs.disc < rhs.disc }
        let left = lhs.number ?? Int.max
        let right = rhs.number ?? Int.max
        if left != right { return left < right }
        return pathPrecedes(lhs.path, rhs.path)
    }

    /// Paths in the order a file manager lists them: ignoring case and accents, the exact path breaking
    /// a tie.
    package static func pathPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        let (leftKey, rightKey) = (SearchKey.fold(lhs), SearchKey.fold(rhs))
        return leftKey != rightKey ? SearchKey.precedes(leftKey, rightKey) : lhs < rhs
    }

    /// A length as a clock shows it: `3:07`, or `1:02:45` from an hour on.
    package static func clock(_ seconds: Double) -> String {
        let total = Int((seconds.isFinite ? max(seconds, 0) : 0).rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let secondsText = rest < 10 ? "0\(rest)" : "\(rest)"
        if hours > 0 { return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(secondsText)" }
        return "\(minutes):\(secondsText)"
    }
}
