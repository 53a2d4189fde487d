import BlueLibraryCore
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// Playlists: made, read, changed and deleted by their owner; seen by others only when public.
@Suite(.timeLimit(.minutes(5)))
struct SubsonicPlaylistTests {
    let harness: SubsonicHarness

    init() async throws {
        harness = try await SubsonicHarness()
    }

    func create(_ name: String, _ songs: [String], login: SubsonicHarness.Login = .joe) async throws
        -> JSONValue
    {
        try await harness.ok(
            "createPlaylist", [("name", name)] + songs.map { ("songId", $0) }, login: login, method: "POST",
            "playlist")
    }

    @Test func aPlaylistIsMadeReadChangedAndDeleted() async throws {
        let (low, high, human) = (
            harness.track("Low Tone"), harness.track("High Tone"), harness.track("Human Behaviour")
        )
        let made = try await create("Evening", [low.id, high.id, low.id])
        SubsonicSchema.check(made, SubsonicSchema.playlist, "PlaylistWithSongs")
        #expect(made["owner"] == .string("joe"))
        #expect(made["public"] == .bool(false))
        #expect(made["songCount"] == .number("3"))
        #expect(made["duration"] == .number("6"))
        #expect(made["created"] == .string("2023-11-14T22:13:20.000Z"))
        #expect(
            (made["entry"]?.list ?? []).map { $0["title"]?.text } == ["Low Tone", "High Tone", "Low Tone"])
        let id = try #require(made["id"]?.text)
        let listed = try await harness.ok("getPlaylists", "playlists")["playlist"]?.list ?? []
        for playlist in listed { SubsonicSchema.check(playlist, SubsonicSchema.playlist, "Playlist") }
        #expect(listed.map { $0["name"]?.text } == ["Evening"])
        #expect(listed.first?["entry"] == nil)

        harness.advance(milliseconds: 60_000)
        _ = try await harness.json(
            "updatePlaylist",
            [
                ("playlistId", id), ("name", "Night"), ("comment", "quiet"), ("public", "true"),
                ("songIndexToRemove", "0"), ("songIndexToRemove", "2"), ("songIdToAdd", human.id),
            ])
        let changed = try await harness.ok("getPlaylist", [("id", id)], "playlist")
        #expect(changed["name"] == .string("Night"))
        #expect(changed["comment"] == .string("quiet"))
        #expect(changed["public"] == .bool(true))
        #expect(changed["changed"] == .string("2023-11-14T22:14:20.000Z"))
        #expect((changed["entry"]?.list ?? []).map { $0["title"]?.text } == ["High Tone", "Human Behaviour"])

        // createPlaylist with an id replaces the songs.
        let replaced = try await harness.ok(
            "createPlaylist", [("playlistId", id), ("songId", human.id)], "playlist")
        #expect((replaced["entry"]?.list ?? []).map { $0["title"]?.text } == ["Human Behaviour"])
        #expect(replaced["name"] == .string("Night"))

        _ = try await harness.json("deletePlaylist", [("id", id)])
        #expect(try await harness.failure("getPlaylist", [("id", id)]) == 70)
        #expect(try await harness.ok("getPlaylists", "playlists")["playlist"] == .array([]))
    }

    @Test func othersSeeOnlyPublicPlaylistsAndOnlyTheOwnerChangesOne() async throws {
        let low = harness.track("Low Tone").id
        let secret = try #require(try await create("Secret", [low])["id"]?.text)
        let shared = try #require(try await create("Shared", [low])["id"]?.text)
        _ = try await harness.json("updatePlaylist", [("playlistId", shared), ("public", "true")])
        let theirs = try await harness.ok("getPlaylists", login: .ann, "playlists")["playlist"]?.list ?? []
        #expect(theirs.map { $0["name"]?.text } == ["Shared"])
        #expect(try await harness.failure("getPlaylist", [("id", secret)], login: .ann) == 70)
        #expect(
            try await harness.ok("getPlaylist", [("id", shared)], login: .ann, "playlist")["owner"]
                == .string("joe"))
        #expect(
            try await harness.failure(
                "updatePlaylist", [("playlistId", shared), ("name", "Mine")], login: .ann) == 50)
        #expect(try await harness.failure("deletePlaylist", [("id", shared)], login: .ann) == 50)
        #expect(try await harness.failure("deletePlaylist", [("id", secret)], login: .ann) == 70)
        // Another user's own list: the administrator may ask for it, others may not.
        #expect(try await harness.failure("getPlaylists", [("username", "joe")], login: .ann) == 50)
        let asked = try await harness.ok("getPlaylists", [("username", "ann")], "playlists")["playlist"]
        #expect(asked == .array([]))
    }

    @Test func badPlaylistCallsAreRefusedAndChangeNothing() async throws {
        let low = harness.track("Low Tone").id
        #expect(try await harness.failure("createPlaylist") == 10)
        #expect(try await harness.failure("createPlaylist", [("name", "X"), ("songId", "nothing")]) == 70)
        #expect(try await harness.failure("createPlaylist", [("name", "bad\u{7}name")]) == 0)
        let id = try #require(try await create("List", [low])["id"]?.text)
        #expect(
            try await harness.failure("updatePlaylist", [("playlistId", id), ("songIndexToRemove", "3")]) == 0
        )
        #expect(
            try await harness.failure("updatePlaylist", [("playlistId", id), ("songIdToAdd", "nothing")])
                == 70)
        #expect(try await harness.failure("updatePlaylist") == 10)
        #expect(try await harness.failure("updatePlaylist", [("playlistId", "nothing")]) == 70)
        #expect(try await harness.ok("getPlaylist", [("id", id)], "playlist")["songCount"] == .number("1"))
        #expect(try await harness.ok("getPlaylists", "playlists")["playlist"]?.list.count == 1)
    }
}

/// No user can grow the library without bound: playlists, the songs in them and the plays counted have
/// limits (``UserLimits``), and a call over one is refused with the Subsonic error that names it and
/// changes nothing.
@Suite(.timeLimit(.minutes(5)))
struct SubsonicUserLimitTests {
    let harness: SubsonicHarness

    init() async throws {
        harness = try await SubsonicHarness()
    }

    @Test func playlistsAndTheSongsInThemAreBoundedPerUser() async throws {
        let low = harness.track("Low Tone").id
        // Ten playlists of ten thousand copies of one song fill a user's allowance (nine kept directly, the
        // tenth made through the API); one song more does not fit.
        let joe = try #require(try await harness.accounts.user(named: "joe"))
        try await harness.library.changeUserData { writer in
            for number in 0..<9 {
                try writer.savePlaylist(
                    StoredPlaylist(
                        id: "full-\(number)", owner: joe.id, name: "Full \(number)", created: 1, changed: 1,
                        trackIDs: Array(repeating: low, count: 10_000)))
            }
        }
        _ = try await harness.ok(
            "createPlaylist", [("name", "Full 9")] + Array(repeating: ("songId", low), count: 10_000),
            method: "POST", "playlist")
        #expect(
            try await harness.failure(
                "createPlaylist", [("name", "One more"), ("songId", low)], method: "POST")
                == 0)
        let playlists = try await harness.ok("getPlaylists", "playlists")
        #expect(playlists["playlist"]?.list.count == 10)
        let first = try #require(playlists["playlist"]?.list.first?["id"]?.text)
        #expect(
            try await harness.failure("updatePlaylist", [("playlistId", first), ("songIdToAdd", low)]) == 0)
        // Another user has an allowance of their own.
        _ = try await harness.ok(
            "createPlaylist", [("name", "Ann's"), ("songId", low)], login: .ann, "playlist")
        // A playlist holds at most ten thousand songs.
        #expect(
            try await harness.failure(
                "createPlaylist", [("name", "Long")] + Array(repeating: ("songId", low), count: 10_001),
                login: .ann, method: "POST") == 0)
    }

    @Test func aUserKeepsAtMostAThousandPlaylists() async throws {
        let joe = try #require(try await harness.accounts.user(named: "joe"))
        try await harness.library.changeUserData { writer in
            for number in 0..<UserLimits.playlists {
                try writer.savePlaylist(
                    StoredPlaylist(
                        id: "kept-\(number)", owner: joe.id, name: "\(number)", created: 1, changed: 1))
            }
        }
        #expect(try await harness.failure("createPlaylist", [("name", "One more")]) == 0)
        #expect(
            try await harness.ok("getPlaylists", "playlists")["playlist"]?.list.count
                == UserLimits.playlists)
        _ = try await harness.ok("createPlaylist", [("name", "Ann's")], login: .ann, "playlist")
    }

    @Test func playsAreBoundedPerCallAndPerMinute() async throws {
        let low = harness.track("Low Tone").id
        let many = Array(repeating: ("id", low), count: UserLimits.playsPerCall)
        #expect(try await harness.failure("scrobble", many + [("id", low)], method: "POST") == 0)
        for _ in 0..<(UserLimits.playsPerMinute / UserLimits.playsPerCall) {
            #expect(try await harness.json("scrobble", many, method: "POST")["status"] == .string("ok"))
        }
        #expect(try await harness.failure("scrobble", [("id", low)]) == 0)
        #expect(
            try await harness.ok("getSong", [("id", low)], "song")["playCount"]
                == .number("\(UserLimits.playsPerMinute)"))
        // Another user, and the next minute, count afresh.
        #expect(try await harness.json("scrobble", [("id", low)], login: .ann)["status"] == .string("ok"))
        harness.clock.withLock { $0 += 60_000 }
        #expect(try await harness.json("scrobble", [("id", low)])["status"] == .string("ok"))
    }
}
