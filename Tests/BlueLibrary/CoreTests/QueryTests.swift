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
            "invalid query term 'colour:red': unknown field 'colour' (fields: id, title, artist, genre, year, cover_url, mbid, track, trackartist)"
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
