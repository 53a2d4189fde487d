import BlueLibraryCore
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// Lists and search: every album list type with its window, random songs, songs by genre, starred lists,
/// now playing, and search2/search3 — empty queries included.
@Suite(.timeLimit(.minutes(5)))
struct SubsonicListTests {
    let harness: SubsonicHarness

    init() async throws {
        harness = try await SubsonicHarness()
    }

    func names(_ type: String, _ extra: [(String, String)] = [], login: SubsonicHarness.Login = .joe)
        async throws
        -> [String?]
    {
        let list = try await harness.ok("getAlbumList2", [("type", type)] + extra, login: login, "albumList2")
        let albums = list["album"]?.list ?? []
        for album in albums { SubsonicSchema.check(album, SubsonicSchema.albumID3, "AlbumID3 of \(type)") }
        return albums.map { $0["name"]?.text }
    }

    @Test func albumListsByNameArtistYearGenreAndNewestInWindows() async throws {
        #expect(try await names("alphabeticalByName") == ["Début", "Sines"])
        #expect(try await names("alphabeticalByName", [("size", "1"), ("offset", "1")]) == ["Sines"])
        #expect(try await names("alphabeticalByArtist") == ["Début", "Sines"])
        #expect(try await names("byYear", [("fromYear", "1990"), ("toYear", "2000")]) == ["Début"])
        #expect(try await names("byYear", [("fromYear", "2010"), ("toYear", "1990")]) == ["Sines", "Début"])
        #expect(try await names("byGenre", [("genre", "pop")]) == ["Début"])
        #expect(Set(try await names("random")) == ["Début", "Sines"])
        #expect(try await names("newest").count == 2)
        // By artist, not by title: Sines's album artist now sorts before Björk.
        _ = try await harness.library.update(
            .id(harness.albums["Sines"]!.album.id), with: AlbumPatch(artist: "Aphex"))
        #expect(try await names("alphabeticalByArtist") == ["Sines", "Début"])
        #expect(try await names("alphabeticalByName") == ["Début", "Sines"])
        #expect(try await harness.failure("getAlbumList2", [("type", "byYear"), ("fromYear", "1990")]) == 10)
        #expect(try await harness.failure("getAlbumList2", [("type", "byGenre")]) == 10)
        #expect(try await harness.failure("getAlbumList2") == 10)
        #expect(try await harness.failure("getAlbumList2", [("type", "best")]) == 0)
        #expect(try await harness.failure("getAlbumList2", [("type", "newest"), ("size", "ten")]) == 0)
        // An offset past any library is held to one (it overflowed when added to): an empty window.
        for type in ["frequent", "alphabeticalByName"] {
            #expect(try await names(type, [("offset", "9223372036854775807")]) == [])
        }
    }

    @Test func playedRatedAndStarredListsAreEachUsersOwn() async throws {
        let low = harness.track("Low Tone").id
        let human = harness.track("Human Behaviour").id
        let debut = harness.albums["Début"]!.album.id.rawValue
        let sines = harness.albums["Sines"]!.album.id.rawValue
        #expect(
            try await harness.json("scrobble", [("id", human), ("time", "1000")])["status"] == .string("ok"))
        _ = try await harness.json("scrobble", [("id", low), ("id", low), ("time", "500"), ("time", "600")])
        _ = try await harness.json("setRating", [("id", debut), ("rating", "5")])
        _ = try await harness.json("setRating", [("id", sines), ("rating", "3")])
        _ = try await harness.json("star", [("albumId", sines)])
        #expect(try await names("frequent") == ["Sines", "Début"])
        #expect(try await names("recent") == ["Début", "Sines"])
        #expect(try await names("highest") == ["Début", "Sines"])
        #expect(try await names("starred") == ["Sines"])
        #expect(try await names("frequent", login: .ann) == [])
        #expect(try await names("starred", login: .ann) == [])
        let v1 = try await harness.ok("getAlbumList", [("type", "starred")], "albumList")["album"]?.list ?? []
        #expect(v1.map { $0["title"]?.text } == ["Sines"])
        #expect(v1.map { $0["isDir"] } == [.bool(true)])
    }

    @Test func randomSongsAndSongsByGenre() async throws {
        let random =
            try await harness.ok("getRandomSongs", [("size", "10")], "randomSongs")["song"]?.list ?? []
        #expect(Set(random.compactMap { $0["title"]?.text }) == ["Low Tone", "High Tone", "Human Behaviour"])
        for song in random { SubsonicSchema.check(song, SubsonicSchema.child, "Child") }
        let pop =
            try await harness.ok("getRandomSongs", [("genre", "Pop")], "randomSongs")["song"]?.list ?? []
        #expect(pop.map { $0["title"]?.text } == ["Human Behaviour"])
        let old =
            try await harness.ok("getRandomSongs", [("toYear", "1995")], "randomSongs")["song"]?.list ?? []
        #expect(old.map { $0["title"]?.text } == ["Human Behaviour"])
        let genre = try await harness.ok(
            "getSongsByGenre", [("genre", "electronic"), ("count", "1"), ("offset", "1")], "songsByGenre")
        #expect((genre["song"]?.list ?? []).map { $0["title"]?.text } == ["High Tone"])
        #expect(try await harness.failure("getSongsByGenre") == 10)
    }

    @Test func nowPlayingIsWhatPlayersSaidAndAScrobbleThatIsNotASubmissionCountsNoPlay() async throws {
        let human = harness.track("Human Behaviour").id
        _ = try await harness.json("scrobble", [("id", human), ("submission", "false")])
        harness.advance(milliseconds: 180_000)
        let entries = try await harness.ok("getNowPlaying", login: .ann, "nowPlaying")["entry"]?.list ?? []
        #expect(entries.count == 1)
        for entry in entries {
            SubsonicSchema.check(entry, SubsonicSchema.nowPlayingEntry, "NowPlayingEntry")
        }
        #expect(entries.first?["title"] == .string("Human Behaviour"))
        #expect(entries.first?["username"] == .string("joe"))
        #expect(entries.first?["minutesAgo"] == .number("3"))
        #expect(entries.first?["playerName"] == .string("tests"), "the client's name, c")
        #expect(try await harness.ok("getSong", [("id", human)], "song")["playCount"] == .number("0"))
        harness.advance(milliseconds: 3_600_000)
        #expect(try await harness.ok("getNowPlaying", "nowPlaying")["entry"]?.list.isEmpty == true)
    }

    @Test func starredListsHoldArtistsAlbumsAndSongsLatestFirst() async throws {
        let low = harness.track("Low Tone").id
        let high = harness.track("High Tone").id
        _ = try await harness.json("star", [("id", low), ("artistId", harness.artistID("Début"))])
        harness.advance(milliseconds: 1000)
        _ = try await harness.json(
            "star", [("id", high), ("id", harness.albums["Début"]!.album.id.rawValue)])
        let starred = try await harness.ok("getStarred2", "starred2")
        #expect((starred["song"]?.list ?? []).map { $0["title"]?.text } == ["High Tone", "Low Tone"])
        #expect((starred["album"]?.list ?? []).map { $0["name"]?.text } == ["Début"])
        #expect((starred["artist"]?.list ?? []).map { $0["name"]?.text } == ["Björk"])
        for song in starred["song"]?.list ?? [] { SubsonicSchema.check(song, SubsonicSchema.child, "Child") }
        #expect(starred["song"]?.list.first?["starred"] == .string("2023-11-14T22:13:21.000Z"))
        let folders = try await harness.ok("getStarred", "starred")
        #expect((folders["album"]?.list ?? []).map { $0["title"]?.text } == ["Début"])
        #expect((folders["artist"]?.list ?? []).map { $0["name"]?.text } == ["Björk"])
        let others = try await harness.ok("getStarred2", login: .ann, "starred2")
        #expect(others == .object([("artist", .array([])), ("album", .array([])), ("song", .array([]))]))
    }

    @Test func search3FindsEveryWordIgnoringCaseAndAccents() async throws {
        let found = try await harness.ok("search3", [("query", "BJORK")], "searchResult3")
        #expect((found["artist"]?.list ?? []).map { $0["name"]?.text } == ["Björk"])
        #expect((found["album"]?.list ?? []).map { $0["name"]?.text } == ["Début"])
        #expect((found["song"]?.list ?? []).map { $0["title"]?.text } == ["Human Behaviour"])
        for artist in found["artist"]?.list ?? [] {
            SubsonicSchema.check(artist, SubsonicSchema.artistID3, "ArtistID3")
        }
        for album in found["album"]?.list ?? [] {
            SubsonicSchema.check(album, SubsonicSchema.albumID3, "AlbumID3")
        }
        let two = try await harness.ok("search3", [("query", "sines high")], "searchResult3")
        // An album matches when each word is in its own fields or one of its tracks'; a song when each
        // is in its own title or artist, as the web page's track search reads the words.
        #expect((two["album"]?.list ?? []).map { $0["name"]?.text } == ["Sines"])
        #expect((two["song"]?.list ?? []).map { $0["title"]?.text } == [])
        // The query language: the album's title, then a word of the song's own.
        let fielded = try await harness.ok("search3", [("query", "album:sines high")], "searchResult3")
        #expect((fielded["song"]?.list ?? []).map { $0["title"]?.text } == ["High Tone"])
        #expect(fielded["artist"]?.list.isEmpty != false, "a query about albums names no artist")
        // Text that is no valid query (an unclosed quote, a field that does not exist) is searched as
        // plain words.
        let plain = try await harness.ok("search3", [("query", "\"low tone")], "searchResult3")
        #expect((plain["song"]?.list ?? []).map { $0["title"]?.text } == ["Low Tone"])
        // A comma is part of a name, not "or": every word must match.
        let comma = try await harness.ok("search3", [("query", "Björk, Sines")], "searchResult3")
        #expect(comma == .object([("artist", .array([])), ("album", .array([])), ("song", .array([]))]))
        let named = try await harness.ok("search3", [("query", "Björk,")], "searchResult3")
        #expect((named["artist"]?.list ?? []).map { $0["name"]?.text } == ["Björk"])
        let unknown = try await harness.ok("search3", [("query", "live:1975")], "searchResult3")
        #expect(unknown == .object([("artist", .array([])), ("album", .array([])), ("song", .array([]))]))
        let none = try await harness.ok("search3", [("query", "zzz")], "searchResult3")
        #expect(none == .object([("artist", .array([])), ("album", .array([])), ("song", .array([]))]))
        #expect(try await harness.failure("search3") == 10)
    }

    @Test(arguments: ["", "\"\""])
    func anEmptyQueryPagesThroughEverything(query: String) async throws {
        let all =
            try await harness.ok(
                "search3", [("query", query), ("songCount", "500")], "searchResult3")["song"]?.list ?? []
        #expect(Set(all.compactMap { $0["title"]?.text }) == ["Low Tone", "High Tone", "Human Behaviour"])
        let first = try await harness.ok(
            "search3", [("query", query), ("artistCount", "1"), ("albumCount", "1"), ("songCount", "2")],
            "searchResult3")
        #expect((first["artist"]?.list ?? []).map { $0["name"]?.text } == ["Björk"])
        #expect((first["album"]?.list ?? []).map { $0["name"]?.text } == ["Début"])
        let next = try await harness.ok(
            "search3",
            [
                ("query", query), ("artistCount", "5"), ("artistOffset", "1"), ("albumOffset", "1"),
                ("songOffset", "2"),
            ], "searchResult3")
        #expect((next["artist"]?.list ?? []).map { $0["name"]?.text } == ["Oscillator"])
        #expect((next["album"]?.list ?? []).map { $0["name"]?.text } == ["Sines"])
        #expect((first["song"]?.list ?? []) + (next["song"]?.list ?? []) == all)
    }

    @Test func search2AnswersInFolderShapes() async throws {
        let found = try await harness.ok("search2", [("query", "tone")], "searchResult2")
        let albums = found["album"]?.list ?? []
        #expect(albums.map { $0["title"]?.text } == ["Sines"])
        #expect(albums.map { $0["isDir"] } == [.bool(true)])
        #expect((found["song"]?.list ?? []).map { $0["title"]?.text } == ["Low Tone", "High Tone"])
        let artists =
            try await harness.ok("search2", [("query", "osc")], "searchResult2")["artist"]?.list ?? []
        #expect(artists.map(\.keys) == [["id", "name"]])
    }
}
