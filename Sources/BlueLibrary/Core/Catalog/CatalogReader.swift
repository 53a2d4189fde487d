/// What a music server browses beyond the library's albums (the Subsonic API's artists, genres and
/// songs), read inside a transaction. Only albums with tracks take part: an album typed by hand has
/// nothing to play. Artists and genres are the albums' own fields, grouped by their folded keys
/// (``SearchKey``), so "Björk" and "bjork" are one artist.
///
/// A store implements these beside ``LibraryReader``'s album reads; the contract suite runs them
/// against every store.
package protocol CatalogReader {
    /// A window of the album artists whose folded name holds each of `words` (folded; none: every
    /// artist), in the order of their folded names, with how many albums (with tracks) each has.
    func catalogArtists(matching words: [String], offset: Int, limit: Int) throws -> [CatalogArtist]
    /// A window of the albums with tracks that `selection` picks, in its order: from the `offset`-th
    /// (0 is the first), at most `limit` of them.
    func catalogAlbums(_ selection: AlbumSelection, offset: Int, limit: Int) throws -> [CatalogAlbum]
    /// A window of the tracks of the library's albums that `selection` picks, in its order.
    func catalogTracks(_ selection: TrackSelection, offset: Int, limit: Int) throws -> [CatalogTrack]
    /// Every genre of the albums with tracks, with how many albums and tracks have it.
    func catalogGenres() throws -> [CatalogGenre]
    /// The music folders the library was imported from (`import DIR`), in byte order.
    func musicFolders() throws -> [String]
    /// Every artist the library's tracks credit (a guest, a compilation's artists; album artists too
    /// when their tracks name them), by folded name, each with the name as written (the first spelling
    /// in byte order). Credits are a track's artist cut by ``CreditSeparators``.
    func creditedArtists() throws -> [String: String]
    /// The albums with tracks (in the library) with a track crediting the artist whose folded name is
    /// `key`, in library order.
    func albumsCrediting(_ key: String) throws -> [AlbumID]
    /// The artists the tracks credit who have no album of their own (guests, a compilation's artists),
    /// each with how many albums with tracks they appear on and the first of those by id (its cover
    /// stands for them), by folded name.
    func guestArtists() throws -> [CatalogArtist]
}

/// An album artist as a music server shows one.
package struct CatalogArtist: Sendable, Hashable {
    /// The folded name every album of the artist shares (``SearchKey/fold(_:)``).
    package var key: String
    /// The name as written (the first spelling in byte order, when albums differ in case or accents).
    package var name: String
    /// How many of the library's albums with tracks are theirs.
    package var albumCount: Int
    /// One of those albums (the smallest id), whose cover stands for the artist.
    package var coverAlbum: AlbumID

    /// Creates an artist.
    package init(key: String, name: String, albumCount: Int, coverAlbum: AlbumID) {
        self.key = key
        self.name = name
        self.albumCount = albumCount
        self.coverAlbum = coverAlbum
    }
}

/// An album as a music server shows it: the album, and when its newest file was last modified
/// (standing for when it was added).
package struct CatalogAlbum: Sendable, Hashable {
    /// The album.
    package var album: Album
    /// The newest modification time of its tracks' files, in nanoseconds since 1970.
    package var created: Int64

    /// Creates an album.
    package init(album: Album, created: Int64) {
        self.album = album
        self.created = created
    }
}

/// A track with the album it belongs to.
package struct CatalogTrack: Sendable, Hashable {
    /// The track as stored (its file's size and modification time included).
    package var stored: StoredTrack
    /// Its album.
    package var album: Album

    /// Creates a track.
    package init(stored: StoredTrack, album: Album) {
        self.stored = stored
        self.album = album
    }
}

/// A genre of the library's albums.
package struct CatalogGenre: Sendable, Hashable {
    /// The genre as written (the first spelling in byte order).
    package var name: String
    /// How many albums with tracks have it.
    package var albumCount: Int
    /// How many tracks those albums have.
    package var songCount: Int

    /// Creates a genre.
    package init(name: String, albumCount: Int, songCount: Int) {
        self.name = name
        self.albumCount = albumCount
        self.songCount = songCount
    }
}

/// Which albums with tracks ``CatalogReader/catalogAlbums(_:offset:limit:)`` lists: those meeting every
/// condition given, in an order.
package struct AlbumSelection: Sendable, Hashable {
    /// The order of a list of albums.
    package enum Order: Sendable, Hashable {
        /// By folded title, then library order.
        case title
        /// By folded artist, then folded title, then library order.
        case artist
        /// By year (albums without one last), then folded title.
        case year(ascending: Bool)
        /// Most recently added first: library order reversed (albums join at the end), as the web page's
        /// "Recently added".
        case newest
        /// Shuffled anew by every read.
        case random
        /// The order of ``AlbumSelection/ids`` (which must be given).
        case given
    }

    /// The query the albums match, as `list` matches it (the one query language; its sort is not used).
    package var query: Query
    /// Albums of the artist with this folded name.
    package var artistKey: String?
    /// Albums whose genre names the genre with this folded name (``GenreParts``: "Art Rock" is named by
    /// "Alternative; Art Rock").
    package var genreKey: String?
    /// Albums from these years (an album without a year is never in a range).
    package var years: ClosedRange<Int>?
    /// Only these albums (ids that name no album with tracks are left out).
    package var ids: [AlbumID]?
    /// The order.
    package var order: Order

    /// A selection; omitted conditions hold for every album.
    package init(
        query: Query = .all, artistKey: String? = nil, genreKey: String? = nil,
        years: ClosedRange<Int>? = nil,
        ids: [AlbumID]? = nil, order: Order = .title
    ) {
        self.query = query
        self.artistKey = artistKey
        self.genreKey = genreKey
        self.years = years
        self.ids = ids
        self.order = order
    }
}

/// Which tracks ``CatalogReader/catalogTracks(_:offset:limit:)`` lists: the tracks of the library's albums
/// meeting every condition given, in album order (library order of the albums, then each album's
/// order), or shuffled.
package struct TrackSelection: Sendable, Hashable {
    /// The query the tracks match, as the web page's track search matches it (a bare word and `track:`
    /// a track's own title and artist; album fields its album's).
    package var query: Query
    /// Tracks of albums whose genre names the genre with this folded name (``GenreParts``).
    package var genreKey: String?
    /// Tracks of albums from these years.
    package var years: ClosedRange<Int>?
    /// Tracks of this album.
    package var album: AlbumID?
    /// Only these tracks, in this order (ids that name no track of the library are left out, and the
    /// other conditions and the order are ignored).
    package var ids: [String]?
    /// Shuffled anew by every read instead of album order.
    package var random: Bool
    /// The order (``TrackOrder/album`` unless told).
    package var order: TrackOrder
    /// The user whose plays, ratings and stars the query's personal terms and the order read (a smart
    /// playlist's owner); `nil` for no one (nothing played, rated or starred).
    package var person: String?
    /// The time relative times (`added:-30d`) count back from, in milliseconds since 1970; `nil` for the
    /// store's clock.
    package var now: Int64?

    /// A selection; omitted conditions hold for every track.
    package init(
        query: Query = .all, genreKey: String? = nil, years: ClosedRange<Int>? = nil, album: AlbumID? = nil,
        ids: [String]? = nil, random: Bool = false, order: TrackOrder = .album, person: String? = nil,
        now: Int64? = nil
    ) {
        self.query = query
        self.genreKey = genreKey
        self.years = years
        self.album = album
        self.ids = ids
        self.random = random || order == .random
        self.order = order
        self.person = person
        self.now = now
    }
}

extension CatalogReader {
    /// A playlist's tracks still in the library: the ones chosen, in order, or those a smart playlist's
    /// rule picks at `now` (milliseconds since 1970) for its owner, whoever reads it.
    /// - Throws: ``LibraryError`` `invalidQuery` when a smart playlist's query no longer parses.
    package func tracks(of playlist: StoredPlaylist, now: Int64) throws -> [CatalogTrack] {
        guard let rule = playlist.rule else {
            return try catalogTracks(TrackSelection(ids: playlist.trackIDs), offset: 0, limit: .max)
        }
        return try catalogTracks(
            try rule.selection(for: playlist.owner, now: now), offset: 0, limit: rule.limit)
    }
}

/// How a selection of tracks is ordered (a smart playlist's sort); ties keep library order.
package enum TrackOrder: String, Sendable, Hashable, CaseIterable {
    /// Library order, each album's tracks in their order.
    case album
    /// By the track's title.
    case title
    /// By the track's artist.
    case artist
    /// By the album's year, newest first.
    case year
    /// The albums added last first.
    case added
    /// The person's most played first.
    case plays
    /// The person's latest played first.
    case played
    /// The person's highest rated first.
    case rating
    /// Shuffled anew by every read.
    case random

    /// Whether the order reads a person's data.
    package var isPersonal: Bool { self == .plays || self == .played || self == .rating }
}
