import RecordingsAudio
import RecordingsLauncher
import Testing

/// Device trouble during playback: one message, playback paused, nothing else changes.
@MainActor
struct PlaybackFailureTests {
    @Test(arguments: Architecture.allCases)
    func aDeviceFailingDuringPlaybackPausesItWithOneMessage(architecture: Architecture) throws {
        let session = try AppSession(architecture)
        session.record("Talk", seconds: 10)
        session.select("Talk")
        session.press(.enter)
        session.type(" ")
        session.advance(2)
        session.audio.failPlayback(
            with: AudioError(.device, "the audio device 'default' failed for playback"))
        session.advance(1)
        var frame = session.frame
        #expect(frame.contains("Can't play: the audio device 'default' failed for playback"))
        #expect(frame.contains("[ Resume playing ]"))
        #expect(frame.contains("0:00:03"))
        session.press(.tab)
        session.advance(1)
        frame = session.frame
        #expect(!frame.contains("Can't play"), "shown once, gone with the next key")
        #expect(try session.namesInStore() == ["Talk"])
    }
}
