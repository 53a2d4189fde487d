import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryScanner
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// Top songs, similar songs and artist and album information, made from the library itself: with
/// "Waves" by Modulator (Electronic, 2004) beside the harness's Oscillator (Electronic, 2001) and Björk
/// (Pop, 1993).
@Suite(.timeLimit(.minutes(5)))
struct SubsonicDiscoveryTests {
    let harness: SubsonicHarness

    init() async throws {
        harness = try await SubsonicHarness()
        try await AudioFixtures.write(
            .mp3, to: harness.directory.file("music/Modulator/Waves/01.mp3"),
            tags: FixtureTags(
                title: "Carrier", artist: "Modulator", album: "Waves", date: "2004", genre: "Electronic",
                track: "1"))
        _ = try await FolderImporter(library: harness.library, scanner: MusicScanner())
            .importFolder(harness.directory.file("music"))
    }

    @Test func topSongsAreTheArtistsMostPlayedFirst() async throws {
        let high = harness.track("High Tone")
        for _ in 0..<2 { _ = try await harness.json("scrobble", [("id", high.id)]) }
        let top =
            try await harness.ok("getTopSongs", [("artist", "oscillator")], "topSongs")["song"]?.list ?? []
        for song in top { SubsonicSchema.check(song, SubsonicSchema.child, "Child") }
        #expect(top.map { $0["title"]?.text } == ["High Tone", "Low Tone"])
        #expect(try await harness.ok("getTopSongs", [("artist", "Nobody")], "topSongs")["song"] == .array([]))
        #expect(try await harness.failure("getTopSongs") == 10)
    }

    @Test func similarSongsMixTheGenreTheDecadeAndTheArtist() async throws {
        let similar =
            try await harness.ok(
                "getSimilarSongs2", [("id", harness.artistID("Sines")), ("count", "10")], "similarSongs2")[
                "song"]?
            .list ?? []
        for song in similar { SubsonicSchema.check(song, SubsonicSchema.child, "Child") }
        #expect(Set(similar.compactMap { $0["title"]?.text }) == ["Low Tone", "High Tone", "Carrier"])
        // A song's similar songs never hold the song itself.
        let low = harness.track("Low Tone")
        let mix =
            try await harness.ok("getSimilarSongs", [("id", low.id)], "similarSongs")["song"]?.list ?? []
        #expect(Set(mix.compactMap { $0["title"]?.text }) == ["High Tone", "Carrier"])
        #expect(try await harness.failure("getSimilarSongs", [("id", "nothing")]) == 70)
    }

    @Test func artistInfoSumsUpTheArtistAndNamesThoseSharingAGenre() async throws {
        let info = try await harness.ok("getArtistInfo2", [("id", harness.artistID("Sines"))], "artistInfo2")
        #expect(info["biography"] == .string("Oscillator: 1 album in this library, 2001: Sines. Electronic."))
        let similar = info["similarArtist"]?.list ?? []
        for artist in similar { SubsonicSchema.check(artist, SubsonicSchema.artistID3, "ArtistID3") }
        #expect(similar.map { $0["name"]?.text } == ["Modulator"])
        let old = try await harness.ok("getArtistInfo", [("id", harness.artistID("Début"))], "artistInfo")
        #expect(old["similarArtist"] == .array([]))
        #expect(try await harness.failure("getArtistInfo", [("id", "ar-0")]) == 70)
    }

    @Test func albumInfoHasNotesAndTheReleaseID() async throws {
        let sines = try #require(harness.albums["Sines"]?.album)
        let info = try await harness.ok("getAlbumInfo2", [("id", sines.id.rawValue)], "albumInfo")
        let notes = try #require(info["notes"]?.text)
        #expect(notes.hasPrefix("Sines by Oscillator, 2001. Electronic. 2 tracks, 0:0"))
        let bySong = try await harness.ok("getAlbumInfo", [("id", harness.track("Low Tone").id)], "albumInfo")
        #expect(bySong["notes"] == info["notes"])
        #expect(try await harness.failure("getAlbumInfo", [("id", harness.artistID("Sines"))]) == 70)
    }
}
