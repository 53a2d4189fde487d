import BlueLibraryCore
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// Annotation: plays counted by `scrobble`, stars and ratings on songs, albums and artists — each
/// user's own, and shown on what they annotate.
@Suite(.timeLimit(.minutes(5)))
struct SubsonicAnnotationTests {
    let harness: SubsonicHarness

    init() async throws {
        harness = try await SubsonicHarness()
    }

    @Test func aScrobbleCountsAPlayAndSetsTheLastPlayed() async throws {
        let low = harness.track("Low Tone").id
        _ = try await harness.json("scrobble", [("id", low)])
        _ = try await harness.json("scrobble", [("id", low), ("time", "1600000000000")])
        // Times before 1970 or more than a day ahead are refused (an extreme one overflowed when shown).
        for time in ["-9223372036854775808", "-1", "9223372036854775807"] {
            #expect(
                try await harness.failure("scrobble", [("id", low), ("time", time)]) == 0, "time=\(time)")
        }
        let song = try await harness.ok("getSong", [("id", low)], "song")
        #expect(song["playCount"] == .number("2"))
        #expect(song["played"] == .string("2023-11-14T22:13:20.000Z"))
        let album = try await harness.ok(
            "getAlbum", [("id", harness.albums["Sines"]!.album.id.rawValue)], "album")
        #expect(album["playCount"] == .number("2"))
        #expect(album["played"] == song["played"])
        #expect(
            try await harness.ok("getSong", [("id", low)], login: .ann, "song")["playCount"] == .number("0"))
        #expect(try await harness.failure("scrobble", [("id", "nothing")]) == 70)
        #expect(try await harness.failure("scrobble") == 10)
        #expect(try await harness.failure("scrobble", [("id", low), ("time", "soon")]) == 0)
    }

    @Test func starsAndRatingsShowOnSongsAlbumsAndArtists() async throws {
        let low = harness.track("Low Tone").id
        let sines = harness.albums["Sines"]!.album.id.rawValue
        let artist = harness.artistID("Sines")
        _ = try await harness.json("star", [("id", low), ("albumId", sines), ("artistId", artist)])
        _ = try await harness.json("setRating", [("id", low), ("rating", "4")])
        _ = try await harness.json("setRating", [("id", sines), ("rating", "2")])
        _ = try await harness.json("setRating", [("id", artist), ("rating", "5")])
        let album = try await harness.ok("getAlbum", [("id", sines)], "album")
        #expect(album["starred"] == .string("2023-11-14T22:13:20.000Z"))
        #expect(album["userRating"] == .number("2"))
        let song = (album["song"]?.list ?? []).first { $0["id"]?.text == low }
        #expect(song?["starred"] != nil)
        #expect(song?["userRating"] == .number("4"))
        #expect(try await harness.ok("getArtist", [("id", artist)], "artist")["starred"] != nil)
        // (getIndexes lists the music folder's own folders, which carry no stars: an artist's folder is
        // their id's directory.)
        let folder = try await harness.ok("getMusicDirectory", [("id", artist)], "directory")
        #expect(folder["userRating"] == .number("5") && folder["starred"] != nil)
        // ann sees none of it.
        let theirs = try await harness.ok("getAlbum", [("id", sines)], login: .ann, "album")
        #expect(theirs["starred"] == nil && theirs["userRating"] == nil)
        _ = try await harness.json("unstar", [("id", low), ("id", sines), ("id", artist)])
        _ = try await harness.json("setRating", [("id", low), ("rating", "0")])
        let after = try await harness.ok("getSong", [("id", low)], "song")
        #expect(after["starred"] == nil && after["userRating"] == nil)
        #expect(try await harness.ok("getAlbum", [("id", sines)], "album")["starred"] == nil)
    }

    @Test func badAnnotationsAreRefusedAndChangeNothing() async throws {
        let low = harness.track("Low Tone").id
        #expect(try await harness.failure("star") == 10)
        #expect(try await harness.failure("star", [("id", low), ("id", "nothing")]) == 70)
        #expect(
            try await harness.ok("getStarred2", "starred2")["song"]?.list.isEmpty == true, "all or nothing")
        #expect(try await harness.failure("setRating", [("id", low), ("rating", "6")]) == 0)
        #expect(try await harness.failure("setRating", [("id", low)]) == 10)
        #expect(try await harness.failure("setRating", [("id", "nothing"), ("rating", "3")]) == 70)
    }
}
