import BlueLibraryCore
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// Play queues (by song and by index) and bookmarks: each user's own, the last saved queue wins whichever
/// player saved it, and every answer has the fields the OpenSubsonic schemas require.
@Suite(.timeLimit(.minutes(5)))
struct SubsonicQueueTests {
    let harness: SubsonicHarness
    static let playQueue: [(String, SubsonicSchema.Kind)] = [
        ("username", .string), ("changed", .string), ("changedBy", .string),
    ]
    static let bookmark: [(String, SubsonicSchema.Kind)] = [
        ("position", .integer), ("username", .string), ("created", .string), ("changed", .string),
    ]

    init() async throws {
        harness = try await SubsonicHarness()
    }

    @Test func aQueueSavedByOnePlayerIsTheQueueAnotherGets() async throws {
        let (low, high, human) = (
            harness.track("Low Tone"), harness.track("High Tone"), harness.track("Human Behaviour")
        )
        // No queue yet: an answer without any.
        let none = try await harness.json("getPlayQueue")
        #expect(none["status"] == .string("ok") && none["playQueue"] == nil)
        _ = try await harness.json(
            "savePlayQueue",
            [
                ("id", low.id), ("id", human.id), ("id", high.id), ("current", human.id.uppercased()),
                ("position", "61500"),
            ],
            method: "POST")
        let queue = try await harness.ok("getPlayQueue", "playQueue")
        SubsonicSchema.check(queue, Self.playQueue, "PlayQueue")
        #expect(
            (queue["entry"]?.list ?? []).map { $0["title"]?.text } == [
                "Low Tone", "Human Behaviour", "High Tone",
            ])
        for entry in queue["entry"]?.list ?? [] { SubsonicSchema.check(entry, SubsonicSchema.child, "Child") }
        #expect(queue["current"] == .string(human.id))
        #expect(queue["position"] == .number("61500"))
        #expect(queue["username"] == .string("joe"))
        #expect(queue["changedBy"] == .string("tests"))
        #expect(queue["changed"] == .string("2023-11-14T22:13:20.000Z"))
        // The same queue by index.
        let byIndex = try await harness.ok("getPlayQueueByIndex", "playQueueByIndex")
        SubsonicSchema.check(byIndex, Self.playQueue, "PlayQueueByIndex")
        #expect(byIndex["currentIndex"] == .number("1"))
        #expect(byIndex["current"] == nil)
        // Another player saves by index; it wins.
        harness.advance(milliseconds: 60_000)
        _ = try await harness.json(
            "savePlayQueueByIndex",
            [("id", high.id), ("id", high.id), ("currentIndex", "1"), ("position", "0")])
        let later = try await harness.ok("getPlayQueue", "playQueue")
        #expect((later["entry"]?.list ?? []).map { $0["title"]?.text } == ["High Tone", "High Tone"])
        #expect(later["current"] == .string(high.id))
        #expect(later["changed"] == .string("2023-11-14T22:14:20.000Z"))
        #expect(
            try await harness.ok("getPlayQueueByIndex", "playQueueByIndex")["currentIndex"] == .number("1"))
        // Each user has their own.
        let hers = try await harness.json("getPlayQueue", login: .ann)
        #expect(hers["playQueue"] == nil)
        // Without ids, the queue is forgotten.
        _ = try await harness.json("savePlayQueue")
        #expect(try await harness.json("getPlayQueue")["playQueue"] == nil)
    }

    @Test func aQueueOfUnknownSongsOrPlacesIsRefusedAndChangesNothing() async throws {
        let low = harness.track("Low Tone")
        _ = try await harness.json("savePlayQueue", [("id", low.id)])
        #expect(try await harness.failure("savePlayQueue", [("id", low.id), ("id", "no-such-song")]) == 70)
        #expect(try await harness.failure("savePlayQueue", [("id", low.id), ("current", "other")]) == 0)
        #expect(
            try await harness.failure("savePlayQueueByIndex", [("id", low.id), ("currentIndex", "1")]) == 0)
        #expect(try await harness.failure("savePlayQueue", [("id", low.id), ("position", "soon")]) == 0)
        let kept = try await harness.ok("getPlayQueue", "playQueue")
        #expect((kept["entry"]?.list ?? []).map { $0["id"]?.text } == [low.id])
        #expect(kept["current"] == nil)
    }

    @Test func bookmarksAreEachUsersPlacesInSongs() async throws {
        let (low, human) = (harness.track("Low Tone"), harness.track("Human Behaviour"))
        #expect(try await harness.ok("getBookmarks", "bookmarks")["bookmark"] == .array([]))
        _ = try await harness.json(
            "createBookmark", [("id", low.id), ("position", "1000"), ("comment", "intro")])
        harness.advance(milliseconds: 1_000)
        _ = try await harness.json("createBookmark", [("id", human.id), ("position", "2000")])
        harness.advance(milliseconds: 1_000)
        // Saved again, it moves (and keeps when it was made).
        _ = try await harness.json(
            "createBookmark", [("id", low.id), ("position", "5000"), ("comment", "later")])
        let marks = try await harness.ok("getBookmarks", "bookmarks")["bookmark"]?.list ?? []
        for mark in marks { SubsonicSchema.check(mark, Self.bookmark, "Bookmark") }
        #expect(marks.map { $0["entry"]?["title"]?.text } == ["Low Tone", "Human Behaviour"])
        #expect(marks.map { $0["position"] } == [.number("5000"), .number("2000")])
        #expect(marks.first?["comment"] == .string("later"))
        #expect(marks.first?["created"] == .string("2023-11-14T22:13:20.000Z"))
        #expect(marks.first?["changed"] == .string("2023-11-14T22:13:22.000Z"))
        #expect(try await harness.ok("getBookmarks", login: .ann, "bookmarks")["bookmark"] == .array([]))
        _ = try await harness.json("deleteBookmark", [("id", low.id)])
        #expect(
            (try await harness.ok("getBookmarks", "bookmarks")["bookmark"]?.list ?? []).map {
                $0["entry"]?["id"]?.text
            }
                == [human.id])
        #expect(
            try await harness.failure("createBookmark", [("id", "no-such-song"), ("position", "1")]) == 70)
        #expect(try await harness.failure("createBookmark", [("id", low.id)]) == 10)
        #expect(
            try await harness.failure(
                "createBookmark", [("id", low.id), ("position", "1"), ("comment", "a\u{7}")]) == 0)
    }

    /// `reportPlayback`: now playing follows the player, and each playback counts one play once it
    /// passes half the track (these fixtures last about 2 s).
    @Test func playbackReportsMoveNowPlayingAndCountEachPlaybackOnce() async throws {
        let low = harness.track("Low Tone")
        func report(_ state: String, _ position: Int, _ extra: [(String, String)] = []) async throws {
            let answer = try await harness.json(
                "reportPlayback",
                [("mediaId", low.id), ("mediaType", "song"), ("positionMs", "\(position)"), ("state", state)]
                    + extra)
            #expect(answer["status"] == .string("ok"), "\(JSONWriter.string(answer))")
        }
        func plays() async throws -> JSONValue? {
            try await harness.ok("getSong", [("id", low.id)], "song")["playCount"]
        }
        try await report("starting", 0)
        let playing = try await harness.ok("getNowPlaying", "nowPlaying")["entry"]?.list ?? []
        #expect(playing.map { $0["title"]?.text } == ["Low Tone"])
        #expect(playing.first?["playerName"] == .string("tests"))
        try await report("playing", 300)
        #expect(try await plays() == .number("0"))
        try await report("playing", 1_200)
        try await report("paused", 1_500)
        try await report("playing", 1_900)
        #expect(try await plays() == .number("1"))
        // Played again from the start: a second play.
        try await report("starting", 0)
        try await report("playing", 1_500)
        #expect(try await plays() == .number("2"))
        // A late report of the same playback, stopped or not, counts nothing again.
        try await report("stopped", 1_800)
        try await report("stopped", 1_900)
        try await report("playing", 1_950)
        #expect(try await plays() == .number("2"))
        // Reported without counting.
        try await report("starting", 0)
        try await report("playing", 1_500, [("ignoreScrobble", "true")])
        #expect(try await plays() == .number("2"))
        try await report("stopped", 1_600)
        #expect(try await harness.ok("getNowPlaying", "nowPlaying")["entry"] == .array([]))
        let base = [("mediaId", low.id), ("mediaType", "song"), ("positionMs", "0")]
        #expect(try await harness.failure("reportPlayback", base + [("state", "rewinding")]) == 0)
        #expect(try await harness.failure("reportPlayback", base) == 10)
        #expect(
            try await harness.failure(
                "reportPlayback",
                [("mediaId", low.id), ("mediaType", "podcast"), ("positionMs", "0"), ("state", "playing")])
                == 70)
    }

    @Test func anAPIKeysHolderLearnsWhoTheyAre() async throws {
        let key = try await harness.accounts.makeAPIKey(for: "ann")
        #expect(
            try await harness.ok("tokenInfo", login: .apiKey(key), "tokenInfo")["username"] == .string("ann"))
        let me = try await harness.ok("getUser", login: .apiKey(key), "user")
        SubsonicSchema.check(me, SubsonicSchema.user, "User")
        #expect(me["username"] == .string("ann"))
    }

    @Test func search3AlbumsHaveTheTitleOfAChildToo() async throws {
        let albums =
            try await harness.ok("search3", [("query", "Sines")], "searchResult3")["album"]?.list ?? []
        #expect(albums.map { $0["name"]?.text } == ["Sines"])
        #expect(albums.map { $0["title"]?.text } == ["Sines"])
    }
}
