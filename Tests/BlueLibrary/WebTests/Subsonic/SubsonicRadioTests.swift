import BlueLibraryCore
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// Internet radio stations: everyone lists them, the administrator adds, changes and removes them, and
/// only http(s) addresses are kept.
@Suite(.timeLimit(.minutes(5)))
struct SubsonicRadioTests {
    let harness: SubsonicHarness
    static let station: [(String, SubsonicSchema.Kind)] = [
        ("id", .string), ("name", .string), ("streamUrl", .string),
    ]

    init() async throws {
        harness = try await SubsonicHarness(music: false)
    }

    private func stations(login: SubsonicHarness.Login = .joe) async throws -> [JSONValue] {
        try await harness.ok("getInternetRadioStations", login: login, "internetRadioStations")[
            "internetRadioStation"]?
            .list ?? []
    }

    @Test func theAdministratorKeepsTheStationsEveryoneSees() async throws {
        #expect(try await stations().isEmpty)
        _ = try await harness.json(
            "createInternetRadioStation",
            [
                ("name", "Jazz <FM>"), ("streamUrl", "https://radio.example/jazz.mp3"),
                ("homepageUrl", "https://radio.example"),
            ])
        harness.advance(milliseconds: 1_000)
        _ = try await harness.json(
            "createInternetRadioStation", [("name", "Talk"), ("streamUrl", "http://10.0.0.2:8000/talk")])
        let listed = try await stations(login: .ann)
        for station in listed { SubsonicSchema.check(station, Self.station, "InternetRadioStation") }
        #expect(listed.map { $0["name"]?.text } == ["Jazz <FM>", "Talk"])
        #expect(listed.map { $0["homepageUrl"]?.text } == ["https://radio.example", nil])
        let id = try #require(listed.first?["id"]?.text)
        _ = try await harness.json(
            "updateInternetRadioStation",
            [("id", id), ("name", "Jazz"), ("streamUrl", "https://radio.example/jazz2.mp3")])
        #expect(try await stations().first?["streamUrl"] == .string("https://radio.example/jazz2.mp3"))
        #expect(try await stations().map { $0["name"]?.text } == ["Jazz", "Talk"])
        _ = try await harness.json("deleteInternetRadioStation", [("id", id)])
        #expect(try await stations().map { $0["name"]?.text } == ["Talk"])
        let xml = String(
            decoding: await harness.call("getInternetRadioStations", format: nil).bytes, as: UTF8.self)
        #expect(
            xml.contains(#"<internetRadioStation id=""#)
                && xml.contains(#"streamUrl="http://10.0.0.2:8000/talk""#))
    }

    @Test func onlyTheAdministratorChangesThemAndOnlyWebAddressesAreKept() async throws {
        let good = [("name", "R"), ("streamUrl", "https://r.example/s")]
        #expect(try await harness.failure("createInternetRadioStation", good, login: .ann) == 50)
        for bad in [
            "file:///etc/passwd", "javascript:alert(1)", "https://", "http:///x", "https://a b",
            "ftp://r.example/s",
        ] {
            #expect(
                try await harness.failure("createInternetRadioStation", [("name", "R"), ("streamUrl", bad)])
                    == 0, "\(bad)")
        }
        #expect(
            try await harness.failure(
                "createInternetRadioStation",
                [("name", "R"), ("streamUrl", "https://r.example/s"), ("homepageUrl", "file:///x")]) == 0)
        #expect(
            try await harness.failure(
                "createInternetRadioStation", [("name", "R\u{1}"), ("streamUrl", "https://r.example/s")]) == 0
        )
        #expect(try await harness.failure("createInternetRadioStation", [("name", "R")]) == 10)
        #expect(try await harness.failure("updateInternetRadioStation", [("id", "nothing")] + good) == 70)
        #expect(try await harness.failure("deleteInternetRadioStation", [("id", "nothing")]) == 70)
        #expect(try await stations().isEmpty)
    }
}
