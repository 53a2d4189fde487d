import AudioKit
import Foundation
import RecordingsAudio
import TestSupport
import Testing

struct WAVTests {
    let directory = TemporaryDirectory("recordings-wav")

    @Test func aRecordingOnTheTwinIsAWAVAsLongAsTheClockSays() async throws {
        let clock = ManualClock()
        let twin = AudioTwin(clock: clock)
        let path = directory.file("a.wav")
        let recorded = try await twin.record(2, on: clock, to: path)
        #expect(recorded.elapsed == 2)
        #expect(recorded.length == 2)
        let bytes = try #require(directory.read(path))
        #expect(bytes.count == 44 + 2 * 88_200)
        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8))
        let file = try WAVFile.open(path)
        #expect(file.sampleRate == 44_100)
        #expect(file.channels == 1)
        #expect(file.duration == 2)
    }

    @Test func aCancelledRecordingLeavesNoFile() throws {
        let twin = AudioTwin(clock: ManualClock())
        let path = directory.file("b.wav")
        try twin.startRecording(to: path).cancel()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func playbackFollowsTheClockPausesSeeksAndStopsAtTheEnd() async throws {
        let clock = ManualClock()
        let twin = AudioTwin(clock: clock)
        let path = directory.file("c.wav")
        _ = try await twin.record(10, on: clock, to: path)
        let player = try twin.player(for: path)
        #expect(player.duration == 10)
        try player.play()
        clock.advance(by: 3)
        #expect(player.position == 3)
        player.pause()
        clock.advance(by: 5)
        #expect(player.position == 3)
        #expect(!player.isPlaying)
        player.seek(to: 8)
        try player.play()
        clock.advance(by: 1)
        #expect(player.position == 9)
        clock.advance(by: 5)
        #expect(!player.isPlaying)
        #expect(player.position == 0)

        player.seek(to: 20)
        #expect(player.position == 10, "paused, a seek stops at the end")
        try player.play()
        #expect(player.isPlaying, "and playing from the end starts again")
        player.seek(to: 30)
        #expect(!player.isPlaying && player.position == 0, "playing past the end ends playback")
    }

    @Test func aMissingOrForeignFileIsAClearError() throws {
        let twin = AudioTwin(clock: ManualClock())
        #expect(throws: AudioError.self) { try twin.player(for: directory.file("none.wav")) }
        let text = directory.write("text.wav", "hello, not a wave")
        #expect {
            try WAVFile.open(text)
        } throws: { error in
            (error as? AudioError)?.message == "\(text) is not a WAV file this app plays: no RIFF/WAVE header"
        }
    }

    @Test func theDurationComesFromTheHeaderAlone() throws {
        // A 3 GiB file of which only the header was ever written: reading it whole would take seconds
        // and gigabytes; the header says 2.5 hours of mono 16-bit 44.1 kHz.
        let path = directory.file("huge.wav")
        let frames = 44_100 * 9_000
        _ = FileManager.default.createFile(
            atPath: path, contents: Data(WAVBytes.header(rate: 44_100, channels: 1, bits: 16, frames: frames))
        )
        #expect(truncate(path, off_t(44 + 3 << 30)) == 0)
        #expect(try WAVFile.duration(of: path) == 9_000)
        let reader = try WAVReader(path: path)
        #expect(reader.samples(from: frames - 10, count: 100).count == 10, "samples are read where asked")
    }

    @Test func aFileCutShortIsAsLongAsWhatItHolds() throws {
        let path = directory.file("cut.wav")
        let bytes =
            WAVBytes.header(rate: 44_100, channels: 1, bits: 16, frames: 44_100)
            + [UInt8](
                repeating: 0, count: 4_410 * 2)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        #expect(try WAVFile.duration(of: path) == 0.1)
    }

    @Test(
        arguments: [
            (1, 8, [0x80, 0xFF, 0x00], [0, 32512, -32768]),
            (1, 16, [0x00, 0x80, 0xFF, 0x7F], [-32768, 32767]),
            (1, 24, [0x00, 0x00, 0x80, 0xFF, 0xFF, 0x7F], [-32768, 32767]),
            (1, 32, [0x00, 0x00, 0x00, 0x80, 0xFF, 0xFF, 0xFF, 0x7F], [-32768, 32767]),
            (
                3, 32, [0x00, 0x00, 0x80, 0xBF, 0x00, 0x00, 0x00, 0x3F, 0x00, 0x00, 0x00, 0x40],
                [-32767, 16384, 32767]
            ),
        ] as [(Int, Int, [UInt8], [Int16])])
    func otherSampleFormatsAreReadAsSixteenBitSamples(tag: Int, bits: Int, data: [UInt8], samples: [Int16])
        throws
    {
        let path = directory.file("format-\(tag)-\(bits).wav")
        let frames = data.count / (bits / 8)
        _ = FileManager.default.createFile(
            atPath: path,
            contents: Data(
                WAVBytes.header(rate: 48_000, channels: 1, bits: bits, frames: frames, tag: tag) + data))
        let reader = try WAVReader(path: path)
        #expect(reader.file.sampleRate == 48_000)
        #expect(reader.samples(from: 0, count: frames) == samples)
    }

    @Test(
        arguments: [
            (7, 8, 1, 8_000, "its samples are compressed (format 7), not PCM"),
            (1, 12, 1, 44_100, "12-bit samples are not supported"),
            (1, 16, 9, 44_100, "9 channels"),
            (1, 16, 1, 1_000_000, "a rate of 1000000 Hz"),
        ])
    func anythingElseIsRefusedWithOneLineSayingWhy(tag: Int, bits: Int, channels: Int, rate: Int, why: String)
        throws
    {
        let path = directory.file("odd.wav")
        _ = FileManager.default.createFile(
            atPath: path,
            contents: Data(
                WAVBytes.header(rate: rate, channels: channels, bits: bits, frames: 10, tag: tag)
                    + [UInt8](repeating: 0, count: 400)))
        #expect(throws: AudioError(.file, "\(path) is not a WAV file this app plays: \(why)")) {
            try WAVReader(path: path)
        }
    }
}

extension AudioTwin {
    /// Records `seconds` of `clock` into a new WAV file at `path`, on a test thread: stopping writes the
    /// file and flushes it to disk (`fsync`), which must not hold one of Swift's cooperative threads.
    /// - Returns: how long the recording was by the clock just before it stopped, and the length it
    ///   reported when it stopped.
    func record(_ seconds: Double, on clock: ManualClock, to path: String) async throws
        -> (elapsed: Double, length: Double)
    {
        try await TestThreads.run { () throws -> (elapsed: Double, length: Double) in
            let recorder = try self.startRecording(to: path)
            clock.advance(by: seconds)
            let elapsed = recorder.elapsed
            let length = try recorder.stop()
            return (elapsed, length)
        }
    }
}

/// WAV files of any format, written by hand for the tests.
enum WAVBytes {
    /// A 44-byte header (`tag` 1 is integer PCM, 3 float) for `frames` frames.
    static func header(rate: Int, channels: Int, bits: Int, frames: Int, tag: Int = 1) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, Array.init)
        }
        func le16(_ value: Int) -> [UInt8] {
            withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian, Array.init)
        }
        let block = channels * bits / 8
        let size = frames * block
        return Array("RIFF".utf8) + le32(36 + size) + Array("WAVE".utf8) + Array("fmt ".utf8) + le32(16)
            + le16(tag) + le16(channels) + le32(rate) + le32(rate * block) + le16(block) + le16(bits)
            + Array("data".utf8) + le32(size)
    }
}
