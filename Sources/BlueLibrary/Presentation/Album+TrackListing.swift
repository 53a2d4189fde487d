import BlueLibraryCore

/// One line of an album's track list, as the faces show it: `07` (or `2-07` on an album of several
/// discs, or `07` under the disc's heading), the title, the artist when it is not the album's (compared
/// ignoring case and accents), and the length.
package struct TrackLine: Sendable, Hashable {
    /// The disc and number: `07`, `2-07`, or `--` for an untagged number.
    package var position: String
    /// The number alone: `07`, or `--` (under a disc's heading).
    package var number: String
    /// On an album of several discs, the heading of the disc this track opens: `Disc 2`, or
    /// `Disc 2 — The Live Set` with its subtitle; `nil` on the other tracks and on one-disc albums.
    package var discHeading: String?
    /// The title.
    package var title: String
    /// The track's artist, when it differs from the album's (a compilation, a guest).
    package var artist: String?
    /// The length as a clock shows it.
    package var duration: String

    /// Creates a line.
    package init(
        position: String, number: String? = nil, discHeading: String? = nil, title: String, artist: String?,
        duration: String
    ) {
        self.position = position
        self.number = number ?? position
        self.discHeading = discHeading
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
        let albumArtist = SearchKey.fold(artist)
        return tracks.enumerated().map { index, track in
            let number = track.number.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "--"
            let opensDisc = discs && (index == 0 || tracks[index - 1].disc != track.disc)
            let subtitle = track.details.discSubtitle
            return TrackLine(
                position: discs ? "\(track.disc)-\(number)" : number, number: number,
                discHeading: opensDisc
                    ? "Disc \(track.disc)" + (subtitle.isEmpty ? "" : " — \(subtitle)") : nil,
                title: track.title,
                artist: track.artist.isEmpty || SearchKey.fold(track.artist) == albumArtist
                    ? nil : track.artist,
                duration: Track.clock(track.duration))
        }
    }

    /// `12 tracks, 47:23`.
    package static func trackSummary(_ tracks: [Track]) -> String {
        let total = tracks.reduce(0) { $0 + $1.duration }
        return "\(tracks.count) track\(tracks.count == 1 ? "" : "s"), \(Track.clock(total))"
    }
}
