import Foundation
import RecordingsAudio
import TestSupport
import Testing

/// Real ALSA on its `null` device: no hardware needed, no pacing — the app's clock sets the length.
struct ALSATests {
    let directory = TemporaryDirectory("recordings-alsa")

    @Test(.timeLimit(.minutes(1))) func twoSecondsOnTheNullDeviceMakeAWAVOfAboutTwoSeconds() async throws {
        let audio = ALSAAudio(device: "null")
        let path = directory.file("null.wav")
        let started = ContinuousClock.now
        let recorder = try audio.startRecording(to: path)
        try await Task.sleep(for: .seconds(2))
        let length = try recorder.stop()
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        // The file is as long as the clock says the recording ran (the null device has no pacing of its
        // own): about 2 s, more only when a loaded machine woke the test late.
        let file = try WAVFile.read(path)
        #expect(length >= 1.5 && abs(length - seconds) < 0.5, "\(length) s recorded in \(seconds) s")
        #expect(abs(file.duration - length) < 0.05)
        #expect(file.sampleRate == 44_100 && file.channels == 1)
        #expect(file.samples.allSatisfy { $0 == 0 }, "the null device captures silence")
    }

    @Test(.timeLimit(.minutes(1))) func playbackOnTheNullDeviceKeepsTheAppsTime() async throws {
        let clock = ManualClock()
        let path = directory.file("play.wav")
        let recorder = try AudioTwin(clock: clock).startRecording(to: path)
        clock.advance(by: 3)
        _ = try recorder.stop()
        let player = try ALSAAudio(device: "null", clock: clock).player(for: path)
        try player.play()
        try await Task.sleep(for: .milliseconds(200))
        #expect(player.position == 0, "the null device swallows samples at once, but time is the clock's")
        clock.advance(by: 1.5)
        #expect(player.position == 1.5)
        player.seek(to: 2.5)
        clock.advance(by: 1)
        #expect(!player.isPlaying)
        player.stop()
        #expect(player.takeFailure() == nil)
    }

    @Test func aDeviceThatDoesNotExistIsAClearError() throws {
        let path = directory.file("nope.wav")
        #expect {
            try ALSAAudio(device: "no-such-device").startRecording(to: path)
        } throws: { error in
            guard let error = error as? AudioError else { return false }
            return error.code == .noDevice
                && error.message.hasPrefix("no audio device 'no-such-device' for recording")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
