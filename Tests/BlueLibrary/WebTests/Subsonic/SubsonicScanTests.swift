import BlueLibraryCore
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// `startScan` and `getScanStatus`: the music folders rescanned in the background, as `import DIR` does,
/// one scan at a time.
@Suite(.timeLimit(.minutes(5)))
struct SubsonicScanTests {
    let harness: SubsonicHarness

    init() async throws {
        harness = try await SubsonicHarness()
    }

    /// The status once the running scan, if any, has ended.
    private func settled() async throws -> JSONValue {
        while true {
            let status = try await harness.ok("getScanStatus", "scanStatus")
            if status["scanning"] == .bool(false) { return status }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test func aScanFindsWhatWasAddedToTheMusicFolder() async throws {
        #expect(try await settled()["count"] == .number("0"))
        try await AudioFixtures.write(
            .mp3, to: harness.directory.file("music/Oscillator/Sines/03.mp3"),
            tags: FixtureTags(
                title: "Mid Tone", artist: "Oscillator", album: "Sines", date: "2001", genre: "Electronic",
                track: "3"))
        #expect(try await harness.failure("startScan", login: .ann) == 50)
        let started = try await harness.ok("startScan", "scanStatus")
        #expect(started["scanning"] != nil && started["count"] != nil)
        let status = try await settled()
        #expect(status["count"] == .number("4"))
        let found =
            try await harness.ok("search3", [("query", "Mid Tone")], "searchResult3")["song"]?.list ?? []
        #expect(found.map { $0["title"]?.text } == ["Mid Tone"])
    }

    @Test func aSecondScanWhileOneRunsIsTheRunningOne() async throws {
        let first = harness.rescan.start()
        let second = harness.rescan.start()
        #expect(first.scanning && second.scanning)
        // The second is answered with the first's state, not a scan of its own from zero.
        #expect(second.count >= first.count)
        #expect(try await settled()["count"] == .number("3"))
    }
}
