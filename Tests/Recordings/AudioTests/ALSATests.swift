import AudioKit
import Foundation
import RecordingsAudio
import TestSupport
import Testing

/// Real ALSA on its `null` device: no hardware needed, no pacing — the app's clock sets the length.
struct ALSATests {
    let directory = TemporaryDirectory("recordings-alsa")

    /// Waits (without blocking a thread) until `condition` holds, polling every 10 ms for up to 50 s: what
    /// it waits for is the device threads' next steps, which a loaded machine may delay by seconds, and
    /// 50 s stays under the tests' one-minute limit, so a failure names the condition.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(50)
        while !condition() && ContinuousClock.now < deadline { await TestThreads.pause(0.01) }
        return condition()
    }

    @Test(.timeLimit(.minutes(1))) func twoSecondsOnTheNullDeviceMakeAWAVOfTwoSeconds() async throws {
        let clock = ManualClock()
        let audio = ALSAAudio(device: "null", clock: clock)
        let path = directory.file("null.wav")
        // Opening the device, and stopping (which waits for the capture thread, then flushes the file to
        // disk), block: a test thread does them.
        let recorder = try await TestThreads.run { try Handoff(audio.startRecording(to: path)) }
        clock.advance(by: 2)
        // The capture thread reads what the clock allows from the device (which delivers at once).
        let header = 44
        #expect(await eventually { (directory.read(path)?.count ?? 0) > header + 44_100 * 2 })
        let length = try await TestThreads.run { try recorder.object.stop() }
        #expect(length == 2, "as long as the clock says, whatever the device delivered")
        let file = try WAVFile.open(path)
        #expect(file.duration == 2)
        #expect(file.sampleRate == 44_100 && file.channels == 1 && file.bitsPerSample == 16)
        let samples = try WAVReader(path: path).samples(from: 0, count: file.frameCount)
        #expect(samples.count == 88_200)
        #expect(samples.allSatisfy { $0 == 0 }, "the null device captures silence")
    }

    @Test(.timeLimit(.minutes(1))) func playbackOnTheNullDeviceKeepsTheAppsTime() async throws {
        let clock = ManualClock()
        let path = directory.file("play.wav")
        _ = try await AudioTwin(clock: clock).record(3, on: clock, to: path)
        let player = try #require(
            try ALSAAudio(device: "null", clock: clock).player(for: path) as? ALSAPlayer)
        // Playing opens the device and starts the feeding thread; stopping waits for that thread: both
        // block, so a test thread does them.
        let playing = Handoff(player)
        try await TestThreads.run { try playing.object.play() }
        // The feeding thread runs a fifth of a second ahead of the clock, and no further.
        #expect(await eventually { player.framesFed >= 8_820 })
        #expect(player.framesFed <= 8_820 + 4_096)
        #expect(player.position == 0, "the null device swallows samples at once, but time is the clock's")
        clock.advance(by: 1.5)
        #expect(player.position == 1.5)
        #expect(await eventually { player.framesFed >= 74_970 }, "and it follows the clock")
        player.seek(to: 2.5)
        clock.advance(by: 1)
        #expect(!player.isPlaying)
        await TestThreads.run { playing.object.stop() }
        #expect(player.takeFailure() == nil)
    }

    @Test(.timeLimit(.minutes(1))) func aFileAtAnotherRateAndWidthPlaysAtItsOwnSpeed() async throws {
        let clock = ManualClock()
        let path = directory.file("stereo-22k-8bit.wav")
        _ = FileManager.default.createFile(
            atPath: path,
            contents: Data(
                WAVBytes.header(rate: 22_050, channels: 2, bits: 8, frames: 22_050 * 4)
                    + [UInt8](
                        repeating: 128, count: 22_050 * 4 * 2)))
        let player = try #require(
            try ALSAAudio(device: "null", clock: clock).player(for: path) as? ALSAPlayer)
        #expect(player.duration == 4)
        let playing = Handoff(player)
        try await TestThreads.run { try playing.object.play() }
        clock.advance(by: 1)
        #expect(await eventually { player.framesFed >= 22_050 + 4_410 }, "frames at the file's own rate")
        #expect(player.position == 1)
        await TestThreads.run { playing.object.stop() }
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

/// An audio object (a recorder, a player) handed to a test thread for one call that blocks: opening a
/// device, waiting for a device thread, flushing a file.
// @unchecked Sendable: the test awaits each call it hands over, so one thread at a time uses the object.
struct Handoff<Object>: @unchecked Sendable {
    let object: Object

    init(_ object: Object) {
        self.object = object
    }
}
