import BlueLibraryCore
import BlueLibraryStore
import TestSupport
import Testing

@testable import BlueLibraryServices

/// The browsing reads (the web page's Albums, Artists, Genres and Years views and its track search) on a
/// real library: every window is a slice of the whole list sorted or grouped here in Swift, groups and
/// their names follow the folded text (case and accents ignored), sections start where the list says,
/// and a search finds tracks as the command line's query language reads it.
struct BrowsingTests {
    let library = LibraryAPI(store: TestLibrary.store())

    /// Artists that fold alike ("Björk", "bjork"), sort before "a" ("10cc") and after "z" (Greek), genres
    /// with and without case and one empty, years with ties and none.
    static let albums: [Album] = [
        Fixtures.album("Debut", by: "bjork", genre: "electronic", year: 1993),
        Fixtures.album("Homogenic", by: "Björk", genre: "Electronic", year: 1997),
        Fixtures.album("The Original Soundtrack", by: "10cc", genre: "Rock", year: 1975),
        Fixtures.album("Arrival", by: "ABBA", genre: "Pop", year: 1976),
        Fixtures.album("Ágætis byrjun", by: "Sigur Rós", genre: "Post-Rock", year: 1999),
        Fixtures.album("Zeta", by: "Ωmega", genre: "rock", year: nil),
        Fixtures.album("Voulez-Vous", by: "ABBA", genre: "", year: nil),
        Fixtures.album("Beyond", by: "Beyoncé", genre: "Pop", year: 2016),
    ]

    init() async throws {
        // The five seeds first, then these: library order is seeds, then `albums` (an import that holds
        // the seeds keeps them).
        try await library.importAlbums(Album.seeds + Self.albums)
    }

    /// The whole library in `order`, sorted here: each album's sort key is its parts joined by a zero byte
    /// — folded text as its UTF-8 bytes (SQLite compares the stored keys byte by byte), years as fixed-width
    /// digits (none as 0, which SQLite puts first, as it does NULL), the album's id last (the library index
    /// in the library's own order, reversed for "Recently added").
    func sorted(_ order: AlbumOrder) async throws -> [String] {
        func text(_ text: String) -> [UInt8] { Array(SearchKey.fold(text).utf8) }
        func number(_ value: Int) -> [UInt8] {
            let digits = String(value)
            return Array((String(repeating: "0", count: 6 - digits.count) + digits).utf8)
        }
        func key(_ album: Album, _ index: Int) -> [UInt8] {
            let parts: [[UInt8]]
            switch order {
            case .artist: parts = [text(album.artist), number(album.year ?? 0), text(album.title)]
            case .title: parts = [text(album.title)]
            case .year: parts = [number(9999 - (album.year ?? 0)), text(album.artist), text(album.title)]
            case .added: parts = [number(999_999 - index)]
            }
            return Array((parts + [Array(album.id.rawValue.utf8)]).joined(separator: [0]))
        }
        return try await library.page().albums
            .sorted { key($0.album, $0.index).lexicographicallyPrecedes(key($1.album, $1.index)) }
            .map { "\($0.index) \($0.album.title)" }
    }

    @Test(arguments: AlbumOrder.allCases)
    func everyWindowOfAnOrderIsASliceOfTheLibrarySortedHere(order: AlbumOrder) async throws {
        let whole = try await sorted(order)
        #expect(whole.count == 13)
        for (offset, limit) in [(0, 13), (0, 4), (3, 5), (11, 10), (13, 3), (2, 0)] {
            let page = try await library.page(order: order, offset: offset, limit: limit)
            #expect(page.total == 13)
            #expect(page.offset == offset)
            let titles = page.albums.map { "\($0.index) \($0.album.title)" }
            #expect(titles == Array(whole.dropFirst(offset).prefix(limit)), "\(order) \(offset) \(limit)")
        }
    }

    @Test func theYearOrderIsNewestFirstWithAlbumsWithoutAYearLast() async throws {
        let years = try await library.page(order: .year, offset: 0, limit: 20).albums.map(\.album.year)
        #expect(years.prefix(3) == [2016, 2003, 2000])
        #expect(years.suffix(2) == [nil, nil])
    }

    @Test func anArtistsGroupIsEverySpellingOfTheNameInArtistOrder() async throws {
        let page = try await library.page(
            in: AlbumGroup(.artist, "BJORK"), order: .artist, offset: 0, limit: 10)
        #expect(page.total == 2)
        #expect(page.albums.map(\.album.title) == ["Debut", "Homogenic"])
        let genre = try await library.page(
            in: AlbumGroup(.genre, "Électronic"), order: .artist, offset: 0, limit: 1)
        #expect(genre.total == 2)
        #expect(genre.albums.map(\.album.title) == ["Debut"])
        let none = try await library.page(in: AlbumGroup(.genre, ""), order: .title, offset: 0, limit: 10)
        #expect(none.albums.map(\.album.title) == ["Voulez-Vous"])
        // A query narrows a group further; a name that is no group's has no albums.
        let narrowed = try await library.page(
            matching: try Query(parsing: "year:1990..1995"), in: AlbumGroup(.artist, "björk"), order: .artist,
            offset: 0, limit: 10)
        #expect(narrowed.albums.map(\.album.title) == ["Debut"])
        let nobody = try await library.page(
            in: AlbumGroup(.artist, "Björ"), order: .artist, offset: 0, limit: 10)
        #expect(nobody.total == 0)
        #expect(nobody.albums.isEmpty)
    }

    @Test func groupsCountAlbumsByTheirFoldedTextAndAreNamedByTheirFirstSpelling() async throws {
        let all = try await library.page().albums.map(\.album)
        let artists = try await library.groups(by: .artist, offset: 0, limit: 100)
        var expected: [String: (name: String, count: Int)] = [:]
        for album in all {
            let key = SearchKey.fold(album.artist)
            let name = [expected[key]?.name, album.artist].compactMap { $0 }.min {
                Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
            }
            expected[key] = (name ?? album.artist, (expected[key]?.count ?? 0) + 1)
        }
        let keys = expected.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(artists.total == expected.count)
        #expect(artists.groups.map(\.name) == keys.compactMap { expected[$0]?.name })
        #expect(artists.groups.map(\.count) == keys.compactMap { expected[$0]?.count })
        #expect(artists.groups.first { $0.name == "Björk" }?.count == 2)
        #expect(!artists.groups.contains { $0.name == "bjork" })
        let window = try await library.groups(by: .artist, offset: 2, limit: 3)
        #expect(window.groups.map(\.name) == Array(artists.groups.map(\.name)[2..<5]))
        #expect(window.offset == 2)
        let genres = try await library.groups(by: .genre, offset: 0, limit: 100)
        #expect(genres.groups.first?.name == "")
        #expect(genres.groups.first { $0.name == "Rock" }?.count == 2)
        #expect(genres.groups.first { $0.name == "Electronic" }?.count == 2)
    }

    @Test func sectionsStartWhereTheirInitialDoesInTheList() async throws {
        let sections = try await library.sections(order: .artist)
        let whole = try await library.page(order: .artist, offset: 0, limit: 100).albums.map(\.album)
        #expect(sections.first == ListSection(label: "#", offset: 0, count: 1))
        #expect(sections.map(\.label) == ["#", "A", "B", "D", "M", "N", "S", "U"])
        for section in sections.dropFirst() {
            #expect(SearchKey.fold(whole[section.offset].artist).uppercased().hasPrefix(section.label))
            if section.offset > 0 {
                #expect(
                    !SearchKey.fold(whole[section.offset - 1].artist).uppercased().hasPrefix(section.label))
            }
        }
        // Ωmega sorts after "z": its album is in the last section, after U2's.
        #expect(sections.last == ListSection(label: "U", offset: 11, count: 2))
        #expect(sections.reduce(0) { $0 + $1.count } == whole.count)
        #expect(try await library.sections(order: .added) == [])
        let groups = try await library.groupSections(by: .artist)
        #expect(groups.first == ListSection(label: "#", offset: 0, count: 1))
        #expect(groups.first { $0.label == "B" } == ListSection(label: "B", offset: 2, count: 2))
    }

    @Test func decadesAreNewestFirstAndSayWhereTheyStartInYearOrder() async throws {
        let decades = try await library.sections(order: .year)
        #expect(decades.map(\.label) == ["2010s", "2000s", "1990s", "1970s", "No year"])
        #expect(decades.first == ListSection(label: "2010s", offset: 0, count: 1, decade: 2010))
        #expect(decades.last == ListSection(label: "No year", offset: 11, count: 2, decade: nil))
        let ordered = try await library.page(order: .year, offset: 0, limit: 100).albums.map(\.album)
        for section in decades {
            #expect(ordered[section.offset].year.map { $0 / 10 * 10 } == section.decade)
        }
    }
}

/// Tracks found by a search: words match a track's own title and artist, ignoring case and accents;
/// album fields match its album; a deleted album's tracks are not found.
struct TrackSearchTests {
    let library = LibraryAPI(store: TestLibrary.store())

    static func track(_ title: String, by artist: String, _ number: Int, in folder: String) -> Track {
        Track(
            disc: 1, number: number, title: title, artist: artist, duration: 180 + Double(number),
            path: "/music/\(folder)/\(number).flac")
    }

    init() async throws {
        try await library.importAlbums([
            ImportedAlbum(
                album: Fixtures.album("Vespertine", by: "Björk", year: 2001),
                tracks: [
                    Self.track("Hidden Place", by: "Björk", 1, in: "vespertine"),
                    Self.track("Cocoon", by: "Björk", 2, in: "vespertine"),
                    Self.track("Echo Song", by: "Björk feat. Kanye", 3, in: "vespertine"),
                ]),
            ImportedAlbum(
                album: Fixtures.album("Takk", by: "Sigur Rós", year: 2005),
                tracks: [
                    Self.track("Glósóli", by: "Sigur Rós", 1, in: "takk"),
                    Self.track("Hoppípolla", by: "Sigur Rós", 2, in: "takk"),
                ]),
            ImportedAlbum(
                album: Fixtures.album("Echoes", by: "Someone", year: 1990),
                tracks: [Self.track("Quiet", by: "Someone", 1, in: "echoes")]),
        ])
    }

    func titles(_ text: String, offset: Int = 0, limit: Int = 50) async throws -> [String] {
        try await library.tracks(matching: try Query(parsing: text), offset: offset, limit: limit).tracks.map(
            \.track.title)
    }

    @Test(arguments: [
        ("bjork", ["Hidden Place", "Cocoon", "Echo Song"]),
        ("kanye", ["Echo Song"]),
        ("ECHO", ["Echo Song"]),
        ("hoppipolla", ["Hoppípolla"]),
        ("sigur ros glosoli", ["Glósóli"]),
        ("track:echo", ["Echo Song"]),
        ("track:=Cocoon", ["Cocoon"]),
        ("track:=cocoon", []),
        ("trackartist:kanye", ["Echo Song"]),
        ("artist:sigur", ["Glósóli", "Hoppípolla"]),
        ("year:2000..2003 ^cocoon", ["Hidden Place", "Echo Song"]),
        ("quiet , cocoon", ["Cocoon", "Quiet"]),
        ("nothing-like-this", []),
    ])
    func aSearchFindsTracksAsTheQueryLanguageReadsIt(text: String, expected: [String]) async throws {
        #expect(try await titles(text) == expected)
    }

    @Test func aTrackComesWithItsAlbumAndWindowsSayWhetherMoreFollow() async throws {
        let page = try await library.tracks(matching: try Query(parsing: "bjork"), offset: 1, limit: 1)
        #expect(page.offset == 1)
        #expect(page.tracks.map(\.track.title) == ["Cocoon"])
        #expect(page.tracks.first?.album.title == "Vespertine")
        #expect(page.tracks.first?.track.duration == 182)
        #expect(page.more)
        let last = try await library.tracks(matching: try Query(parsing: "bjork"), offset: 2, limit: 5)
        #expect(last.tracks.map(\.track.title) == ["Echo Song"])
        #expect(!last.more)
        #expect(try await titles("bjork", limit: 0) == [])
    }

    @Test func aDeletedAlbumsTracksAreNotFoundUntilUndoBringsItBack() async throws {
        let vespertine = try await library.albums().first { $0.title == "Vespertine" }
        let id = try #require(vespertine?.id)
        _ = try await library.delete(.id(id))
        #expect(try await titles("bjork") == [])
        _ = try await library.undo()
        #expect(try await titles("bjork").count == 3)
    }
}
