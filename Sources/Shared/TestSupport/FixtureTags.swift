/// Tags for an ``AudioFixtures`` file, by ffmpeg's metadata names.
package struct FixtureTags: Sendable {
    package var title: String?
    package var artist: String?
    package var albumArtist: String?
    package var album: String?
    package var date: String?
    package var genre: String?
    package var track: String?
    package var disc: String?
    package var musicBrainzAlbumID: String?
    package var compilation = false
    /// MP3 only: also write an ID3v1 tag at the end of the file.
    package var id3v1 = false
    /// Further `-metadata` pairs as ffmpeg takes them (`REPLAYGAIN_TRACK_GAIN`, `lyrics`, …).
    package var extra: [(key: String, value: String)] = []

    /// Tags; none unless given.
    package init(
        title: String? = nil, artist: String? = nil, albumArtist: String? = nil, album: String? = nil,
        date: String? = nil, genre: String? = nil, track: String? = nil, disc: String? = nil,
        musicBrainzAlbumID: String? = nil, compilation: Bool = false
    ) {
        self.title = title
        self.artist = artist
        self.albumArtist = albumArtist
        self.album = album
        self.date = date
        self.genre = genre
        self.track = track
        self.disc = disc
        self.musicBrainzAlbumID = musicBrainzAlbumID
        self.compilation = compilation
    }

    /// ffmpeg's `-metadata` arguments for these tags in `format`.
    func arguments(for format: AudioFixtures.Format) -> [String] {
        let mbidKey = format == .mp3 ? "MusicBrainz Album Id" : "MUSICBRAINZ_ALBUMID"
        let pairs: [(String, String?)] = [
            ("title", title), ("artist", artist), ("album_artist", albumArtist), ("album", album),
            ("date", date),
            ("genre", genre), ("track", track), ("disc", disc), (mbidKey, musicBrainzAlbumID),
            ("compilation", compilation ? "1" : nil),
        ]
        let metadata = (pairs + extra.map { ($0.key, $0.value) }).flatMap { key, value in
            value.map { ["-metadata", "\(key)=\($0)"] } ?? []
        }
        return metadata + (id3v1 && format == .mp3 ? ["-write_id3v1", "1"] : [])
    }
}

extension FixtureTags {
    /// The LRC lyrics in ``detailed``.
    package static let detailedLyrics = "[00:01.50]First line\n[00:03.25]Second line"

    /// "Duet" by "Ann feat. Bob": a guest in the artist, two genres in one string ("Alternative; Art
    /// Rock"), ReplayGain (track -6.54 dB peak 0.988553, album +1.20 dB peak 1.1), a disc subtitle ("The
    /// Live Set") and ``detailedLyrics``.
    package static var detailed: FixtureTags {
        var tags = FixtureTags(title: "Duet", artist: "Ann feat. Bob", genre: "Alternative; Art Rock")
        tags.extra = [
            ("REPLAYGAIN_TRACK_GAIN", "-6.54 dB"), ("REPLAYGAIN_TRACK_PEAK", "0.988553"),
            ("REPLAYGAIN_ALBUM_GAIN", "+1.20 dB"), ("REPLAYGAIN_ALBUM_PEAK", "1.1"),
            ("DISCSUBTITLE", "The Live Set"), ("lyrics", detailedLyrics),
        ]
        return tags
    }
}
