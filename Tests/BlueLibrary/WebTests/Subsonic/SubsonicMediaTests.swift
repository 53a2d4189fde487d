import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryHTTP
import Foundation
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// Media: `stream` and `download` send the file as it is (whole, or the range asked for) and count no
/// play; `getCoverArt` sends the album's cover or its generated artwork, scaled to `size` once.
@Suite(.timeLimit(.minutes(5)))
struct SubsonicMediaTests {
    let harness: SubsonicHarness

    init() async throws {
        harness = try await SubsonicHarness()
    }

    /// The part of a file an answer sends.
    func part(_ response: WebResponse) -> (offset: Int64, length: Int64, size: Int64)? {
        guard case .file(let file, let offset, let length) = response.body else { return nil }
        return (offset, length, file.size)
    }

    @Test(arguments: ["stream", "stream.view", "download"])
    func theFileIsSentAsItIsWholeOrInARange(endpoint: String) async throws {
        let low = harness.track("Low Tone")
        let size = Int64(
            try #require(try FileManager.default.attributesOfItem(atPath: low.path)[.size] as? Int))
        let whole = await harness.call(endpoint, [("id", low.id), ("format", "raw"), ("maxBitRate", "128")])
        #expect(whole.status == 200)
        #expect(whole.headers["Content-Type"] == "audio/mpeg")
        #expect(whole.headers["Accept-Ranges"] == "bytes")
        #expect(part(whole).map { [$0.offset, $0.length, $0.size] } == [0, size, size])
        let ranged = await harness.call(endpoint, [("id", low.id)], headers: ["range": "bytes=100-199"])
        #expect(ranged.status == 206)
        #expect(ranged.headers["Content-Range"] == "bytes 100-199/\(size)")
        #expect(part(ranged).map { [$0.offset, $0.length] } == [100, 100])
        let past = await harness.call(endpoint, [("id", low.id)], headers: ["range": "bytes=\(size + 10)-"])
        #expect(past.status == 416)
        if endpoint == "download" {
            #expect(
                whole.headers["Content-Disposition"]
                    == #"attachment; filename="01.mp3"; filename*=UTF-8''01.mp3"#)
        } else {
            #expect(whole.headers["Content-Disposition"] == nil)
        }
        // Streaming is not a play: only scrobble counts one.
        #expect(try await harness.ok("getSong", [("id", low.id)], "song")["playCount"] == .number("0"))
    }

    /// When the server sends too many files to send this one, its 503 carries a Subsonic error in the
    /// format the call asked for, not the web API's JSON.
    @Test func aStreamRefusedForBeingBusyIsASubsonicError() async throws {
        let low = harness.track("Low Tone")
        for (format, type, error) in [
            ("json", "application/json", #""error":{"code":0,"message":"too many tracks"#),
            ("xml", "text/xml; charset=utf-8", #"<error code="0" message="too many tracks"#),
        ] {
            let response = await harness.call("stream", [("id", low.id)], format: format)
            let busy = try #require(response.busyAnswer)
            #expect(busy.contentType == type)
            #expect(String(decoding: busy.bytes, as: UTF8.self).contains(error), "\(format)")
        }
    }

    @Test func aStreamThatCannotBeSentIsASubsonicFailure() async throws {
        #expect(try await harness.failure("stream", [("id", "unknown")]) == 70)
        #expect(try await harness.failure("stream") == 10)
        let high = harness.track("High Tone")
        try FileManager.default.removeItem(atPath: high.path)
        #expect(try await harness.failure("stream", [("id", high.id)]) == 70)
        let xml = await harness.call("download", [("id", "unknown")], format: nil)
        #expect(xml.headers["Content-Type"] == "text/xml; charset=utf-8")
        #expect(String(decoding: xml.bytes, as: UTF8.self).contains(#"<error code="70""#))
    }

    @Test func theCoverIsTheFoldersArtScaledToTheSizeAskedForOnce() async throws {
        let sines = harness.albums["Sines"]!.album.id.rawValue
        let original = await harness.call("getCoverArt", [("id", sines)])
        #expect(original.status == 200)
        #expect(original.headers["Content-Type"] == "image/png")
        let image = try ImageCodec.decode(original.bytes)
        #expect(image.width == 64 && image.height == 48)
        let made = harness.api.scaledCovers.made.load(ordering: .relaxed)
        let small = await harness.call("getCoverArt", [("id", sines), ("size", "32")])
        let scaled = try ImageCodec.decode(small.bytes)
        #expect(scaled.width == 32 && scaled.height == 24)
        #expect(scaled.pixel(x: 10, y: 10).blue > 200)
        let again = await harness.call("getCoverArt", [("id", sines), ("size", "32")])
        #expect(again.bytes == small.bytes)
        #expect(harness.api.scaledCovers.made.load(ordering: .relaxed) == made + 1, "scaled once, then kept")
        // A song's and an artist's cover are their album's; the ETag answers 304.
        #expect(
            await harness.call("getCoverArt", [("id", harness.track("Low Tone").id)]).bytes == original.bytes)
        #expect(
            await harness.call("getCoverArt", [("id", harness.artistID("Sines"))]).bytes == original.bytes)
        let tag = try #require(original.headers["ETag"])
        #expect(
            await harness.call("getCoverArt", [("id", sines)], headers: ["if-none-match": tag]).status == 304)
        // Each size is served exactly, at most 1,024 pixels; the full cover is scaled once per step, and
        // the sizes within a step are made from it.
        let steps = harness.api.scaledCovers.stepsMade.load(ordering: .relaxed)
        for size in 33...47 {
            let scaledToSize = try ImageCodec.decode(
                await harness.call("getCoverArt", [("id", sines), ("size", "\(size)")]).bytes)
            #expect(scaledToSize.width == size, "size \(size)")
        }
        #expect(harness.api.scaledCovers.stepsMade.load(ordering: .relaxed) == steps + 1, "one step: 48")
        let debut = harness.albums["Début"]!.album.id.rawValue
        let huge = await harness.call("getCoverArt", [("id", debut), ("size", "2048")])
        #expect(try ImageCodec.decode(huge.bytes).width == 1024)
        // A scaled cover's ETag names its size too, and answers 304.
        let smallTag = try #require(small.headers["ETag"])
        #expect(smallTag != original.headers["ETag"])
        #expect(
            await harness.call(
                "getCoverArt", [("id", sines), ("size", "32")], headers: ["if-none-match": smallTag]
            )
            .status == 304)
        // Never enlarged.
        let large = try ImageCodec.decode(
            await harness.call("getCoverArt", [("id", sines), ("size", "500")]).bytes)
        #expect(large.width == 64 && large.height == 48)
    }

    @Test func anAlbumWithoutACoverGetsItsGeneratedArtwork() async throws {
        let debut = harness.albums["Début"]!.album
        let response = await harness.call("getCoverArt", [("id", debut.id.rawValue), ("size", "100")])
        #expect(response.headers["Content-Type"] == "image/png")
        let image = try ImageCodec.decode(response.bytes)
        #expect(image.width == 100 && image.height == 100)
        let expected = GeneratedArtwork(album: debut).image(size: 100)
        #expect(image.pixel(x: 1, y: 1) == expected.pixel(x: 1, y: 1))
        #expect(try await harness.failure("getCoverArt", [("id", "nothing")]) == 70)
    }

    @Test func anAvatarIsArtworkMadeFromTheUsersName() async throws {
        let response = await harness.call("getAvatar", [("username", "ANN")])
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "image/png")
        let image = try ImageCodec.decode(response.bytes)
        #expect(image.width == 150 && image.height == 150)
        let expected = GeneratedArtwork(artist: "ann", title: "ann").image(size: 150)
        #expect(image.pixel(x: 1, y: 1) == expected.pixel(x: 1, y: 1))
        let again = await harness.call(
            "getAvatar", [("username", "ann")], headers: ["if-none-match": response.headers["ETag"] ?? ""])
        #expect(again.status == 304)
        let joe = await harness.call("getAvatar", [("username", "joe")])
        #expect(joe.headers["ETag"] != response.headers["ETag"])
        let nobody = await harness.call("getAvatar", [("username", "nobody")])
        #expect(try JSONParser.parse(nobody.bytes)["subsonic-response"]?["error"]?["code"] == .number("70"))
    }
}
