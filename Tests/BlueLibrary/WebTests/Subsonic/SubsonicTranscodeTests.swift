import BlueLibraryCore
import BlueLibraryFolderImport
import BlueLibraryScanner
import BlueLibraryTranscoding
import Foundation
import TestSupport
import Testing

@testable import BlueLibraryHTTP
@testable import BlueLibrarySubsonic

/// Transcoding: `stream?format=&maxBitRate=&timeOffset=` sends another format, encoded in process, that
/// decodes as what was asked (ffprobe reads it: codec, bit rate within 10 %, duration within 1 s).
@Suite(.timeLimit(.minutes(5)))
struct SubsonicTranscodeTests {
    let harness: SubsonicHarness
    /// 20 s of stereo noise as a 24-bit, 96 kHz FLAC (what a phone on mobile data should not get).
    let noise: Track

    static let seconds = 20.0

    init() async throws {
        harness = try await SubsonicHarness(music: false)
        let folder = harness.directory.file("noise")
        try FileManager.default.createDirectory(atPath: folder + "/Hiss", withIntermediateDirectories: true)
        try await FFmpeg.run([
            "-f", "lavfi", "-i",
            "aevalsrc=exprs=(random(0)-0.5)*0.6|(random(1)-0.5)*0.6:s=96000:d=\(Int(Self.seconds))",
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

    @Test func theExtensionsAreAdvertised() async throws {
        let list = try await harness.ok("getOpenSubsonicExtensions", "openSubsonicExtensions")
        let names = list.list.compactMap { $0["name"]?.text }
        #expect(names.contains("transcodeOffset") && names.contains("transcoding"))
    }
}
