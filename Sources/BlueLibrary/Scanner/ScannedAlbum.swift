import BlueLibraryCore

/// An album a scan found: its fields from the tags, its tracks in order, and its art.
///
/// Tracks make one album when they share an album folder (a disc folder such as `CD2` counts as its
/// parent), a title and an album artist (else artist); a MusicBrainz release id, when tagged, overrides
/// the folder; tracks of several artists without an album-artist tag are one compilation by
/// ``variousArtists`` unless they repeat track numbers. ``key`` names the group and stays the same
/// across scans while the files and their tags do, so a caller can match a scanned album with the one
/// it stored before.
package struct ScannedAlbum: Sendable, Hashable, Identifiable {
    /// The grouping key: `mbid:` and the MusicBrainz release id when the tracks are tagged with one,
    /// otherwise `dir:`, the album folder, the folded title and the folded artist, separated by U+001F.
    package let key: String
    /// The title: the most common album tag, else the album folder's name.
    package let title: String
    /// The artist: ``variousArtists`` for a compilation of several artists without an album-artist
    /// tag, else the most common album artist, else the most common artist, else ``unknownArtist``.
    package let artist: String
    /// The most common genre among the tracks, or empty.
    package let genre: String
    /// The most common year among the tracks' dates (the earliest on a tie).
    package let year: Int?
    /// Whether the album is a compilation: several artists under ``variousArtists``, or tagged so.
    package let isCompilation: Bool
    /// The MusicBrainz release id the tracks are tagged with.
    package let musicBrainzAlbumID: String?
    /// The most common MusicBrainz release-group id among the tracks (what the Cover Art Archive's
    /// `/release-group/{mbid}` wants).
    package let musicBrainzReleaseGroupID: String?
    /// The album's folder: the folder of its files, or the one above their disc folders.
    package let directory: String
    /// The tracks in album order (``Track/inAlbumOrder(_:_:)``).
    package let tracks: [Track]
    /// The chosen art: an image file beside the tracks, else the first embedded picture.
    package let art: AlbumArt?
    /// Whether any of the album's files was read in this scan, or a file that was removed or changed sat
    /// in its folder (or carried its MusicBrainz id). An unchanged album needs no update.
    package let isChanged: Bool

    /// The artist of a compilation whose tracks have different artists and no album-artist tag.
    package static let variousArtists = "Various Artists"
    /// The artist of an album whose files name none.
    package static let unknownArtist = "Unknown Artist"

    package var id: String { key }

    /// The total length in seconds.
    package var duration: Double { tracks.reduce(0) { $0 + $1.duration } }

    /// Creates an album.
    package init(
        key: String, title: String, artist: String, genre: String, year: Int?, isCompilation: Bool,
        musicBrainzAlbumID: String?, musicBrainzReleaseGroupID: String?, directory: String,
        tracks: [Track], art: AlbumArt?, isChanged: Bool
    ) {
        self.key = key
        self.title = title
        self.artist = artist
        self.genre = genre
        self.year = year
        self.isCompilation = isCompilation
        self.musicBrainzAlbumID = musicBrainzAlbumID
        self.musicBrainzReleaseGroupID = musicBrainzReleaseGroupID
        self.directory = directory
        self.tracks = tracks
        self.art = art
        self.isChanged = isChanged
    }

    /// The library's ``Album`` for this scanned album (title, artist, genre, year; no cover URL).
    /// - Throws: ``LibraryError`` `invalidField` if a field is not valid (the scanner cleans tag text, so
    ///   this does not happen with albums it made).
    package func album(id: AlbumID = .random()) throws -> Album {
        try Album(id: id, title: title, artist: artist, genre: genre, year: year)
    }

    /// The same album with other art.
    func replacingArt(_ art: AlbumArt?) -> ScannedAlbum {
        ScannedAlbum(
            key: key, title: title, artist: artist, genre: genre, year: year, isCompilation: isCompilation,
            musicBrainzAlbumID: musicBrainzAlbumID, musicBrainzReleaseGroupID: musicBrainzReleaseGroupID,
            directory: directory, tracks: tracks, art: art, isChanged: isChanged)
    }
}
