import BlueLibraryCore
import BlueLibraryServices
import BlueLibraryWeb
import Foundation
import TestSupport
import Testing

/// `GET /api/tracks/{id}/audio` against the real server on 127.0.0.1: the bytes on the wire are the
/// file's (all of it, or the range), the lengths and ranges in the headers say so, HEAD sends none, a
/// path in the URL never reaches a file, and every descriptor the server opened is closed again.
@Suite(.timeLimit(.minutes(5)))
struct AudioServerTests {
    let served: TestServer
    let music: AudioLibrary

    init() async throws {
        served = try await TestServer()
        music = try await AudioLibrary(served.library, names: ["one.wav", "two.mp3"])
    }

    /// One request on its own connection, read until the server closes it: the head and the body's bytes.
    func exchange(_ path: String, method: String = "GET", headers: [String] = []) async throws -> (
        head: String, body: [UInt8]
    ) {
        let connection = try served.connect()
        let lines = ["\(method) \(path) HTTP/1.1", "Host: \(served.host)", "Connection: close"] + headers
        connection.send(lines.joined(separator: "\r\n") + "\r\n\r\n")
        #expect(await connection.readUntilClosed(seconds: 60), "\(path) was not answered in time")
        let bytes = connection.bytes
        let end = try #require(
            (0..<max(bytes.count - 3, 0)).first { bytes[$0..<$0 + 4].elementsEqual("\r\n\r\n".utf8) },
            "no head in \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        return (String(decoding: bytes[..<(end + 4)], as: UTF8.self), Array(bytes[(end + 4)...]))
    }

    @Test func theWholeFileIsSentWithItsLength() async throws {
        let track = music.track("two.mp3")
        let file = try music.bytes(of: track)
        let (head, body) = try await exchange(AudioLibrary.audio(track))
        #expect(head.hasPrefix("HTTP/1.1 200 "))
        #expect(head.contains("Content-Type: audio/mpeg\r\n"))
        #expect(head.contains("Accept-Ranges: bytes\r\n"))
        #expect(head.contains("Content-Length: \(file.count)\r\n"))
        #expect(body == file)
        await served.server.stop()
    }

    @Test func aRangeSendsExactlyThoseBytes() async throws {
        let track = music.track("one.wav")
        let file = try music.bytes(of: track)
        let size = file.count
        for (range, from, to) in [
            ("bytes=100-1099", 100, 1099), ("bytes=0-0", 0, 0), ("bytes=-500", size - 500, size - 1),
            ("bytes=\(size - 300)-", size - 300, size - 1), ("bytes=1000-99999999", 1000, size - 1),
        ] {
            let (head, body) = try await exchange(AudioLibrary.audio(track), headers: ["Range: \(range)"])
            #expect(head.hasPrefix("HTTP/1.1 206 "), "\(range)")
            #expect(head.contains("Content-Range: bytes \(from)-\(to)/\(size)\r\n"), "\(range): \(head)")
            #expect(head.contains("Content-Length: \(to - from + 1)\r\n"), "\(range)")
            #expect(body == Array(file[from...to]), "\(range)")
        }
        await served.server.stop()
    }

    @Test func anUnsatisfiableRangeIs416AndSeveralRangesGetTheWholeFile() async throws {
        let track = music.track("one.wav")
        let file = try music.bytes(of: track)
        let (refused, error) = try await exchange(
            AudioLibrary.audio(track), headers: ["Range: bytes=\(file.count)-"])
        #expect(refused.hasPrefix("HTTP/1.1 416 "))
        #expect(refused.contains("Content-Range: bytes */\(file.count)\r\n"))
        #expect(try JSONParser.parse(error)["error"]?["code"] == .string("range_not_satisfiable"))
        let (whole, body) = try await exchange(AudioLibrary.audio(track), headers: ["Range: bytes=0-1,4-5"])
        #expect(whole.hasPrefix("HTTP/1.1 200 "))
        #expect(body == file)
        await served.server.stop()
    }

    @Test func headSendsTheLengthAndNoBody() async throws {
        let track = music.track("one.wav")
        let size = try music.bytes(of: track).count
        for (range, status, length) in [(nil, 200, size), ("bytes=10-19", 206, 10)] as [(String?, Int, Int)] {
            let connection = try served.connect()
            // HEAD, then a GET on the same connection: a body after HEAD would be read as the next answer.
            connection.send(
                "HEAD \(AudioLibrary.audio(track)) HTTP/1.1\r\nHost: \(served.host)\r\n"
                    + (range.map { "Range: \($0)\r\n" } ?? "")
                    + "\r\nGET /api/state HTTP/1.1\r\nHost: \(served.host)\r\n\r\n")
            let text = await connection.read(until: "can_delete", seconds: 60)
            let parts = text.components(separatedBy: "\r\n\r\n")
            #expect(parts.count >= 2)
            #expect(parts[0].hasPrefix("HTTP/1.1 \(status) "), "\(parts[0])")
            #expect(
                parts[0].contains("Content-Length: \(length)\r\n")
                    || parts[0].hasSuffix("Content-Length: \(length)"))
            #expect(
                parts.count >= 2 && parts[1].hasPrefix("HTTP/1.1 200 "),
                "a body followed HEAD: \(text.prefix(300))")
        }
        await served.server.stop()
    }

    @Test func aPathInTheURLNeverServesAFile() async throws {
        let file = music.track("one.wav").path
        let encoded = file.replacingOccurrences(of: "/", with: "%2f")
        for path in [
            "/api/tracks/..%2f..%2fetc%2fpasswd/audio", "/api/tracks/%2e%2e/%2e%2e/etc/passwd/audio",
            "/api/tracks/..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd/audio", "/api/tracks/\(encoded)/audio",
            "/api/tracks/%2f\(encoded)/audio", "/api/tracks/\(file)/audio", "/api/tracks/one.wav/audio",
            "/api/tracks/%2e%2e%2f%2e%2e%2fetc%2fpasswd/audio",
        ] {
            let (head, body) = try await exchange(path)
            let status = head.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            #expect(["400", "404"].contains(status), "\(path): \(head)")
            let text = String(decoding: body, as: UTF8.self)
            #expect(
                !text.contains("root:") && !text.hasPrefix("RIFF") && text.hasPrefix("{\"error\""), "\(path)")
        }
        await served.server.stop()
    }

    @Test func aFileDeletedAfterTheScanIs404() async throws {
        let track = music.track("two.mp3")
        try FileManager.default.removeItem(atPath: track.path)
        let (head, body) = try await exchange(AudioLibrary.audio(track))
        #expect(head.hasPrefix("HTTP/1.1 404 "))
        #expect(try JSONParser.parse(body)["error"]?["code"] == .string("not_found"))
        await served.server.stop()
    }

    @Test func everyDescriptorTheServerOpensIsClosed() async throws {
        let track = music.track("one.wav")
        let url = AudioLibrary.audio(track)
        for headers in [[], ["Range: bytes=0-99"], ["Range: bytes=99999999-"], ["Range: bytes=-10"]] {
            _ = try await exchange(url, headers: headers)
            _ = try await exchange(url, method: "HEAD", headers: headers)
        }
        do {
            // A client that goes away in the middle of the body (its socket closes with it).
            let quitter = try served.connect()
            quitter.send("GET \(url) HTTP/1.1\r\nHost: \(served.host)\r\n\r\n")
            _ = await quitter.read(until: "\r\n\r\n", seconds: 60)
        }
        var open = AudioLibrary.descriptors(on: track.path)
        let deadline = Date(timeIntervalSinceNow: 30)
        while open > 0 && Date() < deadline {
            await TestThreads.pause(0.1)
            open = AudioLibrary.descriptors(on: track.path)
        }
        #expect(open == 0, "descriptors left open on the track's file")
        await served.server.stop()
    }

    @Test func stoppingTheServerDoesNotWaitForAFileAClientReadsSlowly() async throws {
        let track = music.track("one.wav")
        // Larger than every socket buffer between the server and a client that reads nothing.
        try Data(repeating: 1, count: 64 << 20).write(to: URL(fileURLWithPath: track.path))
        let reader = try served.connect()
        reader.send("GET \(AudioLibrary.audio(track)) HTTP/1.1\r\nHost: \(served.host)\r\n\r\n")
        #expect(await reader.read(until: "\r\n\r\n", seconds: 60).hasPrefix("HTTP/1.1 200 "))
        let started = ContinuousClock.now
        await served.server.stop(timeout: .seconds(60))
        #expect(ContinuousClock.now - started < .seconds(30), "stop waited for the file")
        #expect(AudioLibrary.descriptors(on: track.path) == 0)
    }
}
