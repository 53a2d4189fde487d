import BlueLibraryCore
import Foundation
import Testing

@testable import BlueLibraryScanner

/// Tag values as TagLib hands them over, and what the scanner makes of them.
struct TrackTagsTests {
    private func read(_ properties: [(String, String)]) -> TrackTags {
        TrackTags(properties: properties.map { (key: $0.0, value: $0.1) }, duration: 1, hasPicture: false)
    }

    @Test(
        arguments: [
            ("3/12", 3), ("03", 3), (" 7 of 9", 7), ("0", nil), ("", nil), ("A1", nil), ("1234567", nil),
        ] as [(String, Int?)])
    func numbersAreTheLeadingDigits(text: String, number: Int?) {
        let tags = read([("TRACKNUMBER", text), ("DISCNUMBER", text)])
        #expect(tags.number == number)
        #expect(tags.disc == number)
    }

    @Test(
        arguments: [
            ("1999-05-01", 1999), ("1999", 1999), ("May 1999", 1999), ("19990501", 1999), ("'99", nil),
            ("0999", nil), ("", nil), ("2024-13-45T00:00", 2024),
        ] as [(String, Int?)])
    func theYearIsTheFirstFourDigitsOfTheDate(date: String, year: Int?) {
        #expect(read([("DATE", date)]).year == year)
    }

    /// A key's first value wins, but for the artists and genres: each value is an artist or genre of its
    /// own, all kept (joined by "; " in the one string, which is cut back into them).
    @Test func theFirstValueOfAKeyWinsAndTextIsCleaned() {
        let tags = read([
            ("ARTIST", "  First  "), ("ARTIST", "Second"), ("TITLE", "tab\there\u{7}"), ("ALBUM", "   "),
            ("GENRE", String(repeating: "g", count: 600)),
        ])
        #expect(tags.artist == "First; Second")
        #expect(tags.artists == ["First", "Second"])
        #expect(read([("TITLE", "One"), ("TITLE", "Two")]).title == "One")
        #expect(tags.title == "tab here")
        #expect(tags.album == nil)
        #expect(tags.genre?.count == Album.maximumTextLength)
    }

    @Test(arguments: ["ALBUMARTIST", "ALBUM ARTIST", "ALBUM_ARTIST"])
    func albumArtistHasSeveralSpellings(key: String) {
        #expect(read([(key, "Band")]).albumArtist == "Band")
    }

    @Test(arguments: [
        ("COMPILATION", "1", true), ("TCMP", "1", true), ("COMPILATION", "true", true),
        ("COMPILATION", "0", false), ("ITUNESCOMPILATION", "1", true),
    ])
    func compilationFlags(key: String, value: String, isCompilation: Bool) {
        #expect(read([(key, value)]).isCompilation == isCompilation)
    }

    /// Flags, ids and text fields lose outer whitespace alike (Unicode's: spaces of every kind, tabs and
    /// line ends), through the project's one trimming helper; whitespace inside still spoils an id.
    @Test func flagsIDsAndTextTrimOuterWhitespace() {
        let id = "6f6b6a3c-1d2e-4f5a-8b9c-0d1e2f3a4b5c"
        #expect(read([("COMPILATION", "\t yes\u{00A0}\u{3000}")]).isCompilation)
        #expect(read([("COMPILATION", "yes\u{2028}")]).isCompilation)
        #expect(!read([("COMPILATION", "y es")]).isCompilation)
        #expect(read([("MUSICBRAINZ_ALBUMID", "\u{2003}\(id)\t")]).musicBrainzAlbumID == id)
        #expect(read([("MUSICBRAINZ_ALBUMID", "\(id)\u{2029}")]).musicBrainzAlbumID == id)
        let spaced = "6f6b6a3c-1d2e-4f5a-8b9c-0d1e 2f3a4b5c"
        #expect(read([("MUSICBRAINZ_ALBUMID", spaced)]).musicBrainzAlbumID == nil)
        #expect(read([("TITLE", "\u{2028}\u{3000}Title\u{00A0}\u{2029}")]).title == "Title")
    }

    @Test func musicBrainzIDsAreLowercaseUUIDsOrNothing() {
        let tags = read([
            ("MUSICBRAINZ_ALBUMID", " 6F6B6A3C-1D2E-4F5A-8B9C-0D1E2F3A4B5C "),
            ("MUSICBRAINZ_RELEASEGROUPID", "not-an-id"),
        ])
        #expect(tags.musicBrainzAlbumID == "6f6b6a3c-1d2e-4f5a-8b9c-0d1e2f3a4b5c")
        #expect(tags.musicBrainzReleaseGroupID == nil)
    }

    @Test(
        arguments: [
            ("CD1", 1), ("CD 2", 2), ("Disc 2", 2), ("Disk 1", 1), ("disc2", 2), ("DISC_03", 3),
            ("cd-4", 4), ("Disc 1 - The Early Years", 1), ("CD2 (Bonus)", 2), ("CDs", nil),
            ("Discography", nil),
            ("Disco 2000", nil), ("cd1a", nil), ("CD0", nil), ("Album", nil), ("Best of CD1", nil),
        ] as [(String, Int?)])
    func discFolderNames(name: String, disc: Int?) {
        #expect(PlacedTrack.discNumber(name) == disc)
    }

    @Test func trackIDsAreStableUUIDsDerivedFromThePath() throws {
        let id = TrackID(path: "/music/a.mp3")
        #expect(id == TrackID(path: "/music/a.mp3"))
        #expect(id != TrackID(path: "/music/b.mp3"))
        #expect(TrackID(id.rawValue.uppercased()) == id)
        #expect(id.rawValue.count == 36)
        #expect(Array(id.rawValue)[14] == "8")
        #expect(TrackID("not a uuid") == nil)
    }

    @Test(
        arguments: [
            ([0xFF, 0xD8, 0xFF, 0xE0], "image/png", "image/jpeg"),
            ([0x89, 0x50, 0x4E, 0x47], "", "image/png"),
            ([1, 2, 3], "PNG", "image/png"), ([1, 2, 3], "JPG", "image/jpeg"),
            ([1, 2, 3], "", "application/octet-stream"),
            ([1, 2, 3], "Image/WebP", "image/webp"),
        ] as [([UInt8], String, String)])
    func pictureTypesComeFromTheBytesElseTheTag(bytes: [UInt8], tagged: String, mimeType: String) {
        #expect(EmbeddedPicture(bytes: bytes, taggedMIMEType: tagged).mimeType == mimeType)
    }

    @Test func storedTagsReadBackAsTheyWere() throws {
        let full = TrackTags(
            title: "Song \"Ä\" <1>", artist: "Art", albumArtist: "Band", album: "The Album",
            date: "1999-05-01",
            genre: "Rock", disc: 2, number: 3, musicBrainzAlbumID: "6f6b6a3c-1d2e-4f5a-8b9c-0d1e2f3a4b5c",
            musicBrainzReleaseGroupID: "0d1e2f3a-1d2e-4f5a-8b9c-6f6b6a3c4b5c", isCompilation: true,
            duration: 187.312, hasPicture: true)
        #expect(TrackTags(stored: full.stored) == full)
        let bare = TrackTags(duration: 2)
        #expect(TrackTags(stored: bare.stored) == bare)
        // Control characters never reach the text, so the separator cannot be part of a value.
        let tricky = TrackTags(title: "a\u{1F}b", artist: "\u{1F}")
        #expect(tricky.title == "a b" && tricky.artist == nil)
        #expect(TrackTags(stored: tricky.stored) == tricky)
    }

    @Test(arguments: [
        "",
        // What Foundation's JSONEncoder wrote before the tags had a form of their own: such a file is
        // read again by the next scan, and stored anew.
        #"{"album":"Fire River 393","duration":1.045,"hasPicture":false,"isCompilation":false,"number":1}"#,
        "tags1\u{1F}too few fields",
        "tags9" + String(repeating: "\u{1F}", count: 13),
    ])
    func tagsInAnotherFormAreNotRead(stored: String) {
        #expect(TrackTags(stored: stored) == nil)
    }
}
