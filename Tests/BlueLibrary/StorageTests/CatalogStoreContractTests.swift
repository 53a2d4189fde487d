import BlueLibraryCore
import BlueLibraryStore
import TestSupport
import Testing

/// A small scanned library written straight into a store: albums with tracks (no files needed), beside
/// the five seed albums, which have none.
struct ScannedLibrary {
    /// An album of the fixture and its tracks.
    struct Entry {
        var album: Album
        var tracks: [StoredTrack]
    }

    let entries: [Entry]

    /// Four albums by three artists (two spellings of Björk are one artist), across genres and years.
    static let standard = ScannedLibrary(entries: [
        entry("Début", "Björk", "Pop", 1993, ["Human Behaviour", "Venus as a Boy"], modified: 3),
        entry("Post", "bjork", "pop", 1995, ["Army of Me"], modified: 4),
        entry("Sines", "Oscillator", "Electronic", 2001, ["Low Tone", "High Tone", "Echo"], modified: 1),
        entry("Undated", "The Nameless", "", nil, ["Nothing"], modified: 2),
    ])

    static func entry(
        _ title: String, _ artist: String, _ genre: String, _ year: Int?, _ songs: [String], modified: Int64
    ) -> Entry {
        let base = try! Album(title: title, artist: artist, genre: genre, year: year)
        let tracks = songs.enumerated().map { number, song in
            StoredTrack(
                track: Track(
                    disc: 1, number: number + 1, title: song, artist: artist, duration: 60,
                    path: "/music/\(artist)/\(title)/\(number + 1) \(song).mp3"),
                albumID: base.id, size: 1000, modified: modified * 1_000_000_000, tags: "")
        }
        return Entry(
            album: base.withTracks(count: tracks.count, length: Double(60 * tracks.count)), tracks: tracks)
    }

    /// Writes the albums and their tracks into `store`.
    func write(to store: any LibraryStore) async throws {
        let entries = entries
        try await store.write { writer in
            for entry in entries {
                try writer.saveScanned(entry.album, source: "test:\(entry.album.title)")
                try writer.replaceTracks(of: entry.album.id, with: entry.tracks)
            }
        }
    }

    subscript(_ title: String) -> Entry { entries.first { $0.album.title == title }! }
}

/// The catalogue a music server browses (``CatalogReader``), against every store: only albums with
/// tracks, artists and genres grouped ignoring case and accents, each list's order and window.
struct CatalogStoreContractTests {
    func prepared(_ kind: StoreKind) async throws -> (any LibraryStore, TemporaryDirectory, ScannedLibrary) {
        let (store, directory) = try await kind.make()
        let library = ScannedLibrary.standard
        try await library.write(to: store)
        return (store, directory, library)
    }

    func titles(_ store: any LibraryStore, _ selection: AlbumSelection, offset: Int = 0, limit: Int = 100)
        async throws -> [String]
    {
        try await store.read {
            try $0.catalogAlbums(selection, offset: offset, limit: limit).map(\.album.title)
        }
    }

    func songs(_ store: any LibraryStore, _ selection: TrackSelection, offset: Int = 0, limit: Int = 100)
        async throws -> [String]
    {
        try await store.read {
            try $0.catalogTracks(selection, offset: offset, limit: limit).map(\.stored.track.title)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func artistsAreGroupedByFoldedNameAndAlbumsWithoutTracksAreLeftOut(kind: StoreKind) async throws {
        let (store, directory, library) = try await prepared(kind)
        defer { withExtendedLifetime(directory) {} }
        let artists = try await store.read { try $0.catalogArtists(matching: [], offset: 0, limit: 100) }
        #expect(artists.map(\.key) == ["bjork", "oscillator", "the nameless"])
        #expect(artists.map(\.albumCount) == [2, 1, 1])
        // The first spelling in byte order; the smallest album id stands for the artist.
        #expect(artists[0].name == "Björk")
        #expect(artists[0].coverAlbum == min(library["Début"].album.id, library["Post"].album.id))
        // Words, and a window, in the order of the folded names.
        let named = { (words: [String], offset: Int, limit: Int) in
            try await store.read { try $0.catalogArtists(matching: words, offset: offset, limit: limit) }.map(
                \.key)
        }
        #expect(try await named(["o"], 0, 100) == ["bjork", "oscillator"])
        #expect(try await named(["o", "scil"], 0, 100) == ["oscillator"])
        #expect(try await named([], 1, 1) == ["oscillator"])
        #expect(try await named([], 0, 0) == [])
        let genres = try await store.read { try $0.catalogGenres() }.sorted { $0.name < $1.name }
        #expect(genres.map(\.name) == ["Electronic", "Pop"])
        #expect(genres.map(\.albumCount) == [1, 2])
        #expect(genres.map(\.songCount) == [3, 3])
    }

    @Test(arguments: StoreKind.allCases)
    func albumsComeInEachOrderAndWindow(kind: StoreKind) async throws {
        let (store, directory, _) = try await prepared(kind)
        defer { withExtendedLifetime(directory) {} }
        #expect(
            try await titles(store, AlbumSelection(order: .title)) == ["Début", "Post", "Sines", "Undated"])
        #expect(
            try await titles(store, AlbumSelection(order: .title), offset: 1, limit: 2) == ["Post", "Sines"])
        #expect(
            try await titles(store, AlbumSelection(order: .artist)) == ["Début", "Post", "Sines", "Undated"])
        #expect(
            try await titles(store, AlbumSelection(order: .year(ascending: true))) == [
                "Début", "Post", "Sines", "Undated",
            ])
        #expect(
            try await titles(store, AlbumSelection(order: .year(ascending: false))) == [
                "Sines", "Post", "Début", "Undated",
            ])
        // Newest means most recently added to the library (as the web page's "Recently added"), whatever
        // the files' times say ("Post"'s are the newest).
        #expect(
            try await titles(store, AlbumSelection(order: .newest)) == ["Undated", "Sines", "Post", "Début"])
        let created = try await store.read {
            try $0.catalogAlbums(AlbumSelection(order: .newest), offset: 0, limit: 1)
        }
        #expect(created.first?.created == 2_000_000_000)
        #expect(
            Set(try await titles(store, AlbumSelection(order: .random))) == [
                "Début", "Post", "Sines", "Undated",
            ])
        #expect(try await titles(store, AlbumSelection(order: .title), limit: 0) == [])
    }

    /// Guests are artists too: every credit of the tracks' artist strings, and the albums with a track
    /// crediting one (a credit is a whole name: "Ann" is not credited by "Anne").
    @Test(arguments: StoreKind.allCases)
    func theTracksCreditedArtistsAndTheAlbumsTheyAppearOn(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        func credited(_ entry: ScannedLibrary.Entry, _ artists: [String]) -> ScannedLibrary.Entry {
            var entry = entry
            entry.tracks = zip(entry.tracks, artists).map { stored, artist in
                var stored = stored
                stored.track = stored.track.withArtist(artist)
                return stored
            }
            return entry
        }
        let library = ScannedLibrary(entries: [
            credited(
                ScannedLibrary.entry("Mix", "Various Artists", "", 2001, ["Duet", "Anthem"], modified: 1),
                ["Ann feat. Bob", "AC/DC"]),
            credited(ScannedLibrary.entry("Solo", "Anne", "", 2002, ["Alone"], modified: 2), ["Anne"]),
            credited(ScannedLibrary.entry("Pair", "bob", "", 2003, ["Two"], modified: 3), ["bob; Ann"]),
        ])
        try await library.write(to: store)
        let names = try await store.read { try $0.creditedArtists() }
        #expect(names == ["ann": "Ann", "bob": "Bob", "ac/dc": "AC/DC", "anne": "Anne"])
        let mix = library["Mix"].album.id
        #expect(try await store.read { try $0.albumsCrediting("ann") } == [mix, library["Pair"].album.id])
        #expect(try await store.read { try $0.albumsCrediting("ac/dc") } == [mix])
        #expect(try await store.read { try $0.albumsCrediting("nobody") } == [])
        // The guests: credited, with no album of their own ("bob" and "Anne" have one), and the albums
        // they appear on counted.
        let guests = try await store.read { try $0.guestArtists() }
        let pair = library["Pair"].album.id
        #expect(
            guests == [
                CatalogArtist(key: "ac/dc", name: "AC/DC", albumCount: 1, coverAlbum: mix),
                CatalogArtist(
                    key: "ann", name: "Ann", albumCount: 2,
                    coverAlbum: min(mix.rawValue, pair.rawValue) == mix.rawValue ? mix : pair),
            ])
    }

    @Test(arguments: StoreKind.allCases)
    func albumsAreFilteredByArtistGenreYearsQueryAndIds(kind: StoreKind) async throws {
        let (store, directory, library) = try await prepared(kind)
        defer { withExtendedLifetime(directory) {} }
        #expect(try await titles(store, AlbumSelection(artistKey: "bjork")) == ["Début", "Post"])
        #expect(try await titles(store, AlbumSelection(genreKey: "pop")) == ["Début", "Post"])
        #expect(try await titles(store, AlbumSelection(years: 1994...2010)) == ["Post", "Sines"])
        // A bare word of the command line's queries: title, artist, genre, or a track's title or artist.
        #expect(try await titles(store, AlbumSelection(query: try Query(terms: ["venus"]))) == ["Début"])
        #expect(try await titles(store, AlbumSelection(query: try Query(terms: ["electro"]))) == ["Sines"])
        #expect(
            try await titles(store, AlbumSelection(query: try Query(terms: ["bjo"]), years: 1995...1995)) == [
                "Post"
            ])
        #expect(
            try await titles(store, AlbumSelection(query: try Query(terms: ["sines", "echo"]))) == ["Sines"])
        #expect(try await titles(store, AlbumSelection(query: try Query(terms: ["sines", "venus"]))) == [])
        // The seeds have no tracks: a word matching one finds nothing.
        #expect(try await titles(store, AlbumSelection(query: try Query(terms: ["bowie"]))) == [])
        let ids = [library["Sines"].album.id, AlbumID.random(), Album.seeds[0].id, library["Début"].album.id]
        #expect(try await titles(store, AlbumSelection(ids: ids, order: .given)) == ["Sines", "Début"])
        #expect(try await titles(store, AlbumSelection(ids: ids, order: .given), offset: 1) == ["Début"])
        #expect(
            try await titles(store, AlbumSelection(genreKey: "pop", ids: ids, order: .given)) == ["Début"])
    }

    @Test(arguments: StoreKind.allCases)
    func tracksAreFoundByWordsGenreYearsAlbumAndIdsInAlbumOrder(kind: StoreKind) async throws {
        let (store, directory, library) = try await prepared(kind)
        defer { withExtendedLifetime(directory) {} }
        let all = try await songs(store, TrackSelection())
        #expect(
            all == [
                "Human Behaviour", "Venus as a Boy", "Army of Me", "Low Tone", "High Tone", "Echo", "Nothing",
            ])
        #expect(try await songs(store, TrackSelection(), offset: 2, limit: 2) == ["Army of Me", "Low Tone"])
        // Each word in the title, the artist, or the album's title or artist, ignoring case and accents.
        #expect(
            try await songs(store, TrackSelection(query: try Query(terms: ["tone"]))) == [
                "Low Tone", "High Tone",
            ])
        #expect(
            try await songs(store, TrackSelection(query: try Query(terms: ["bjork", "me"]))) == ["Army of Me"]
        )
        #expect(
            try await songs(store, TrackSelection(query: try Query(parsing: "title:sines echo"))) == ["Echo"])
        // A bare word is a track's own title or artist (as the web page's track search reads it).
        #expect(try await songs(store, TrackSelection(query: try Query(parsing: "sines echo"))) == [])
        #expect(
            try await songs(store, TrackSelection(genreKey: "electronic")) == [
                "Low Tone", "High Tone", "Echo",
            ])
        #expect(
            try await songs(store, TrackSelection(years: 1990...1994)) == [
                "Human Behaviour", "Venus as a Boy",
            ])
        #expect(try await songs(store, TrackSelection(album: library["Post"].album.id)) == ["Army of Me"])
        let echo = library["Sines"].tracks[2].track.id
        let human = library["Début"].tracks[0].track.id
        // Ids keep their order and repeats (a playlist may hold a song twice); unknown ids are left out.
        #expect(
            try await songs(store, TrackSelection(ids: [echo, "nope", human, echo])) == [
                "Echo", "Human Behaviour", "Echo",
            ])
        #expect(Set(try await songs(store, TrackSelection(random: true))) == Set(all))
        let track = try #require(
            try await store.read { try $0.catalogTracks(TrackSelection(ids: [human]), offset: 0, limit: 1) }
                .first)
        #expect(track.album.title == "Début")
        #expect(track.stored.size == 1000)
        #expect(track.stored.modified == 3_000_000_000)
    }

    @Test(arguments: StoreKind.allCases)
    func aDeletedAlbumLeavesTheCatalogue(kind: StoreKind) async throws {
        let (store, directory, library) = try await prepared(kind)
        defer { withExtendedLifetime(directory) {} }
        try await store.write { writer in
            _ = try writer.removeAll([library["Sines"].album.id])
        }
        #expect(try await titles(store, AlbumSelection()) == ["Début", "Post", "Undated"])
        #expect(try await songs(store, TrackSelection(query: try Query(terms: ["tone"]))) == [])
        let echo = library["Sines"].tracks[2].track.id
        #expect(try await songs(store, TrackSelection(ids: [echo])) == [])
        let artists = try await store.read { try $0.catalogArtists(matching: [], offset: 0, limit: 100) }
        #expect(artists.map(\.key) == ["bjork", "the nameless"])
    }
}
