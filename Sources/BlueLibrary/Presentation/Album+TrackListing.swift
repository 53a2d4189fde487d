import BlueLibraryCore

/// One line of an album's track list, as the faces show it: `07` (or `2-07` on an album of several
/// discs), the title, the artist when it is not the album's, and the length.
package struct TrackLine: Sendable, Hashable {
    /// The disc and number: `07`, `2-07`, or `--` for an untagged number.
    package var position: String
    /// The title.
    package var title: String
    /// The track's artist, when it differs from the album's (a compilation, a guest).
    package var artist: String?
    /// The length as a clock shows it.
    package var duration: String

    /// Creates a line.
    package init(position: String, title: String, artist: String?, duration: String) {
        self.position = position
        self.title = title
        self.artist = artist
        self.duration = duration
    }
}

/// Decorator by extension, like ``Album/tableRepresentation``: the track list is display, so it lives
/// here and not on the model.
extension Album {
    /// The lines of the track list of `tracks` (this album's, in album order).
    package func trackLines(_ tracks: [Track]) -> [TrackLine] {
        let discs = Set(tracks.map(\.disc)).count > 1
        return tracks.map { track in
            let number = track.number.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "--"
            return TrackLine(
                position: discs ? "\(track.disc)-\(number)" : number, title: track.title,
                artist: track.artist.isEmpty || track.artist == artist ? nil : track.artist,
                duration: Track.clock(track.duration))
        }
    }

    /// `12 tracks, 47:23`.
    package static func trackSummary(_ tracks: [Track]) -> String {
        let total = tracks.reduce(0) { $0 + $1.duration }
        return "\(tracks.count) track\(tracks.count == 1 ? "" : "s"), \(Track.clock(total))"
    }
}
