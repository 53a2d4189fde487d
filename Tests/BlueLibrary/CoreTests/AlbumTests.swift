import BlueLibraryCore
import Testing

struct AlbumTests {
    @Test func validAlbumKeepsItsFieldsTrimmed() throws {
        let album = try Album(
            title: "  Heroes ", artist: "David Bowie", genre: "Rock", year: 1977,
            coverURL: "https://x.org/a.png")
        #expect(album.title == "Heroes")
        #expect(album.artist == "David Bowie")
        #expect(album.year == 1977)
        #expect(album.coverURL == "https://x.org/a.png")
    }

    @Test func descriptionListsTheFiveFieldsLikeTheTutorial() throws {
        let album = try Album(
            title: "Heroes", artist: "David Bowie", genre: "Rock", year: 1977, coverURL: "file:///c.png")
        #expect(
            album.description
                == "title: Heroes artist: David Bowie genre: Rock coverUrl: file:///c.png year: 1977")
    }

    @Test(
        arguments: [
            ("", "A", nil, "", "invalid title '': must not be empty"),
            ("T", "   ", nil, "", "invalid artist '   ': must not be empty"),
            ("T", "A", 999, "", "invalid year '999': must be between 1000 and 9999"),
            ("T", "A", 10000, "", "invalid year '10000': must be between 1000 and 9999"),
            (
                "T", "A", nil, "ftp://host/c.png",
                "invalid cover_url 'ftp://host/c.png': unsupported scheme 'ftp' (use http, https or file)"
            ),
            ("T", "A", nil, "http:///nohost.png", "invalid cover_url 'http:///nohost.png': no host"),
            ("T", "A", nil, "cover.png", "invalid cover_url 'cover.png': not a URL or an absolute path"),
            ("Tab\there", "A", nil, "", "invalid title 'Tab\\there': must not contain control characters"),
        ] as [(String, String, Int?, String, String)])
    func invalidFieldsAreRefusedWithAMessageNamingFieldAndValue(
        title: String, artist: String, year: Int?, cover: String, message: String
    ) {
        #expect(throws: LibraryError(.invalidField, message)) {
            try Album(title: title, artist: artist, year: year, coverURL: cover)
        }
    }

    @Test(arguments: ["", "http://a.b/c.png", "https://a.b/c.jpg", "file:///tmp/c.png", "/srv/covers/c.png"])
    func supportedCoverSourcesAreAccepted(cover: String) throws {
        #expect(try Album(title: "T", artist: "A", coverURL: cover).coverURL == cover)
    }

    @Test func overlongTextIsRefused() {
        #expect(throws: LibraryError.self) {
            try Album(title: String(repeating: "x", count: Album.maximumTextLength + 1), artist: "A")
        }
    }

    @Test func updatingKeepsTheIdAndValidatesAgain() throws {
        let album = try Album(title: "T", artist: "A", year: 2000)
        let changed = try album.updating(AlbumPatch(title: "New", year: .some(nil)))
        #expect(changed.id == album.id)
        #expect(changed.title == "New")
        #expect(changed.year == nil)
        #expect(throws: LibraryError.self) { try album.updating(AlbumPatch(artist: "")) }
    }

    @Test func parseYearAcceptsEmptyAndRefusesWords() throws {
        #expect(try Album.parseYear("") == nil)
        #expect(try Album.parseYear(" 1999 ") == 1999)
        #expect(throws: LibraryError(.invalidField, "invalid year 'soon': not a whole number")) {
            try Album.parseYear("soon")
        }
    }

    @Test func seedsAreTheFiveAlbumsOfTheSpecInOrder() {
        #expect(
            Album.seeds.map(\.title) == [
                "Best of Bowie", "It's My Life", "Nothing Like The Sun", "Staring at the Sun", "American Pie",
            ])
        #expect(Album.seeds.map(\.artist) == ["David Bowie", "No Doubt", "Sting", "U2", "Madonna"])
        #expect(Album.seeds.map(\.year) == [1992, 2003, 1999, 2000, 2000])
        #expect(Set(Album.seeds.map(\.id)).count == 5)
    }

    @Test func albumIDNormalisesAndRejects() {
        #expect(
            AlbumID("6B1E7C9E-0000-4000-8000-000000000000")?.rawValue
                == "6b1e7c9e-0000-4000-8000-000000000000")
        #expect(AlbumID("not-an-id") == nil)
        #expect(AlbumID.random() != AlbumID.random())
    }

    @Test func randomIDsAreVersion4UUIDs() throws {
        var seeded = SeededRandom()
        // The system's generator, and the seeded one an import makes its ids with.
        for id in (0..<100).map({ _ in AlbumID.random() })
            + (0..<100).map({ _ in AlbumID.random(using: &seeded) })
        {
            #expect(AlbumID(id.rawValue) == id)
            let characters = Array(id.rawValue)
            #expect(characters.count == 36)
            #expect(characters[14] == "4")
            #expect("89ab".contains(characters[19]))
        }
    }

    @Test func aSeededGeneratorMakesDistinctIDsAndTwoGeneratorsDiffer() {
        var first = SeededRandom()
        var second = SeededRandom()
        let ids = (0..<20_000).map { _ in AlbumID.random(using: &first) }
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids).isDisjoint(with: (0..<1000).map { _ in AlbumID.random(using: &second) }))
        // Every hexadecimal digit turns up in every free place (no digit stuck at one value).
        for place in [0, 9, 15, 20, 35] {
            #expect(Set(ids.prefix(2000).map { Array($0.rawValue)[place] }).count == 16)
        }
    }
}
