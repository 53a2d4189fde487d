import BlueLibraryCore
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// `jukeboxControl`: the administrator's remote control of the server's own player (here a twin on a
/// clock the test moves; each file lasts 100 s).
@Suite(.timeLimit(.minutes(5)))
struct SubsonicJukeboxTests {
    let harness: SubsonicHarness

    init() async throws {
        harness = try await SubsonicHarness()
    }

    private func control(_ action: String, _ extra: [(String, String)] = [], _ name: String = "jukeboxStatus")
        async throws -> JSONValue
    {
        try await harness.ok("jukeboxControl", [("action", action)] + extra, name)
    }

    @Test func theAdministratorPlaysTheServersPlaylist() async throws {
        let (low, high, human) = (
            harness.track("Low Tone"), harness.track("High Tone"), harness.track("Human Behaviour")
        )
        let empty = try await control("status")
        #expect(empty["currentIndex"] == .number("-1") && empty["playing"] == .bool(false))
        _ = try await control("set", [("id", low.id), ("id", high.id)])
        let started = try await control("start")
        #expect(started["playing"] == .bool(true) && started["currentIndex"] == .number("0"))
        harness.jukeboxClock.advance(by: 30)
        #expect(try await control("status")["position"] == .number("30"))
        _ = try await control("add", [("id", human.id)])
        let listed = try await control("get", [], "jukeboxPlaylist")
        #expect(
            (listed["entry"]?.list ?? []).map { $0["title"]?.text } == [
                "Low Tone", "High Tone", "Human Behaviour",
            ])
        #expect(listed["position"] == .number("30") && listed["playing"] == .bool(true))
        let skipped = try await control("skip", [("index", "2"), ("offset", "10")])
        #expect(skipped["currentIndex"] == .number("2") && skipped["position"] == .number("10"))
        _ = try await control("setGain", [("gain", "0.25")])
        let stopped = try await control("stop")
        #expect(stopped["playing"] == .bool(false) && stopped["gain"] == .number("0.25"))
        _ = try await control("remove", [("index", "0")])
        let after = try await control("get", [], "jukeboxPlaylist")
        #expect((after["entry"]?.list ?? []).map { $0["title"]?.text } == ["High Tone", "Human Behaviour"])
        #expect(after["currentIndex"] == .number("1") && after["position"] == .number("10"))
        _ = try await control("clear")
        #expect(try await control("get", [], "jukeboxPlaylist")["entry"] == .array([]))
    }

    /// Changes made while the jukebox is paused never make it play, not even for an instant.
    @Test func changesWhilePausedPlayNothing() async throws {
        let (low, high) = (harness.track("Low Tone"), harness.track("High Tone"))
        _ = try await control("set", [("id", low.id), ("id", high.id)])
        _ = try await control("start")
        harness.jukeboxClock.advance(by: 20)
        _ = try await control("stop")
        let starts = harness.jukeboxStarts.value
        _ = try await control("add", [("id", low.id)])
        _ = try await control("setGain", [("gain", "0.3")])
        _ = try await control("remove", [("index", "1")])
        harness.jukeboxClock.advance(by: 5)
        let status = try await control("status")
        #expect(harness.jukeboxStarts.value == starts, "a change while paused started playback")
        #expect(status["playing"] == .bool(false) && status["position"] == .number("20"))
        #expect(status["currentIndex"] == .number("0"))
    }

    /// After the playlist ended, start plays what was added since (not the old track again).
    @Test func startAfterTheEndPlaysWhatWasAddedSince() async throws {
        let (low, high, human) = (
            harness.track("Low Tone"), harness.track("High Tone"), harness.track("Human Behaviour")
        )
        _ = try await control("set", [("id", low.id), ("id", high.id)])
        _ = try await control("start")
        harness.jukeboxClock.advance(by: 201)
        #expect(try await control("status")["playing"] == .bool(false))
        _ = try await control("add", [("id", human.id)])
        let started = try await control("start")
        #expect(started["currentIndex"] == .number("2") && started["playing"] == .bool(true))
        harness.jukeboxClock.advance(by: 101)
        let again = try await control("start")
        #expect(again["currentIndex"] == .number("0"), "with nothing new, the playlist again from its start")
    }

    /// `get` lists the playlist in its order, a song there twice twice, and its current index names the
    /// entry listed.
    @Test func getListsThePlaylistInItsOrderWithItsCurrentEntry() async throws {
        let (low, high) = (harness.track("Low Tone"), harness.track("High Tone"))
        _ = try await control("set", [("id", high.id), ("id", low.id), ("id", high.id)])
        _ = try await control("skip", [("index", "2")])
        let listed = try await control("get", [], "jukeboxPlaylist")
        #expect(
            (listed["entry"]?.list ?? []).map { $0["title"]?.text } == ["High Tone", "Low Tone", "High Tone"])
        #expect(listed["currentIndex"] == .number("2"))
    }

    @Test func onlyTheAdministratorAndOnlyValidActions() async throws {
        let low = harness.track("Low Tone")
        #expect(try await harness.failure("jukeboxControl", [("action", "status")], login: .ann) == 50)
        #expect(try await harness.failure("jukeboxControl") == 10)
        #expect(try await harness.failure("jukeboxControl", [("action", "dance")]) == 0)
        #expect(try await harness.failure("jukeboxControl", [("action", "set"), ("id", "nothing")]) == 70)
        _ = try await control("set", [("id", low.id)])
        #expect(try await harness.failure("jukeboxControl", [("action", "skip"), ("index", "3")]) == 0)
        #expect(try await harness.failure("jukeboxControl", [("action", "remove"), ("index", "-1")]) == 0)
        #expect(try await harness.failure("jukeboxControl", [("action", "setGain"), ("gain", "2")]) == 0)
        #expect(try await harness.ok("getUser", [("username", "joe")], "user")["jukeboxRole"] == .bool(true))
    }
}
