import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryScanner
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// Songs as OpenSubsonic describes them: every artist credited with an id (`artists`, `displayArtist`,
/// `artistId` on a compilation's guest too), the genres one by one, the disc's subtitle, ReplayGain; and
/// their lyrics from a file beside them and from their tags (`getLyrics`, `getLyricsBySongId`).
@Suite(.timeLimit(.minutes(5)))
struct SubsonicTrackDetailsTests {
    let harness: SubsonicHarness
    let duet: Track
    let anthem: Track
    let mixID: AlbumID

    /// "Mix" by Various Artists: "Duet" by "Ann feat. Bob" (FLAC, two genres in one string, ReplayGain,
    /// a disc subtitle, LRC lyrics in its tags and in `01.lrc` beside it) and "Anthem" by AC/DC (MP3,
    /// plain lyrics in `02.txt`).
    init() async throws {
        harness = try await SubsonicHarness(music: false)
        let folder = harness.directory.file("music")
        let mix = folder + "/Various Artists/Mix"
        var duetTags = FixtureTags.detailed
        duetTags.album = "Mix"
        duetTags.albumArtist = "Various Artists"
        duetTags.track = "1"
        try await AudioFixtures.write(.flac, to: mix + "/01.flac", tags: duetTags)
        try TagFileWriter.write(
            [("MUSICBRAINZ_ARTISTID", Self.annMBID), ("MUSICBRAINZ_ARTISTID", Self.bobMBID)],
            to: mix + "/01.flac")
        try "[00:01.00]From the file\n[00:02.00]Its second line\n".write(
            toFile: mix + "/01.lrc", atomically: true, encoding: .utf8)
        try await AudioFixtures.write(
            .mp3, to: mix + "/02.mp3",
            tags: FixtureTags(
                title: "Anthem", artist: "AC/DC", albumArtist: "Various Artists", album: "Mix", track: "2"))
        try "Plain words\nand more\n".write(toFile: mix + "/02.txt", atomically: true, encoding: .utf8)
        _ = try await FolderImporter(library: harness.library, scanner: MusicScanner()).importFolder(folder)
        let album = try #require(try await harness.library.albums().first { $0.title == "Mix" })
        mixID = album.id
        let tracks = try await harness.library.album(.id(album.id)).tracks
        duet = try #require(tracks.first { $0.title == "Duet" })
        anthem = try #require(tracks.first { $0.title == "Anthem" })
    }

    static let (annMBID, bobMBID) = (
        "0a1b2c3d-0000-4000-8000-00000000000a", "0a1b2c3d-0000-4000-8000-00000000000b"
    )

    private func artistID(_ name: String) -> JSONValue {
        .string(SubsonicShapes.artistID(key: SearchKey.fold(name)))
    }

    @Test func aSongNamesEveryArtistAndGenreWithItsReplayGain() async throws {
        let song = try await harness.ok("getSong", [("id", duet.id)], "song")
        #expect(song["displayArtist"] == .string("Ann feat. Bob"))
        #expect(song["artistId"] == artistID("Ann"))
        #expect(song["artists"]?.list.map { $0["name"] } == [.string("Ann"), .string("Bob")])
        #expect(song["artists"]?.list.map { $0["id"] } == [artistID("Ann"), artistID("Bob")])
        #expect(
            song["artists"]?.list.map { $0["musicBrainzId"] } == [
                .string(Self.annMBID), .string(Self.bobMBID),
            ],
            "each credit with the MusicBrainz id its tags give")
        #expect(song["displayAlbumArtist"] == .string("Various Artists"))
        #expect(song["albumArtists"]?.list.map { $0["id"] } == [artistID("Various Artists")])
        #expect(song["genres"]?.list.map { $0["name"] } == [.string("Alternative"), .string("Art Rock")])
        #expect(song["discSubtitle"] == .string("The Live Set"))
        let gain = try #require(song["replayGain"])
        SubsonicSchema.checkNumbers(gain, SubsonicSchema.replayGain, "ReplayGain")
        #expect(gain["trackGain"] == .number("-6.54"))
        #expect(gain["trackPeak"] == .number("0.988553"))
        #expect(gain["albumGain"] == .number("1.2"))
        #expect(gain["albumPeak"] == .number("1.1"))
        // A compilation's guest has an artist id too; a name with `/` or `&` stays whole.
        let other = try await harness.ok("getSong", [("id", anthem.id)], "song")
        #expect(other["artistId"] == artistID("AC/DC"))
        #expect(other["artists"]?.list.map { $0["name"] } == [.string("AC/DC")])
        #expect(other["replayGain"] == nil)
        let album = try await harness.ok("getAlbum", [("id", mixID.rawValue)], "album")
        #expect(album["genres"]?.list.map { $0["name"] } == [.string("Alternative"), .string("Art Rock")])
        #expect(album["displayArtist"] == .string("Various Artists"))
    }

    /// `getArtists` lists the artists only credited on tracks too, each counting the albums they appear
    /// on, with the id their songs carry.
    @Test func theArtistIndexListsTheGuestsToo() async throws {
        let index = try await harness.ok("getArtists", [], "artists")
        let artists = index["index"]?.list.flatMap { $0["artist"]?.list ?? [] } ?? []
        for artist in artists { SubsonicSchema.check(artist, SubsonicSchema.artistID3, "ArtistID3") }
        for guest in ["Bob", "AC/DC"] {
            let found = artists.first { $0["name"] == .string(guest) }
            #expect(found?["id"] == artistID(guest), "\(guest) in \(artists)")
            #expect(found?["albumCount"] == .number("1"), "\(guest)")
        }
        #expect(artists.filter { $0["name"] == .string("Various Artists") }.count == 1)
        // The list is kept between calls, until the library changes: a new guest shows at once, and
        // goes with the undo.
        func names() async throws -> [JSONValue?] {
            let index = try await harness.ok("getArtists", [], "artists")
            return index["index"]?.list.flatMap { $0["artist"]?.list ?? [] }.map { $0["name"] } ?? []
        }
        #expect(!(try await names()).contains(.string("Cy")))
        try await harness.library.updateTracks([(anthem.id, TrackPatch(artist: "Cy"))])
        #expect(try await names().contains(.string("Cy")))
        _ = try await harness.library.undo()
        #expect(!(try await names()).contains(.string("Cy")))
    }

    /// A song's genres follow an edit of the track's, and come back to the album's when it is undone.
    @Test func aSongsGenresFollowTheTracksEdit() async throws {
        try await harness.library.updateTracks([(anthem.id, TrackPatch(genres: ["Hard Rock", "Live"]))])
        let song = try await harness.ok("getSong", [("id", anthem.id)], "song")
        #expect(song["genres"]?.list.map { $0["name"] } == [.string("Hard Rock"), .string("Live")])
        _ = try await harness.library.undo()
        let back = try await harness.ok("getSong", [("id", anthem.id)], "song")
        #expect(back["genres"]?.list.map { $0["name"] } == [.string("Alternative"), .string("Art Rock")])
    }

    /// The id a guest's song carries is an artist an app can open: named as credited, with the albums
    /// they appear on; an id no artist has is still error 70.
    @Test func aGuestsArtistIDOpensTheirArtistWithTheAlbumsTheyAppearOn() async throws {
        for (guest, id) in [("Bob", artistID("Bob")), ("AC/DC", artistID("AC/DC")), ("Ann", artistID("Ann"))]
        {
            guard case .string(let text) = id else { continue }
            let artist = try await harness.ok("getArtist", [("id", text)], "artist")
            SubsonicSchema.check(artist, SubsonicSchema.artistID3, "ArtistWithAlbumsID3")
            #expect(artist["name"] == .string(guest))
            #expect(artist["albumCount"] == .number("1"))
            #expect(artist["album"]?.list.map { $0["id"] } == [.string(mixID.rawValue)])
        }
        // "Ann feat. Bob" credits Ann and Bob, not "Ann feat"; a name inside another is not a credit.
        #expect(try await harness.failure("getArtist", [("id", SubsonicShapes.artistID(key: "an"))]) == 70)
        #expect(try await harness.failure("getArtist", [("id", SubsonicShapes.artistID(key: "ac"))]) == 70)
    }

    @Test func lyricsComeFromTheFileBesideTheSongThenFromItsTags() async throws {
        let list = try await harness.ok("getLyricsBySongId", [("id", duet.id)], "lyricsList")
        let structured = try #require(list["structuredLyrics"]?.list)
        #expect(structured.count == 2)
        for lyrics in structured {
            SubsonicSchema.check(lyrics, SubsonicSchema.structuredLyrics, "StructuredLyrics")
            for line in lyrics["line"]?.list ?? [] {
                SubsonicSchema.check(line, SubsonicSchema.lyricLine, "Line")
            }
        }
        #expect(
            structured.allSatisfy { $0["synced"] == .bool(true) && $0["displayTitle"] == .string("Duet") })
        #expect(structured[0]["line"]?.list.map { $0["start"] } == [.number("1000"), .number("2000")])
        #expect(
            structured[0]["line"]?.list.map { $0["value"] } == [
                .string("From the file"), .string("Its second line"),
            ])
        #expect(
            structured[1]["line"]?.list.map { $0["value"] } == [
                .string("First line"), .string("Second line"),
            ])
        #expect(structured[1]["line"]?.list.map { $0["start"] } == [.number("1500"), .number("3250")])
        let plain = try await harness.ok("getLyricsBySongId", [("id", anthem.id)], "lyricsList")
        let only = try #require(plain["structuredLyrics"]?.list.first)
        #expect(only["synced"] == .bool(false))
        #expect(only["line"]?.list.map { $0["value"] } == [.string("Plain words"), .string("and more")])
        #expect(only["line"]?.list.first?["start"] == nil)
        let xml = await harness.call("getLyricsBySongId", [("id", duet.id)], format: nil)
        #expect(
            String(decoding: xml.bytes, as: UTF8.self).contains(#"<line start="1000">From the file</line>"#))
        #expect(try await harness.failure("getLyricsBySongId", [("id", "nope")]) == 70)
    }

    @Test func lyricsByArtistAndTitle() async throws {
        let found = try await harness.ok("getLyrics", [("artist", "bob"), ("title", "duet")], "lyrics")
        #expect(found["title"] == .string("Duet"))
        #expect(found["artist"] == .string("Ann feat. Bob"))
        #expect(found["value"] == .string("From the file\nIts second line"))
        let none = try await harness.ok("getLyrics", [("artist", "Nobody"), ("title", "Duet")], "lyrics")
        #expect(none["value"] == nil)
    }
}
