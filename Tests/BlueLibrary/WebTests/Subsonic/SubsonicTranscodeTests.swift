import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryScanner
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import BlueLibraryHTTP
@testable import BlueLibrarySubsonic
@testable import BlueLibraryTranscoding

/// Transcoding: `stream?format=&maxBitRate=&timeOffset=` sends another format, encoded in process, that
/// decodes as what was asked (ffprobe reads it: codec, bit rate within 10 %, duration within 1 s).
@Suite(.timeLimit(.minutes(5)))
struct SubsonicTranscodeTests {
    let harness: SubsonicHarness
    /// 20 s of stereo noise as a 24-bit, 96 kHz FLAC (what a phone on mobile data should not get).
    let noise: Track

    static let seconds = 20.0

    init() async throws {
        try await self.init(transcoder: Transcoder())
    }

    init(transcoder: Transcoder, seconds: Double = Self.seconds) async throws {
        harness = try await SubsonicHarness(music: false, transcoder: transcoder)
        let folder = harness.directory.file("noise")
        try FileManager.default.createDirectory(atPath: folder + "/Hiss", withIntermediateDirectories: true)
        try await FFmpeg.run([
            "-f", "lavfi", "-i",
            "aevalsrc=exprs=(random(0)-0.5)*0.6|(random(1)-0.5)*0.6:s=96000:d=\(Int(seconds))",
            "-c:a", "flac", "-sample_fmt", "s32", "-metadata", "title=Hiss", "-metadata", "artist=Static",
            "-metadata", "album=Hiss", folder + "/Hiss/01.flac",
        ])
        _ = try await FolderImporter(library: harness.library, scanner: MusicScanner()).importFolder(folder)
        let album = try #require(try await harness.library.albums().first)
        noise = try #require(try await harness.library.album(.id(album.id)).tracks.first)
    }

    /// The bytes of an answer: a file's, or a stream's read to its end as the server reads it.
    func body(_ response: WebResponse) async throws -> [UInt8] {
        switch response.body {
        case .bytes(let bytes): return bytes
        case .file(let file, let offset, let length):
            let handle = FileHandle(fileDescriptor: try #require(file.take()), closeOnDealloc: true)
            try handle.seek(toOffset: UInt64(offset))
            return [UInt8](try handle.read(upToCount: Int(length)) ?? Data())
        case .events(let stream):
            var bytes: [UInt8] = []
            while let next = stream.poll(park: {}, wake: {}) {
                if next.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
                bytes += next
            }
            return bytes
        }
    }

    /// Streams `noise` with `parameters` and reads what came with ffprobe.
    func probe(_ parameters: [(String, String)]) async throws -> (FFmpeg.Probe, Int, WebResponse) {
        let response = await harness.call("stream", [("id", noise.id)] + parameters)
        #expect(response.status == 200)
        let bytes = try await body(response)
        let path = harness.directory.file("out-\(UUID().uuidString)")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (try await FFmpeg.probe(path), bytes.count, response)
    }

    @Test(arguments: [
        ("mp3", "mp3", 128, "audio/mpeg"), ("opus", "opus", 96, "audio/ogg"),
        ("aac", "aac", 128, "audio/aac"),
        ("m4a", "aac", 160, "audio/mp4"), ("ogg", "vorbis", 128, "audio/ogg"),
    ])
    func eachLossyFormatDecodesAsAskedAtTheBitRateAskedFor(
        format: String, codec: String, kilobits: Int, type: String
    ) async throws {
        let (probe, size, response) = try await probe([("format", format), ("maxBitRate", "\(kilobits)")])
        #expect(response.headers["Content-Type"] == type)
        #expect(response.headers["Accept-Ranges"] == "none")
        #expect(probe.codec == codec)
        #expect(abs(probe.duration - Self.seconds) < 1, "\(probe.duration) s")
        let rate = Double(size) * 8 / Self.seconds / 1000
        #expect(abs(rate - Double(kilobits)) / Double(kilobits) < 0.1, "\(rate) kbit/s for \(kilobits)")
        #expect(probe.sampleRate <= 48000 && probe.channels == 2)
    }

    @Test func flacIsLosslessAtTheSourcesRate() async throws {
        let (probe, _, response) = try await probe([("format", "flac")])
        #expect(response.headers["Content-Type"] == "audio/flac")
        #expect(probe.codec == "flac" && probe.sampleRate == 96000 && probe.channels == 2)
        #expect(abs(probe.duration - Self.seconds) < 1)
    }

    @Test func aLimitAloneIsMetInMP3AndAFileUnderItIsSentAsItIs() async throws {
        let (probe, size, _) = try await probe([("maxBitRate", "128")])
        #expect(probe.codec == "mp3")
        #expect(abs(Double(size) * 8 / Self.seconds / 1000 - 128) < 12.8)
        let raw = await harness.call("stream", [("id", noise.id), ("format", "raw"), ("maxBitRate", "128")])
        #expect(raw.headers["Content-Type"] == "audio/flac" && raw.headers["Accept-Ranges"] == "bytes")
        let asItIs = await harness.call("stream", [("id", noise.id), ("format", "flac")])
        #expect(asItIs.headers["Accept-Ranges"] == "bytes", "a FLAC asked for as FLAC is the file")
        let unlimited = await harness.call("stream", [("id", noise.id), ("maxBitRate", "0")])
        #expect(unlimited.headers["Accept-Ranges"] == "bytes")
    }

    @Test func timeOffsetStartsTheStreamThere() async throws {
        let (probe, _, response) = try await probe([("format", "mp3"), ("timeOffset", "12")])
        #expect(abs(probe.duration - (Self.seconds - 12)) < 1, "\(probe.duration) s")
        #expect(response.headers["X-Content-Duration"] == "8.0")
    }

    @Test func estimateContentLengthSendsExactlyThatMany() async throws {
        let response = await harness.call(
            "stream",
            [("id", noise.id), ("format", "mp3"), ("maxBitRate", "128"), ("estimateContentLength", "true")])
        #expect(response.streamLength == Int64(Self.seconds * 128_000 / 8))
        #expect(try await body(response).count == Int(Self.seconds * 128_000 / 8))
    }

    @Test func anUnknownFormatOrOffsetIsRefusedInOneLine() async throws {
        #expect(try await harness.failure("stream", [("id", noise.id), ("format", "wma")]) == 0)
        #expect(try await harness.failure("stream", [("id", noise.id), ("timeOffset", "soon")]) == 0)
    }

    /// The page's audio route takes the same values, as its quality setting sends them.
    @Test func thePagesAudioIsTranscodedAsItsQualitySettingAsks() async throws {
        func audio(_ query: [String: String]) async -> WebResponse {
            await harness.app.respond(
                to: WebRequest(
                    method: "GET", path: "/api/tracks/\(noise.id)/audio", query: query,
                    headers: ["Host": "127.0.0.1:8080"]))
        }
        let opus = await audio(["format": "opus", "maxBitRate": "96", "timeOffset": "10.5"])
        #expect(opus.status == 200 && opus.headers["Content-Type"] == "audio/ogg")
        let bytes = try await body(opus)
        let path = harness.directory.file("page.ogg")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let probe = try await FFmpeg.probe(path)
        #expect(probe.codec == "opus" && abs(probe.duration - (Self.seconds - 10.5)) < 1)
        let file = await audio([:])
        #expect(file.headers["Accept-Ranges"] == "bytes" && file.headers["Content-Type"] == "audio/flac")
        let refused = await audio(["format": "wma"])
        #expect(refused.status == 400)
        #expect(
            String(decoding: refused.bytes, as: UTF8.self).contains("format wma is not one this server makes")
        )
    }

    /// A user's limit (the administrator's) and a player's defaults apply to what a call leaves out; the
    /// lowest limit wins, and a user's holds even against `format=raw`.
    @Test func usersLimitsAndPlayersDefaultsShapeTheStream() async throws {
        let accounts = harness.accounts
        // The harness's calls name their client "tests".
        try await accounts.setPlayer(StoredPlayer(name: "TESTS", format: "opus", maxBitRate: 96))
        let phone = await harness.call("stream", [("id", noise.id)])
        #expect(phone.headers["Content-Type"] == "audio/ogg")
        let phoneBytes = try await body(phone).count
        #expect(abs(Double(phoneBytes) * 8 / Self.seconds / 1000 - 96) < 9.6)
        // The call's own format wins over the player's; its limit still holds.
        let asked = await harness.call("stream", [("id", noise.id), ("format", "mp3")])
        #expect(asked.headers["Content-Type"] == "audio/mpeg")
        #expect(abs(Double(try await body(asked).count) * 8 / Self.seconds / 1000 - 96) < 9.6)
        // The administrator limits joe: every stream of his is at most 64 kbit/s, raw ones too.
        try await accounts.setPlayer(StoredPlayer(name: "tests", format: "", maxBitRate: 0))
        try await accounts.setMaxBitRate(of: "joe", to: 64)
        #expect(try await harness.ok("getUser", [("username", "joe")], "user")["maxBitRate"] == .number("64"))
        for parameters in [[("format", "raw")], [], [("maxBitRate", "320")]] {
            let limited = await harness.call("stream", [("id", noise.id)] + parameters)
            #expect(limited.headers["Content-Type"] == "audio/mpeg", "\(parameters)")
            let rate = Double(try await body(limited).count) * 8 / Self.seconds / 1000
            #expect(abs(rate - 64) < 6.4, "\(parameters): \(rate) kbit/s")
        }
        // updateUser sets it too.
        #expect(
            try await harness.json("updateUser", [("username", "joe"), ("maxBitRate", "0")])["status"]
                == .string("ok"))
        #expect(try await harness.ok("getUser", [("username", "joe")], "user")["maxBitRate"] == .number("0"))
        let free = await harness.call("stream", [("id", noise.id)])
        #expect(free.headers["Accept-Ranges"] == "bytes")
        #expect(try await harness.failure("updateUser", [("username", "joe"), ("maxBitRate", "fast")]) == 0)
    }

    @Test func theExtensionsAreAdvertised() async throws {
        let list = try await harness.ok("getOpenSubsonicExtensions", "openSubsonicExtensions")
        let names = list.list.compactMap { $0["name"]?.text }
        #expect(names.contains("transcodeOffset") && names.contains("transcoding"))
    }

    // MARK: The transcoding extension

    /// `POST getTranscodeDecision` with `client` as its body.
    func decision(_ client: String, id: String? = nil) async throws -> JSONValue {
        let query =
            SubsonicHarness.Login.joe.parameters + [
                ("v", "1.16.1"), ("c", "tests"), ("f", "json"), ("mediaId", id ?? noise.id),
                ("mediaType", "song"),
            ]
        let response = await harness.app.respond(
            to: WebRequest(
                method: "POST", path: "/rest/getTranscodeDecision", queryItems: query,
                headers: ["Content-Type": "application/json"], body: Array(client.utf8)))
        let answer = try #require(try JSONParser.parse(response.bytes)["subsonic-response"])
        #expect(answer["status"] == .string("ok"), "\(JSONWriter.string(answer))")
        let decision = try #require(answer["transcodeDecision"])
        // The schema's required fields.
        for name in ["canDirectPlay", "canTranscode"] {
            guard case .bool? = decision[name] else {
                Issue.record("\(name) is not a boolean")
                continue
            }
        }
        for stream in [decision["sourceStream"], decision["transcodeStream"]].compactMap({ $0 }) {
            SubsonicSchema.check(
                stream, [("protocol", .string), ("container", .string), ("codec", .string)], "stream")
        }
        return decision
    }

    /// `getTranscodeStream` with `params`.
    func transcodeStream(_ params: String, id: String? = nil, offset: Int = 0) async -> WebResponse {
        await harness.call(
            "getTranscodeStream",
            [
                ("mediaId", id ?? noise.id), ("mediaType", "song"), ("transcodeParams", params),
                ("offset", "\(offset)"),
            ])
    }

    static let phone = #"""
        {"name": "Phone", "platform": "Android", "maxAudioBitrate": 320000, "maxTranscodingAudioBitrate": 96000,
         "directPlayProfiles": [{"containers": ["mp3"], "audioCodecs": ["mp3"], "protocols": ["http"]}],
         "transcodingProfiles": [{"container": "ogg", "audioCodec": "opus", "protocol": "http"},
                                 {"container": "mp3", "audioCodec": "mp3", "protocol": "http"}]}
        """#

    @Test func aDecisionTranscodesWhatTheClientCannotPlayAndItsParamsGiveThatStream() async throws {
        let decision = try await decision(Self.phone)
        #expect(decision["canDirectPlay"] == .bool(false) && decision["canTranscode"] == .bool(true))
        #expect(decision["transcodeReason"] == .array([.string("ContainerNotSupported")]))
        #expect(decision["sourceStream"]?["codec"] == .string("flac"))
        #expect(decision["transcodeStream"]?["codec"] == .string("opus"))
        #expect(decision["transcodeStream"]?["audioBitrate"] == .number("96000"))
        let params = try #require(decision["transcodeParams"]?.text)
        let response = await transcodeStream(params)
        #expect(response.status == 200 && response.headers["Content-Type"] == "audio/ogg")
        let bytes = try await body(response)
        let path = harness.directory.file("decided.ogg")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let probe = try await FFmpeg.probe(path)
        #expect(probe.codec == "opus" && abs(probe.duration - Self.seconds) < 1)
        #expect(abs(Double(bytes.count) * 8 / Self.seconds / 1000 - 96) < 9.6)
        // From an offset.
        let later = try await body(await transcodeStream(params, offset: 15))
        try Data(later).write(to: URL(fileURLWithPath: path))
        #expect(abs(try await FFmpeg.probe(path).duration - 5) < 1)
    }

    @Test func aFileTheClientPlaysIsDirectPlayAndItsStreamIsTheFile() async throws {
        let decision = try await decision(
            #"{"name": "Desk", "platform": "Linux", "directPlayProfiles": [{"containers": [], "audioCodecs": ["flac"], "protocols": []}]}"#
        )
        #expect(decision["canDirectPlay"] == .bool(true))
        let response = await transcodeStream(try #require(decision["transcodeParams"]?.text))
        #expect(response.status == 200 && response.headers["Accept-Ranges"] == "bytes")
        #expect(response.headers["Content-Type"] == "audio/flac")
    }

    @Test func forgedOrAlteredParamsAreRefused() async throws {
        let params = try #require(try await decision(Self.phone)["transcodeParams"]?.text)
        #expect(params.contains(".opus.96."))
        let louder = params.replacingOccurrences(of: ".opus.96.", with: ".opus.256.")
        for forged in [louder, "t1.\(noise.id).mp3.320.0123456789abcdef0123456789abcdef", "anything", ""] {
            let response = await transcodeStream(forged)
            #expect(response.status == 400, "\(forged)")
            #expect(try JSONParser.parse(response.bytes)["error"]?["code"] != nil)
        }
        // Another song's id with these params.
        #expect(await transcodeStream(params, id: "0123-4567").status == 400)
    }

    @Test func aClientWithNoProfileThisServerMakesIsToldWhy() async throws {
        let decision = try await decision(
            #"{"name": "Old", "platform": "X", "directPlayProfiles": [], "transcodingProfiles": [{"container": "wma", "audioCodec": "wma", "protocol": "http"}]}"#
        )
        #expect(decision["canDirectPlay"] == .bool(false) && decision["canTranscode"] == .bool(false))
        #expect(decision["errorReason"]?.text?.isEmpty == false)
        #expect(decision["transcodeParams"] == nil)
    }

    @Test func aDecisionIsAPostWithJSON() async throws {
        #expect(
            try await harness.failure("getTranscodeDecision", [("mediaId", noise.id), ("mediaType", "song")])
                == 0)
    }
}

/// The encoders: a cache that keeps a finished transcode and serves it with ranges, a bound on how many
/// run at once, and an encoder that stops when its client goes away.
@Suite(.timeLimit(.minutes(5)))
struct TranscoderTests {
    @Test func aFinishedTranscodeIsKeptAndSentAgainWithRangesAndACutOneIsNot() async throws {
        let folder = TemporaryDirectory("transcode-cache")
        let cache = TranscodeCache(folder: folder.file("cache"), limit: 64 << 20)
        let tests = try await SubsonicTranscodeTests(transcoder: Transcoder(settings: .init(cache: cache)))
        let ask = [("id", tests.noise.id), ("format", "mp3"), ("maxBitRate", "96")]
        // Cut short: the client reads one stretch and goes away.
        let cut = await tests.harness.call("stream", ask)
        guard case .events(let stream) = cut.body else {
            Issue.record("not a stream")
            return
        }
        _ = stream.poll(park: {}, wake: {})
        stream.close()
        let again = await tests.harness.call("stream", ask)
        #expect(again.headers["Accept-Ranges"] == "none", "a transcode cut short is not kept")
        let whole = try await tests.body(again)
        // Kept once it ran to its end (the copy is renamed by the encoder's last stretch).
        var kept = await tests.harness.call("stream", ask)
        for _ in 0..<100 where kept.headers["Accept-Ranges"] != "bytes" {
            try await Task.sleep(for: .milliseconds(50))
            kept = await tests.harness.call("stream", ask)
        }
        #expect(kept.headers["Accept-Ranges"] == "bytes" && kept.headers["Content-Type"] == "audio/mpeg")
        #expect(try await tests.body(kept) == whole)
        let ranged = await tests.harness.call("stream", ask, headers: ["range": "bytes=1000-1999"])
        #expect(ranged.status == 206)
        #expect(ranged.headers["Content-Range"] == "bytes 1000-1999/\(whole.count)")
        #expect(try await tests.body(ranged) == Array(whole[1000..<2000]))
        // The raw file and other settings are not it.
        let other = await tests.harness.call(
            "stream", [("id", tests.noise.id), ("format", "mp3"), ("maxBitRate", "128")])
        #expect(other.headers["Accept-Ranges"] == "none")
    }

    @Test func aStreamPastTheEncodersIsRefusedWithRetryAfterOnceTheWaitIsOver() async throws {
        let transcoder = Transcoder(settings: .init(concurrent: 1, admissionWait: .milliseconds(300)))
        let tests = try await SubsonicTranscodeTests(transcoder: transcoder)
        // The one encoder thread is held until the refusal has been seen.
        let release = Shared(false)
        let holding = Task {
            await transcoder.startWithin(.seconds(5)) {
                while !release.value { usleep(1000) }
            }
        }
        while !(await Self.isHeld(transcoder)) { try await Task.sleep(for: .milliseconds(5)) }
        let busy = await tests.harness.call("stream", [("id", tests.noise.id), ("format", "mp3")])
        release.withLock { $0 = true }
        _ = await holding.value
        #expect(busy.status == 503)
        #expect(busy.headers["Retry-After"] == "5")
        #expect(try JSONParser.parse(busy.bytes)["subsonic-response"]?["error"]?["code"] == .number("0"))
        // Free again: served.
        let served = await tests.harness.call("stream", [("id", tests.noise.id), ("format", "mp3")])
        #expect(served.status == 200)
    }

    /// Whether the transcoder's one thread is taken (a job submitted now does not start at once).
    static func isHeld(_ transcoder: Transcoder) async -> Bool {
        await transcoder.startWithin(.milliseconds(20)) { true } == nil
    }

    @Test func aClientThatGoesAwayStopsItsEncoder() async throws {
        // A minute of 96 kHz noise as FLAC: 35 MB, more than the socket buffers take.
        let tests = try await SubsonicTranscodeTests(transcoder: Transcoder(), seconds: 60)
        let app = tests.harness.app
        let server = MicroHTTPServer(
            threads: 4, limits: .init(requestTimeout: .seconds(600), idleTimeout: .seconds(600)),
            log: { _ in },
            handler: { await app.respond(to: $0) })
        let port = try server.start(port: 0)
        let runner = Task { await server.run() }
        defer { runner.cancel() }
        let login = SubsonicHarness.Login.joe.parameters.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        var connection: RawHTTPConnection? = try RawHTTPConnection(port: port)
        connection?.send(
            "GET /rest/stream?\(login)&v=1.16.1&c=t&id=\(tests.noise.id)&format=flac&timeOffset=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        )
        let head = await connection?.read(until: "\r\n\r\n") ?? ""
        #expect(
            head.contains("200 OK") && head.contains("audio/flac") && head.contains("Accept-Ranges: none"))
        let left = ContinuousClock.now
        connection = nil  // closed with bytes unread: the server's next write fails
        while tests.harness.api.transcoder.openStreams > 0 && ContinuousClock.now - left < .seconds(30) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(tests.harness.api.transcoder.openStreams == 0)
        #expect(tests.harness.api.transcoder.streamsCutShort == 1, "the encoder stopped before the end")
        await server.stop()
    }
}
