import BlueLibraryCore
import TestSupport
import Testing

@testable import BlueLibraryServices

/// An import tells albums apart by identity — the id, the MusicBrainz id, then artist, title, year and
/// track count — never by artist and title alone; an export restored into a new library brings back
/// every album and none of the tutorial's — on SQLite and on PostgreSQL.
struct ImportIdentityTests {
    private func library(_ kind: StoreKind) async throws -> (LibraryAPI, TemporaryDirectory) {
        let (store, directory) = try await kind.make()
        return (LibraryAPI(store: store), directory)
    }

    /// An album with `count` tracks in the folder `folder`, as an export's JSON brings it.
    private func withTracks(_ album: Album, _ count: Int, in folder: String) -> ImportedAlbum {
        let tracks = (1...count).map {
            Track(
                disc: 1, number: $0, title: "\(album.title) \($0)", artist: album.artist, duration: 60,
                path: "/music/\(folder)/\($0).flac")
        }
        return ImportedAlbum(
            album: album.withTracks(count: count, length: 60 * Double(count)), tracks: tracks)
    }

    /// The albums of the 520-file folder that lost some: an 11-track album and a 1-track single of one
    /// name and year, and three self-titled albums of one artist.
    private var collection: [ImportedAlbum] {
        [
            withTracks(Fixtures.album("Post", by: "Björk", year: 1995), 11, in: "post"),
            withTracks(Fixtures.album("Post", by: "Björk", year: 1995), 1, in: "post-single"),
            withTracks(Fixtures.album("Weezer", by: "Weezer", year: 1994), 10, in: "blue"),
            withTracks(Fixtures.album("Weezer", by: "Weezer", year: 2001), 10, in: "green"),
            withTracks(Fixtures.album("Weezer", by: "Weezer", year: 2008), 10, in: "red"),
        ]
    }

    /// The library's albums with their tracks, as an export writes them.
    private func exported(_ library: LibraryAPI) async throws -> [ImportedAlbum] {
        var albums: [ImportedAlbum] = []
        for album in try await library.albums() {
            albums.append(ImportedAlbum(album: album, tracks: try await library.tracks(of: album.id)))
        }
        return albums
    }

    @Test(arguments: StoreKind.allCases)
    func anExportRestoredIntoANewLibraryBringsBackEveryAlbumAndNoneOfTheTutorials(kind: StoreKind)
        async throws
    {
        let (original, first) = try await library(kind)
        defer { withExtendedLifetime(first) {} }
        let made = try await original.importAlbums(collection)
        #expect((made.added, made.duplicates, made.replacedSeeds) == (5, 0, true))
        let export = try await exported(original)

        let (restored, second) = try await library(kind)
        defer { withExtendedLifetime(second) {} }
        let result = try await restored.importAlbums(export)
        #expect((result.added, result.duplicates, result.replacedSeeds) == (5, 0, true))
        #expect(try await exported(restored) == export, "every album, its fields and tracks, and no seed")
        // The same export again is already there, album by album.
        let again = try await restored.importAlbums(export)
        #expect((again.added, again.alreadyPresent, again.duplicates) == (0, 5, 0))
        // The albums under new ids (a CSV of them, say) are the same albums: duplicates.
        let copies = export.map { item in
            ImportedAlbum(
                album: Fixtures.album(item.album.title, by: item.album.artist, year: item.album.year)
                    .withTracks(count: item.album.trackCount, length: item.album.length),
                tracks: nil)
        }
        #expect(try await restored.importAlbums(copies).duplicates == 5)
        // Undo takes the restore back and brings the tutorial's albums back.
        try await restored.undo()
        try await restored.undo()
        #expect(try await restored.albums() == Album.seeds)
    }

    @Test(arguments: StoreKind.allCases)
    func aMusicBrainzIdDecidesWhenBothAlbumsHaveOne(kind: StoreKind) async throws {
        let (library, directory) = try await library(kind)
        defer { withExtendedLifetime(directory) {} }
        func album(_ title: String, mbid: String) throws -> Album {
            try Album(title: title, artist: "Nirvana", year: 1991, mbid: mbid)
        }
        let release = "1b022e01-4da6-387b-8658-8678046e4cef"
        let other = "2b022e01-4da6-387b-8658-8678046e4cef"
        let result = try await library.importAlbums([
            try album("Nevermind", mbid: release),
            try album("Nevermind", mbid: other),  // another release of one name: kept
            try album("Nevermind (Remastered)", mbid: release),  // the same release retitled: a duplicate
            try album("Nevermind", mbid: ""),  // cannot be told from the first: a duplicate
        ])
        #expect((result.added, result.duplicates) == (2, 2))
    }

    @Test(arguments: StoreKind.allCases)
    func aRowWithoutTracksIsTheScannedAlbumOfItsArtistTitleAndYear(kind: StoreKind) async throws {
        let (library, directory) = try await library(kind)
        defer { withExtendedLifetime(directory) {} }
        try await library.importAlbums(collection)
        // A CSV row says no track count: it is the album of that artist, title and year, whatever its count.
        let row = ImportedAlbum(album: Fixtures.album("Weezer", by: "weezer", year: 2001), tracks: nil)
        #expect(try await library.importAlbums([row]).duplicates == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func aRowLikeATutorialAlbumIsTakenWhenTheImportReplacesThem(kind: StoreKind) async throws {
        let (library, directory) = try await library(kind)
        defer { withExtendedLifetime(directory) {} }
        let seed = Album.seeds[0]
        let row = Fixtures.album(seed.title, by: seed.artist, year: seed.year)
        let result = try await library.importAlbums([
            row, Fixtures.album("Low", by: "David Bowie", year: 1977),
        ])
        #expect((result.added, result.duplicates, result.replacedSeeds) == (2, 0, true))
        #expect(try await library.albums().map(\.title) == [seed.title, "Low"])
    }
}
