import BlueLibraryCore
import BlueLibraryServices
import BlueLibraryStore
import TestSupport
import Testing

/// "Alternative; Art Rock" is two genres wherever genres are listed or browsed: the web page's Genres
/// view (its window, count and initials) and a genre's albums, a music app's genres and its albums and
/// songs of a genre, and `stats` — on every store.
struct GenrePartsTests {
    static let library = ScannedLibrary(entries: [
        ScannedLibrary.entry("Both", "Band", "Alternative; Art Rock", 2001, ["One", "Two"], modified: 1),
        ScannedLibrary.entry("Arty", "Band", "art rock", 2002, ["Three"], modified: 2),
        ScannedLibrary.entry("Alt", "Other", "alternative", 2003, ["Four"], modified: 3),
        ScannedLibrary.entry("Calm", "Other", "Electronic / Ambient", 2004, ["Five"], modified: 4),
        ScannedLibrary.entry("Plain", "Other", "", 2005, ["Six"], modified: 5),
    ])

    @Test func aGenreTextNamesEachOfItsGenresOnceAndEachIsCountedOncePerAlbum() {
        let parts = GenreParts([
            ("Alternative; Art Rock", 1, 2), ("art rock", 1, 1), ("alternative", 1, 1), ("Rock; rock", 1, 3),
            ("", 2, 0),
        ])
        #expect(parts.parts.map(\.name) == ["", "Alternative", "Art Rock", "Rock"])
        #expect(parts.parts.map(\.albums) == [2, 2, 2, 1])
        #expect(parts.parts.map(\.songs) == [0, 3, 3, 3])
        #expect(parts.wholeKeys(naming: "art rock") == ["alternative; art rock", "art rock"])
        #expect(parts.wholeKeys(naming: "jazz") == ["jazz"], "a genre no album names is itself")
    }

    @Test(arguments: StoreKind.allCases)
    func everyListOfGenresAndEveryGenresAlbumsSplitTheTexts(kind: StoreKind) async throws {
        let (store, directory) = try await kind.make()
        defer { withExtendedLifetime(directory) {} }
        let library = LibraryAPI(store: store)
        try await library.store.write { try $0.removeAll(Album.seeds.map(\.id)) }
        try await Self.library.write(to: store)
        // The web page's Genres view: a window of them, how many, where each initial starts.
        let page = try await library.groups(by: .genre, offset: 1, limit: 3)
        #expect(page.total == 5, "none, Alternative, Ambient, Art Rock, Electronic")
        #expect(page.groups.map(\.name) == ["Alternative", "Ambient", "Art Rock"])
        #expect(page.groups.map(\.count) == [2, 1, 2])
        let sections = try await library.groupSections(by: .genre)
        #expect(sections.map(\.label) == ["#", "A", "E"])
        #expect(sections.map(\.count) == [1, 3, 1])
        // A genre's albums: every album whose text names it, in the view's order, and how many.
        let arty = try await library.page(
            in: AlbumGroup(.genre, "Art Rock"), order: .title, offset: 0, limit: 10)
        #expect(arty.total == 2)
        #expect(arty.albums.map(\.album.title) == ["Arty", "Both"])
        let ambient = try await library.page(
            in: AlbumGroup(.genre, "ambient"), order: .title, offset: 0, limit: 10)
        #expect(ambient.albums.map(\.album.title) == ["Calm"])
        // A music app's: albums and songs of a genre.
        let albums = try await store.read {
            try $0.catalogAlbums(AlbumSelection(genreKey: "alternative", order: .title), offset: 0, limit: 10)
        }
        #expect(albums.map(\.album.title) == ["Alt", "Both"])
        let songs = try await store.read {
            try $0.catalogTracks(TrackSelection(genreKey: "art rock"), offset: 0, limit: 10)
        }
        #expect(Set(songs.map(\.stored.track.title)) == ["One", "Two", "Three"])
        // `stats`: four genres, the albums without one not among them.
        #expect(try await library.statistics().genres == 4)
    }
}
