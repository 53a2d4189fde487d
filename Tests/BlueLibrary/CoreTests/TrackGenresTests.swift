import BlueLibraryCore
import Testing

/// A track's genres set by hand: read from text as `edit --genre` and `modify --tracks genre=` take it,
/// checked as the other fields are, kept through a rescan's re-reading of the tags and through the
/// history and an export.
struct TrackGenresTests {
    private let track = Track(
        disc: 1, number: 1, title: "Army", artist: "Bjork", duration: 1, path: "/music/Post/1.flac")

    @Test(arguments: [
        ("Trip Hop; Electronic", ["Trip Hop", "Electronic"]),
        (" Rock ;; rock; Jazz ", ["Rock", "Jazz"]),
        ("AC/DC Tribute", ["AC/DC Tribute"]),
        ("", []),
    ])
    func genreTextIsCutAtSemicolonsOnly(text: String, names: [String]) throws {
        var patch = TrackPatch()
        try patch.set("genre", to: text)
        #expect(patch.genres == names)
    }

    @Test func anEditMarksTheGenresAsSetByHandAndAnEqualOneChangesNothing() throws {
        let edited = try track.updating(TrackPatch(genres: ["Trip Hop", "Electronic"]))
        #expect(edited.details.editedGenres == ["Trip Hop", "Electronic"])
        #expect(edited.genres(on: Album.seeds[0]) == ["Trip Hop", "Electronic"])
        #expect(try edited.updating(TrackPatch(genres: ["Trip Hop", "Electronic"])) == edited)
        // None of its own: the album's genre applies again.
        let none = try edited.updating(TrackPatch(genres: []))
        #expect(none.details.editedGenres == [])
        #expect(none.genres(on: Album.seeds[0]) == CreditSeparators.current.split(Album.seeds[0].genre))
        #expect(try track.updating(TrackPatch(genres: [])) == track, "already none of its own")
    }

    @Test func aBadGenreIsRefusedNamingIt() {
        #expect(throws: LibraryError.self) { try track.updating(TrackPatch(genres: ["Rock", "a\u{7}b"])) }
        #expect(throws: LibraryError.self) {
            try track.updating(TrackPatch(genres: [String(repeating: "g", count: 501)]))
        }
        do {
            _ = try track.updating(TrackPatch(genres: ["Rock", "  "]))
            Issue.record("an empty genre was taken")
        } catch {
            #expect("\(error)".contains("invalid genre '  ': must not be empty"), "\(error)")
        }
    }

    @Test func theStoredFormTellsTagsFromNoneFromSeveral() {
        var details = TrackDetails(genres: ["From", "Tags"])
        #expect(details.storedGenres == nil)
        details.setGenres(stored: nil)
        #expect(details.editedGenres == nil && details.genres == ["From", "Tags"])
        for edit in [["Trip Hop", "Electronic"], ["Rock"], []] {
            var edited = TrackDetails()
            edited.editedGenres = edit
            var read = TrackDetails()
            read.setGenres(stored: edited.storedGenres)
            #expect(read.editedGenres == edit)
        }
    }

    /// One tagged value naming several genres (what an ID3v2.3 tag holds) is cut as a credit is; a
    /// value with no separator in it stays one genre, and the album's then apply.
    @Test func oneTaggedValueNamingSeveralGenresIsCut() {
        func genres(_ values: [String]) -> [String] {
            TrackTags(properties: values.map { ("GENRE", $0) }, duration: 1, hasPicture: false).genres
        }
        #expect(genres(["Trip Hop; Electronic"]) == ["Trip Hop", "Electronic"])
        #expect(genres(["Rock / Pop"]) == ["Rock", "Pop"])
        #expect(genres(["Rock", "Jazz"]) == ["Rock", "Jazz"])
        #expect(genres(["Rock/Pop"]) == [])
        #expect(genres(["Rock"]) == [])
    }

    /// A track rebuilt from newly read tags (a rescan's, a write's) keeps the genres set by hand.
    @Test func aStoredTrackKeepsTheGenresSetByHandOverItsTags() throws {
        let tags = TrackTags(artist: "Bjork", genre: "Pop; Rock", genres: ["Pop", "Rock"])
        let edited = try track.updating(TrackPatch(genres: ["Trip Hop"]))
        let stored = StoredTrack(track: edited, albumID: .random(), size: 1, modified: 1, tags: tags.stored)
        #expect(stored.track.details.editedGenres == ["Trip Hop"])
        let plain = StoredTrack(track: track, albumID: .random(), size: 1, modified: 1, tags: tags.stored)
        #expect(plain.track.details.editedGenres == nil)
        #expect(plain.track.details.genres == ["Pop", "Rock"])
    }

    /// The history keeps an edit's genres (an entry written before they could be edited has none), and
    /// an export's track carries them back in.
    @Test func theHistoryAndAnExportCarryTheGenres() throws {
        let album = AlbumID.random()
        let edited = try track.updating(TrackPatch(genres: ["Trip Hop", "Electronic"]))
        let change = TrackChange(
            album: album, title: "Post",
            before: [StoredTrack(track: track, albumID: album, size: 1, modified: 1, tags: "")],
            after: [StoredTrack(track: edited, albumID: album, size: 1, modified: 1, tags: "")])
        let read = try HistoryCommand(json: HistoryCommand.tracks(change).json)
        guard case .tracks(let back) = read else {
            Issue.record("not a track change: \(read)")
            return
        }
        #expect(back.before.map(\.track.details.editedGenres) == [nil])
        #expect(back.after.map(\.track.details.editedGenres) == [["Trip Hop", "Electronic"]])

        func imported(_ tracks: [JSONValue]) throws -> [[String]?] {
            let json = JSONValue.object([
                ("title", .string("Post")), ("artist", .string("Bjork")), ("tracks", .array(tracks)),
            ])
            return try AlbumCoding.imported(from: json).tracks?.map(\.details.editedGenres) ?? []
        }
        let exported = [AlbumCoding.json(edited, file: .path), AlbumCoding.json(track, file: .path)]
        #expect(try imported(exported) == [["Trip Hop", "Electronic"], nil])
        let bad = JSONValue.object([
            ("title", .string("T")), ("artist", .string("A")), ("duration", .number("1")),
            ("path", .string("/m/t.flac")), ("genres", .string("Rock")),
        ])
        #expect(throws: LibraryError.self) { try imported([bad]) }
    }
}
