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
            "invalid query term 'colour:red': unknown field 'colour' (fields: id, title, artist, genre, year, cover_url, mbid, track, trackartist, added; in a smart playlist also plays, rating (stars), starred, played)"
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

    static let day: Int64 = 86_400_000

    @Test(
        arguments: [
            ("plays:0", T(.count(.plays, 0, 0))),
            ("plays:>5", T(.count(.plays, 6, nil))),
            ("plays:>=5", T(.count(.plays, 5, nil))),
            ("plays:<3", T(.count(.plays, nil, 2))),
            ("plays:<=3", T(.count(.plays, nil, 3))),
            ("plays:2..4", T(.count(.plays, 2, 4))),
            ("PLAYS:1..", T(.count(.plays, 1, nil))),
            ("rating:>=4", T(.count(.rating, 4, nil))),
            ("stars:4..5", T(.count(.rating, 4, 5))),
            ("^rating:0", T(.count(.rating, 0, 0), negated: true)),
            ("starred:true", T(.starred(true))),
            ("starred:no", T(.starred(false))),
            ("played:-7d", T(.time(.played, .ago(7 * day), nil))),
            ("played:..-1y", T(.time(.played, nil, .ago(365 * day)))),
            ("played:-2w..-12h", T(.time(.played, .ago(14 * day), .ago(day / 2)))),
            ("added:-30d", T(.time(.added, .ago(30 * day), nil))),
            ("added:-6m", T(.time(.added, .ago(180 * day), nil))),
            // A date is the whole day, month or year it names (UTC).
            ("added:2026-03-31", T(.time(.added, .at(1_774_915_200_000), .at(1_775_001_599_999)))),
            ("added:2024-02", T(.time(.added, .at(1_706_745_600_000), .at(1_709_251_199_999)))),
            ("added:1970", T(.time(.added, .at(0), .at(365 * day - 1)))),
            (
                "added:2026-01-01..2026-03-31",
                T(.time(.added, .at(1_767_225_600_000), .at(1_775_001_599_999)))
            ),
        ] as [(String, Query.Term)])
    func aPersonsTermsParseInASmartPlaylist(term: String, expected: Query.Term) throws {
        #expect(try Query(parsing: term, personal: true) == Query(groups: [[expected]]))
    }

    @Test func onlyAddedWorksOutsideASmartPlaylistAndThePersonsTermsAreNamed() throws {
        #expect(try Query(terms: ["added:-30d"]).isPersonal == false)
        for term in ["plays:0", "rating:>=4", "stars:5", "starred:true", "played:-7d"] {
            #expect(try Query(parsing: term, personal: true).isPersonal)
            let field = term.prefix { $0 != ":" }
            #expect(
                throws: LibraryError(
                    .invalidQuery,
                    "invalid query term '\(term)': '\(field):' is a person's own, so it works only in a smart playlist"
                )
            ) { try Query(terms: [term]) }
        }
    }

    @Test(arguments: [
        ("plays:x", "invalid query term 'plays:x': 'x' is not a whole number of plays"),
        ("plays:-1", "invalid query term 'plays:-1': '-1' is not a whole number of plays"),
        ("rating:6", "invalid query term 'rating:6': '6' is not a rating from 0 (none) to 5"),
        ("plays:<0", "invalid query term 'plays:<0': nothing is below 0"),
        ("plays:5..2", "invalid query term 'plays:5..2': the range is reversed"),
        ("plays:..", "invalid query term 'plays:..': no number given"),
        ("starred:maybe", "invalid query term 'starred:maybe': use starred:true or starred:false"),
        (
            "played:-7x",
            "invalid query term 'played:-7x': '-7x' is no time (use -30d, -2w, -6m, -1y, -12h, or a date such as 2026-03-31)"
        ),
        (
            "added:2026-02-30",
            "invalid query term 'added:2026-02-30': '2026-02-30' is no time (use -30d, -2w, -6m, -1y, -12h, or a date such as 2026-03-31)"
        ),
        ("added:..", "invalid query term 'added:..': a range needs at least one end"),
        ("added:", "invalid query term 'added:': no time given"),
    ])
    func badPersonalTermsNameTheTerm(term: String, message: String) {
        #expect(throws: LibraryError(.invalidQuery, message)) { try Query(terms: [term], personal: true) }
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
