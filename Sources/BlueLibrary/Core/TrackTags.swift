/// What a ``TagReader`` read from one audio file: its tags and its length.
///
/// Text is cleaned on the way in (trimmed, control characters replaced by spaces, at most
/// ``Album/maximumTextLength`` characters), and an empty value counts as absent, so the fields can go into
/// an ``Album`` as they are. A tag with several values keeps the first one, but for the artists and
/// genres, whose values are all kept (``artists``, ``genres``) and joined by `; ` in ``artist`` and
/// ``genre``.
package struct TrackTags: Sendable, Hashable {
    /// The track's title.
    package let title: String?
    /// The track's performing artist.
    package let artist: String?
    /// The album's artist (ID3v2 `TPE2`, Vorbis `ALBUMARTIST`, MP4 `aART`).
    package let albumArtist: String?
    /// The album's title.
    package let album: String?
    /// The release date as tagged: `1999`, `1999-05-01`, …
    package let date: String?
    /// The genre.
    package let genre: String?
    /// The disc number (a tag such as `2/3` gives 2); `nil` when untagged or zero.
    package let disc: Int?
    /// The track number (a tag such as `5/12` gives 5); `nil` when untagged or zero.
    package let number: Int?
    /// The MusicBrainz release id (`MUSICBRAINZ_ALBUMID`, ID3v2's user-defined text frame `MusicBrainz Album Id`), lowercase.
    package let musicBrainzAlbumID: String?
    /// The MusicBrainz release-group id (`MUSICBRAINZ_RELEASEGROUPID`), lowercase.
    package let musicBrainzReleaseGroupID: String?
    /// Whether the file is tagged as part of a compilation (`COMPILATION`, ID3v2 `TCMP`, MP4 `cpil`).
    package let isCompilation: Bool
    /// The length of the audio in seconds.
    package let duration: Double
    /// Whether the file embeds a picture; its bytes are read only when an album needs them.
    package let hasPicture: Bool
    /// The artists credited one by one, when the file lists them so (`ARTISTS`, or several `ARTIST`
    /// values); empty when the artist is one string.
    package let artists: [String]
    /// The genres, when the file holds several `GENRE` values or one naming several (cut as a credit is,
    /// ``CreditSeparators``); empty otherwise.
    package let genres: [String]
    /// The subtitle of the disc (`DISCSUBTITLE`, ID3v2 `TSST`).
    package let discSubtitle: String?
    /// The ReplayGain values.
    package let replayGain: ReplayGain
    /// The MusicBrainz artist ids of the track's artists (`MUSICBRAINZ_ARTISTID`, one value each or
    /// several in one value cut at `;` or `/`, as taggers write them), lowercase, in credit order.
    package let musicBrainzArtistIDs: [String]

    /// Creates tags; every field may be omitted. Text is cleaned as described on the type.
    package init(
        title: String? = nil, artist: String? = nil, albumArtist: String? = nil, album: String? = nil,
        date: String? = nil, genre: String? = nil, disc: Int? = nil, number: Int? = nil,
        musicBrainzAlbumID: String? = nil, musicBrainzReleaseGroupID: String? = nil,
        isCompilation: Bool = false, duration: Double = 0, hasPicture: Bool = false, artists: [String] = [],
        genres: [String] = [], discSubtitle: String? = nil, replayGain: ReplayGain = ReplayGain(),
        musicBrainzArtistIDs: [String] = []
    ) {
        self.title = TrackTags.cleaned(title)
        self.artist = TrackTags.cleaned(artist)
        self.albumArtist = TrackTags.cleaned(albumArtist)
        self.album = TrackTags.cleaned(album)
        self.date = TrackTags.cleaned(date)
        self.genre = TrackTags.cleaned(genre)
        self.disc = disc.flatMap(TrackTags.positive)
        self.number = number.flatMap(TrackTags.positive)
        self.musicBrainzAlbumID = TrackTags.identifier(musicBrainzAlbumID)
        self.musicBrainzReleaseGroupID = TrackTags.identifier(musicBrainzReleaseGroupID)
        self.isCompilation = isCompilation
        self.duration = duration.isFinite && duration > 0 ? duration : 0
        self.hasPicture = hasPicture
        let credits = artists.compactMap(TrackTags.cleaned)
        self.artists = credits.count > 1 ? credits : []
        let genreList = genres.compactMap(TrackTags.cleaned)
        self.genres = genreList.count > 1 ? genreList : []
        self.discSubtitle = TrackTags.cleaned(discSubtitle)
        self.replayGain = replayGain
        self.musicBrainzArtistIDs = musicBrainzArtistIDs.flatMap { $0.split { $0 == ";" || $0 == "/" } }
            .compactMap { TrackTags.identifier(String($0)) }
    }

    /// Builds tags from TagLib's unified property keys (`TITLE`, `ALBUMARTIST`, `TRACKNUMBER`, …).
    /// - Parameters:
    ///   - properties: key/value pairs in the file's order; the first value of a key wins.
    ///   - duration: the audio's length in seconds.
    ///   - hasPicture: whether the file embeds a picture.
    package init(properties: [(key: String, value: String)], duration: Double, hasPicture: Bool) {
        var values: [String: [String]] = [:]
        for (key, value) in properties where !value.isEmpty {
            values[key, default: []].append(value)
        }
        func text(_ keys: String...) -> String? { keys.lazy.compactMap { values[$0]?.first }.first }
        let compilation = text("COMPILATION", "TCMP", "ITUNESCOMPILATION")
        // Several ARTIST values name the artists one by one; an ARTISTS tag does so beside a display
        // string in ARTIST ("A feat. B"), which is then kept as the artist.
        let artistValues = (values["ARTIST"] ?? []).compactMap(TrackTags.cleaned)
        let credits =
            values["ARTISTS"].map { $0.count > 1 ? $0 : [] } ?? (artistValues.count > 1 ? artistValues : [])
        let genreValues = (values["GENRE"] ?? []).compactMap(TrackTags.cleaned)
        func gain(_ key: String) -> Double? { text(key).flatMap(ReplayGain.decibels) }
        func peak(_ key: String) -> Double? { text(key).flatMap(ReplayGain.peak) }
        self.init(
            title: text("TITLE"),
            artist: artistValues.count > 1 && values["ARTISTS"] == nil
                ? artistValues.joined(separator: "; ") : text("ARTIST"),
            albumArtist: text("ALBUMARTIST", "ALBUM ARTIST", "ALBUM_ARTIST"), album: text("ALBUM"),
            date: text("DATE", "ORIGINALDATE", "YEAR"),
            genre: genreValues.isEmpty ? nil : genreValues.joined(separator: "; "),
            disc: text("DISCNUMBER").flatMap(TrackTags.leadingNumber),
            number: text("TRACKNUMBER").flatMap(TrackTags.leadingNumber),
            musicBrainzAlbumID: text("MUSICBRAINZ_ALBUMID"),
            musicBrainzReleaseGroupID: text("MUSICBRAINZ_RELEASEGROUPID"),
            isCompilation: compilation.map(TrackTags.isTrue) ?? false, duration: duration,
            hasPicture: hasPicture, artists: credits,
            // One value naming several genres ("Rock; Jazz", as ID3v2.3 holds them) is cut as a credit is.
            genres: genreValues.count == 1 ? CreditSeparators.current.split(genreValues[0]) : genreValues,
            discSubtitle: text("DISCSUBTITLE"),
            replayGain: ReplayGain(
                trackGain: gain("REPLAYGAIN_TRACK_GAIN"), trackPeak: peak("REPLAYGAIN_TRACK_PEAK"),
                albumGain: gain("REPLAYGAIN_ALBUM_GAIN"), albumPeak: peak("REPLAYGAIN_ALBUM_PEAK")),
            musicBrainzArtistIDs: values["MUSICBRAINZ_ARTISTID"] ?? [])
    }

    /// The year in ``date``: its first run of four digits, when that is a year an ``Album`` accepts.
    package var year: Int? {
        guard let date else { return nil }
        var digits = 0
        var value = 0
        for byte in date.utf8 {
            if (0x30...0x39).contains(byte) {
                digits += 1
                value = value * 10 + Int(byte - 0x30)
                if digits == 4 { return Album.yearRange.contains(value) ? value : nil }
            } else {
                digits = 0
                value = 0
            }
        }
        return nil
    }

    // MARK: Cleaning

    /// `text` trimmed, with control characters as spaces and at most `Album.maximumTextLength`
    /// characters; `nil` when nothing is left.
    package static func cleaned(_ text: String?) -> String? {
        guard var text else { return nil }
        if isClean(text) { return text }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            text = String(
                String.UnicodeScalarView(
                    text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        }
        text = text.trimmed
        if text.utf8.count > Album.maximumTextLength && text.count > Album.maximumTextLength {
            text = String(text.prefix(Album.maximumTextLength)).trimmed
        }
        return text.isEmpty ? nil : text
    }

    /// Whether `text` is short printable ASCII without outer spaces: nothing to clean (most tags are).
    private static func isClean(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20,
            bytes.count <= Album.maximumTextLength
        else { return false }
        return bytes.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// The number a tag such as ` 05/12` starts with, if any.
    private static func leadingNumber(_ text: String) -> Int? {
        let digits = text.drop { $0 == " " }.prefix { $0.isASCII && $0.isNumber }
        return digits.count <= 6 ? Int(digits) : nil
    }

    private static func positive(_ number: Int) -> Int? { number > 0 ? number : nil }

    private static func isTrue(_ text: String) -> Bool {
        ["1", "true", "yes"].contains(text.trimmed.lowercased())
    }

    /// A MusicBrainz id in lowercase, or `nil` when the text is not a UUID.
    private static func identifier(_ text: String?) -> String? {
        text.map(\.trimmed).flatMap(UUIDText.normalized)
    }
}
