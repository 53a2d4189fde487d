import AudioKit
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every format the scanner reads decodes, streamed a chunk at a time from anywhere in the file:
/// libsndfile reads WAV, FLAC, Ogg Vorbis, Opus and MP3, FFmpeg the rest (AAC in M4A, FLAC in Ogg). The
/// files are two-second 440 Hz sine waves made by ffmpeg for the test.
struct DecoderTests {
    let directory = TemporaryDirectory("audio-decoders")

    @Test(arguments: AudioFixtures.Format.allCases)
    func everyFormatTheScannerReadsDecodes(format: AudioFixtures.Format) async throws {
        let path = directory.file("sine.\(format.rawValue)")
        try await AudioFixtures.write(format, to: path)
        let source = try AudioDecoder.open(path)
        #expect(source.format.channels == 1)
        #expect(source.format.rate == (format == .opus ? 48_000 : 44_100))
        #expect(abs(source.duration - AudioFixtures.duration) < 0.05, "\(source.duration) s")
        var total = 0
        var loudest: Int16 = 0
        while true {
            let samples = try source.read(from: total, count: 4096)
            guard !samples.isEmpty else { break }
            #expect(samples.count <= 4096)
            total += samples.count
            loudest = max(loudest, samples.map { $0.magnitude }.max().map { Int16(clamping: $0) } ?? 0)
        }
        #expect(abs(total - source.frameCount) <= source.format.rate / 20, "\(total) of \(source.frameCount)")
        #expect(loudest > 3_000, "ffmpeg's sine wave, an eighth of full scale, not silence")
        // A jump reads from there: the second half of the wave is there too.
        let middle = try source.read(from: source.frameCount / 2, count: 1024)
        #expect(middle.count == 1024)
        #expect(middle.contains { $0.magnitude > 3_000 })
        #expect(try source.read(from: source.frameCount, count: 1024).isEmpty, "nothing past the end")
    }

    @Test func aFileNoDecoderReadsSaysWhichAndWhy() throws {
        let path = directory.file("01 Not Music.mp3")
        _ = FileManager.default.createFile(atPath: path, contents: Data("just text, not audio\n".utf8))
        #expect {
            try AudioDecoder.open(path)
        } throws: { error in
            guard let error = error as? AudioError else { return false }
            return error.code == .file && error.message.hasPrefix("cannot play 01 Not Music.mp3: ")
                && !error.message.contains("\n")
        }
    }

    /// A FIFO at a track's path is refused at once: a decoder opening it would wait for a writer for
    /// ever, and the player (and quitting it) with it.
    @Test(.timeLimit(.minutes(1))) func aFIFOIsRefusedAtOnce() throws {
        let path = directory.file("03 Piped.flac")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(
            throws: AudioError(
                .file, "cannot play 03 Piped.flac: it is not a regular file (a FIFO or a device?)")
        ) { try AudioDecoder.open(path) }
    }

    /// A FLAC cut short, which libsndfile opens but cannot seek in (and so failed at the first read), is
    /// played by FFmpeg, from its start to where it ends.
    @Test func aTruncatedFLACPlaysToWhereItEnds() async throws {
        let path = directory.file("04 Cut.flac")
        try await AudioFixtures.write(.flac, to: path)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(truncate(path, off_t(size * 6 / 10)) == 0)
        let source = try AudioDecoder.open(path)
        var total = 0
        while true {
            let samples = try source.read(from: total, count: 4096)
            guard !samples.isEmpty else { break }
            total += samples.count
        }
        #expect(total > source.format.rate / 2, "more than half a second of the two: \(total) frames")
    }

    @Test func aMissingFileSaysSo() throws {
        #expect(throws: AudioError(.missingFile, "cannot play gone.flac: the file is missing")) {
            try AudioDecoder.open(directory.file("gone.flac"))
        }
    }
}
