/// What a track's file says beyond its place, title, artist and length: its artists' credits when the
/// tag held several, its genres, its disc's subtitle and its ReplayGain values. Read from the tags the
/// scan stored with the track (``StoredTrack/tags``), so nothing more is stored per track.
package struct TrackDetails: Sendable, Hashable {
    /// The artists credited, in order, when the tags listed them one by one (`ARTISTS`, repeated
    /// `ARTIST` values); empty when the artist is one string (its names are then cut from it).
    package var artists: [String]
    /// The genres, when the track's tags hold several values or a person set them; empty otherwise (the
    /// album's apply).
    package var genres: [String]
    /// Whether a person set ``genres`` by hand (a rescan of the unchanged file keeps them).
    package var genresEdited = false
    /// The subtitle of the track's disc (`DISCSUBTITLE`, ID3v2 `TSST`); empty when untagged.
    package var discSubtitle: String
    /// The ReplayGain values.
    package var replayGain: ReplayGain
    /// The MusicBrainz ids of the credited artists, in credit order, as tagged; empty when untagged.
    package var musicBrainzArtistIDs: [String]

    /// Creates details; every field may be omitted.
    package init(
        artists: [String] = [], genres: [String] = [], discSubtitle: String = "",
        replayGain: ReplayGain = ReplayGain(), musicBrainzArtistIDs: [String] = []
    ) {
        self.artists = artists
        self.genres = genres
        self.discSubtitle = discSubtitle
        self.replayGain = replayGain
        self.musicBrainzArtistIDs = musicBrainzArtistIDs
    }

    /// The details in tags stored by a scan, for a track whose artist is `artist`: the tagged credits
    /// belong to the tagged artist, so a track whose artist was edited since has none.
    package init(storedTags: String, artist: String) {
        if let tags = TrackTags(stored: storedTags) {
            self.init(tags: tags, artist: artist)
        } else {
            self.init()
        }
    }

    /// The details in tags, for a track whose artist is `artist`.
    package init(tags: TrackTags, artist: String) {
        self.init(
            artists: tags.artist == artist ? tags.artists : [], genres: tags.genres,
            discSubtitle: tags.discSubtitle ?? "", replayGain: tags.replayGain,
            musicBrainzArtistIDs: tags.artist == artist ? tags.musicBrainzArtistIDs : [])
    }

    /// The genres a person set by hand (empty: none of its own, the album's apply), or `nil` when the
    /// genres are the tags'. Setting `nil` only forgets that they were edited.
    package var editedGenres: [String]? {
        get { genresEdited ? genres : nil }
        set {
            genresEdited = newValue != nil
            if let newValue { genres = newValue }
        }
    }
}

extension Track {
    /// The artists credited on the track, in order: the tagged credits, else the names cut from its
    /// artist by ``CreditSeparators``.
    package var artists: [String] {
        details.artists.isEmpty ? CreditSeparators.current.split(artist) : details.artists
    }

    /// The track's genres: its own when tagged with several or set by hand, else the album's genre cut
    /// into names.
    package func genres(on album: Album) -> [String] {
        details.genres.isEmpty ? CreditSeparators.current.split(album.genre) : details.genres
    }
}
