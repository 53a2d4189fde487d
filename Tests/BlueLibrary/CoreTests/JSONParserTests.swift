import BlueLibraryCore
import Testing

struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    @Test func parsesADocument() throws {
        let value = try parse(#" {"a": [1, -2.5e3, true, false, null], "b": "x\u00e9\ud83c\udfb5\n"} "#)
        #expect(value["a"] == .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null]))
        #expect(value["b"] == .string("xé🎵\n"))
    }

    @Test(arguments: [
        ("", "line 1, column 1: unexpected end of input, expected a value"),
        ("[1,]", "line 1, column 4: trailing comma before ']'"),
        ("{\"a\":1,\n \"a\":2}", "line 2, column 2: duplicate key \"a\""),
        ("[1 2]", "line 1, column 4: expected ',' or ']' in array"),
        ("{\"a\" 1}", "line 1, column 6: expected ':' after member name \"a\""),
        ("[01]", "line 1, column 3: leading zero in number"),
        ("\"\\x\"", "line 1, column 2: invalid escape '\\x'"),
        ("\"\\ud800\"", "line 1, column 8: lone surrogate \\u escape"),
        ("[1]\n x", "line 2, column 2: unexpected 'x' after the document"),
        ("[\n  {\"a\": tru}\n]", "line 2, column 9: unexpected 't', expected a value"),
        ("// c\n[]", "line 1, column 1: unexpected '/', expected a value"),
    ])
    func malformedDocumentsNameLineAndColumn(text: String, message: String) {
        #expect(throws: LibraryError(.malformedInput, message)) { try parse(text) }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: LibraryError.self) { try JSONParser.parse(Array(deep.utf8), maximumDepth: 64) }
    }

    @Test func writerEscapesAndRoundTrips() throws {
        let value = JSONValue.object([
            ("k", .string("<a href=\"x\">\\\u{1}\n</a>")), ("n", .array([.null, .bool(true)])),
        ])
        let text = JSONWriter.string(value)
        #expect(!text.contains("<"))
        #expect(try parse(text) == value)
    }
}

struct CSVTests {
    @Test func parsesQuotesCommasAndLineBreaks() throws {
        let text = "a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\n\nlast,,\n"
        let records = try CSV.parse(Array(text.utf8))
        #expect(
            records.map(\.fields) == [
                ["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["last", "", ""],
            ])
        #expect(records.map(\.line) == [1, 2, 5])
    }

    @Test func writerQuotesOnlyWhatNeedsIt() throws {
        var bytes: [UInt8] = []
        CSV.appendRecord(["plain", "a,b", "q\"uote", "line\nbreak"], to: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == "plain,\"a,b\",\"q\"\"uote\",\"line\nbreak\"\n")
        #expect(try CSV.parse(bytes).map(\.fields) == [["plain", "a,b", "q\"uote", "line\nbreak"]])
    }

    @Test(arguments: [
        ("a,\"b\n", "line 1: unclosed quote"),
        ("a,b\"c\n", "line 1: a quote inside an unquoted field"),
        ("\"a\"b\n", "line 1: text after a closing quote"),
    ])
    func malformedCSVNamesTheLine(text: String, message: String) {
        #expect(throws: LibraryError(.malformedInput, message)) { try CSV.parse(Array(text.utf8)) }
    }
}

struct AlbumCodingTests {
    @Test func jsonRoundTripKeepsEveryField() throws {
        let album = try Album(
            title: "T \"q\"", artist: "A", genre: "G", year: 2001, coverURL: "https://h/c.png")
        var bytes: [UInt8] = []
        AlbumCoding.appendJSON(album, to: &bytes)
        #expect(try AlbumCoding.album(from: JSONParser.parse(bytes)) == album)
        #expect(try AlbumCoding.album(from: AlbumCoding.json(album)) == album)
    }

    @Test func importJSONNamesTheLineAndColumnOfABadAlbum() {
        let text =
            "[\n  {\"title\": \"A\", \"artist\": \"B\"},\n  {\"title\": \"C\", \"artist\": \"D\", \"year\": 12}\n]"
        #expect(
            throws: LibraryError(
                .invalidField, "line 3, column 3: album 2: invalid year '12': must be between 1000 and 9999")
        ) {
            try AlbumCoding.decode(Array(text.utf8), format: .json)
        }
    }

    @Test(arguments: [
        (#"[{"title": "A"}]"#, "line 1, column 2: album 1: missing \"artist\""),
        (
            #"[{"title": "A", "artist": "B", "rating": 5}]"#,
            "line 1, column 2: album 1: unknown key \"rating\" (keys: id, title, artist, genre, year, cover_url, mbid, tracks)"
        ),
        (
            #"[{"title": "A", "artist": "B", "year": "1999"}]"#,
            "line 1, column 2: album 1: \"year\" must be a whole number or null, not a string"
        ),
        (#"{"title": "A"}"#, "line 1, column 1: expected an array of albums"),
        (
            #"[{"title": 5, "artist": "B"}]"#,
            "line 1, column 2: album 1: \"title\" must be a string, not a number"
        ),
        (
            #"[{"title": "A", "artist": "B", "tracks": [{"title": "T", "artist": "B", "duration": 1, "path": "/m/t.flac", "genres": ["Pop", 5]}]}]"#,
            "line 1, column 2: album 1: track 1: \"genres\" must be an array of strings"
        ),
    ])
    func strictJSONImport(text: String, message: String) {
        #expect {
            try AlbumCoding.decode(Array(text.utf8), format: .json)
        } throws: { error in
            (error as? LibraryError)?.message == message
        }
    }

    @Test func csvImportWithOptionalIDAndHeaderOrder() throws {
        let text = "artist,title,year\nSting,Ten Summoner's Tales,1993\n\"Earth, Wind & Fire\",\"I Am\",\n"
        let albums = try AlbumCoding.decode(Array(text.utf8), format: .csv).map(\.album)
        #expect(albums.map(\.title) == ["Ten Summoner's Tales", "I Am"])
        #expect(albums.map(\.artist) == ["Sting", "Earth, Wind & Fire"])
        #expect(albums.map(\.year) == [1993, nil])
    }

    @Test(arguments: [
        ("title\nA\n", "line 1: missing column 'artist'"),
        (
            "title,artist,colour\nA,B,red\n",
            "line 1: unknown or repeated column 'colour' (columns: id, title, artist, genre, year, cover_url, mbid)"
        ),
        ("title,artist\nA,B\nC\n", "line 3: 1 fields, expected 2"),
        ("title,artist,year\nA,B,twenty\n", "line 2: invalid year 'twenty': not a whole number"),
    ])
    func csvImportErrorsNameTheLine(text: String, message: String) {
        #expect {
            try AlbumCoding.decode(Array(text.utf8), format: .csv)
        } throws: { error in
            (error as? LibraryError)?.message == message
        }
    }

    @Test func historyCommandsRoundTripThroughJSON() throws {
        let a = try Album(title: "A", artist: "B")
        let b = try a.updating(AlbumPatch(title: "C"))
        let edit = HistoryCommand.update(AlbumEdit(from: a, to: b, byHand: true))
        func stored(_ title: String, _ number: Int?, _ duration: Double) -> StoredTrack {
            StoredTrack(
                track: Track(
                    disc: 2, number: number, title: title, artist: "Ø", duration: duration,
                    path: "/m/\(title)"),
                albumID: a.id, size: 1234, modified: 1_700_000_000_123_456_789, tags: "t\u{1}a\"g")
        }
        let tracks = HistoryCommand.tracks(
            TrackChange(
                album: a.id, title: "A", before: [stored("x", 1, 100.25), stored("y", nil, 0.1 + 0.2)],
                after: [stored("x", 1, 100.5)]))
        for command in [HistoryCommand.add(a, index: 3), .delete(a, index: 0), edit, tracks] {
            #expect(
                try HistoryCommand(json: JSONParser.parse(Array(JSONWriter.string(command.json).utf8)))
                    == command)
            #expect(command.inverse.inverse == command)
        }
    }

    @Test func anEditRecordsOnlyTheFieldsItChanged() throws {
        let a = try Album(title: "A", artist: "B", genre: "Indie Folk")
        let b = try a.updating(AlbumPatch(artist: "C"))
        guard case .object(let pairs) = HistoryCommand.update(AlbumEdit(from: a, to: b, byHand: true)).json,
            case .array(let changes)? = pairs.first(where: { $0.0 == "changes" })?.1
        else {
            Issue.record("an edit is a JSON object with its changes")
            return
        }
        #expect(changes.count == 1)
        #expect(JSONWriter.string(changes[0]) == #"{"field":"artist","before":"B","after":"C"}"#)
    }

    @Test func anEditWrittenAsWholeAlbumsIsReadAsItsChangedFields() throws {
        let a = try Album(title: "A", artist: "B", genre: "Pop")
        let b = try a.updating(AlbumPatch(genre: "Rock"))
        let old = JSONValue.object([
            ("op", .string("update")), ("before", AlbumCoding.json(a)), ("after", AlbumCoding.json(b)),
        ])
        let command = try HistoryCommand(json: old)
        #expect(
            command
                == .update(
                    AlbumEdit(
                        id: a.id, title: "A", changes: [.init(field: .genre, before: "Pop", after: "Rock")],
                        markedAfter: [.genre])))
    }
}
