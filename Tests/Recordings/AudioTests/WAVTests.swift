import Foundation
import RecordingsAudio
import TestSupport
import Testing

struct WAVTests {
    let directory = TemporaryDirectory("recordings-wav")

    @Test func aRecordingOnTheTwinIsAWAVAsLongAsTheClockSays() throws {
        let clock = ManualClock()
        let twin = AudioTwin(clock: clock)
        let path = directory.file("a.wav")
        let recorder = try twin.startRecording(to: path)
        clock.advance(by: 2)
        #expect(recorder.elapsed == 2)
        #expect(try recorder.stop() == 2)
        let bytes = try #require(directory.read(path))
        #expect(bytes.count == 44 + 2 * 88_200)
        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8))
        let file = try WAVFile.read(path)
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

    @Test func playbackFollowsTheClockPausesSeeksAndStopsAtTheEnd() throws {
        let clock = ManualClock()
        let twin = AudioTwin(clock: clock)
        let path = directory.file("c.wav")
        let recorder = try twin.startRecording(to: path)
        clock.advance(by: 10)
        _ = try recorder.stop()
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
            try WAVFile.read(text)
        } throws: { error in
            (error as? AudioError)?.message == "\(text) is not a WAV file this app plays: no RIFF/WAVE header"
        }
    }
}
