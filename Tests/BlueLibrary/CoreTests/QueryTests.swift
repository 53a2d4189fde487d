import BlueLibraryCore
import Testing

struct QueryParserTests {
    typealias T = Query.Term

    @Test(
        arguments: [
            ([], Query()),
            (["Bowie"], Query(groups: [[T(.anyText("bowie"))]])),
            (["artist:Bowie"], Query(groups: [[T(.contains(.artist, "bowie"))]])),
            (["album:sun"], Query(groups: [[T(.contains(.title, "sun"))]])),
            (["artist:=U2"], Query(groups: [[T(.equals(.artist, "U2"))]])),
            (["year:1990..1999"], Query(groups: [[T(.yearRange(1990, 1999))]])),
            (["year:..1999"], Query(groups: [[T(.yearRange(nil, 1999))]])),
            (["year:1990.."], Query(groups: [[T(.yearRange(1990, nil))]])),
            (["year:2000"], Query(groups: [[T(.yearRange(2000, 2000))]])),
            (["^genre:pop"], Query(groups: [[T(.contains(.genre, "pop"), negated: true)]])),
            (["sun", "year:2000"], Query(groups: [[T(.anyText("sun")), T(.yearRange(2000, 2000))]])),
            (["sting", ",", "u2"], Query(groups: [[T(.anyText("sting"))], [T(.anyText("u2"))]])),
            (
                ["year-", "title+"],
                Query(sort: [Query.SortKey(.year, ascending: false), Query.SortKey(.title, ascending: true)])
            ),
            (["c++"], Query(groups: [[T(.anyText("c++"))]])),
            (["bowie,", "madonna"], Query(groups: [[T(.anyText("bowie"))], [T(.anyText("madonna"))]])),
            (["bowie", ",madonna"], Query(groups: [[T(.anyText("bowie"))], [T(.anyText("madonna"))]])),
            (["artist:Crosby, Stills"], Query(groups: [[T(.contains(.artist, "crosby, stills"))]])),
            (["blink-182"], Query(groups: [[T(.anyText("blink-182"))]])),
            (["cover_url:Cover.PNG"], Query(groups: [[T(.contains(.coverURL, "Cover.PNG"))]])),
        ] as [([String], Query)])
    func termsParse(terms: [String], expected: Query) throws {
        #expect(try Query(terms: terms) == expected)
    }

    @Test func aStringQuerySplitsOnSpacesOutsideQuotes() throws {
        #expect(
            try Query(parsing: #"artist:"David Bowie" , year:2000"#)
                == Query(groups: [[T(.contains(.artist, "david bowie"))], [T(.yearRange(2000, 2000))]]))
    }

    @Test(arguments: [
        (
            "colour:red",
            "invalid query term 'colour:red': unknown field 'colour' (fields: id, title, artist, genre, year, cover_url, mbid)"
        ),
        ("year:199x", "invalid query term 'year:199x': '199x' is not a year"),
        ("year:..", "invalid query term 'year:..': a range needs at least one end"),
        ("year:", "invalid query term 'year:': no year given"),
        (
            "yr-",
            "invalid query term 'yr-': cannot sort by unknown field 'yr' (fields: id, title, artist, genre, year, cover_url, mbid)"
        ),
        (
            "title::x",
            "invalid query term 'title::x': 'title::' is not supported (use title:TEXT, or title:=TEXT for exact)"
        ),
        ("^", "invalid query term '^': '^' negates nothing"),
        ("year:2000..1990", "invalid query term 'year:2000..1990': the range is reversed (use 1990..2000)"),
    ])
    func badTermsNameTheTerm(term: String, message: String) {
        #expect(throws: LibraryError(.invalidQuery, message)) { try Query(terms: [term]) }
    }

    @Test(arguments: ["\u{0}", "title:\u{0}", "\u{1B}]0;x\u{7}", "^a\u{7F}", "genre:=\u{9B}2J"])
    func aControlCharacterIsRefusedEverywhere(term: String) {
        // A NUL used to reach the database, which cut the text short and matched every album.
        #expect(throws: LibraryError.self) { try Query(terms: [term]) }
        #expect(throws: LibraryError.self) { try Query(parsing: "rock \(term)") }
    }

    @Test func theRefusalShowsTheCharacterEscaped() {
        #expect(
            throws: LibraryError(
                .invalidQuery, "invalid query term 'a\\u{1B}[2J': control character \\u{1B} is not allowed")
        ) { try Query(terms: ["a\u{1B}[2J"]) }
    }

    @Test func unclosedQuoteIsAnError() {
        #expect(throws: LibraryError.self) { try Query(parsing: "artist:\"Bowie") }
    }
}

struct QueryMatchingTests {
    let bowie = try! Album(title: "Best of Bowie", artist: "David Bowie", genre: "Pop", year: 1992)
    let bjork = try! Album(title: "Homogenic", artist: "BJÖRK", genre: "Electronic", year: nil)

    @Test(arguments: [
        ("bowie", true), ("BOWIE", true), ("pop", true), ("artist:david", true), ("title:david", false),
        (#"artist:="David Bowie""#, true), (#"artist:="david bowie""#, false), ("year:1990..1999", true),
        ("year:1993..", false), ("^year:1993..", true), ("^pop", false), ("rock , bowie", true),
        ("rock , jazz", false), ("best year:..1991", false),
    ])
    func matchesLikeBeets(query: String, matches: Bool) throws {
        #expect(try Query(parsing: query).matches(bowie) == matches)
    }

    @Test func foldingIsUnicodeAware() throws {
        #expect(try Query(parsing: "björk").matches(bjork))
    }

    @Test func anAlbumWithoutYearIsOutsideEveryRangeAndInsideEveryNegatedOne() throws {
        #expect(try !Query(parsing: "year:1000..9999").matches(bjork))
        #expect(try Query(parsing: "^year:1000..9999").matches(bjork))
    }

    @Test func sortingPutsMissingYearsFirstAndBreaksTiesByIndex() throws {
        let a = try Album(title: "A", artist: "X", year: 2000)
        let b = try Album(title: "B", artist: "X", year: nil)
        let c = try Album(title: "c", artist: "X", year: 2000)
        let items = [(album: a, index: 0), (album: b, index: 1), (album: c, index: 2)]
        #expect(try Query(parsing: "year+").sorted(items).map(\.index) == [1, 0, 2])
        #expect(try Query(parsing: "year-").sorted(items).map(\.index) == [0, 2, 1])
        #expect(try Query(parsing: "title-").sorted(items).map(\.index) == [2, 1, 0])
    }
}
