import AudioKit
import Foundation
import RecordingsAudio
import RecordingsLauncher
import Testing

/// Device trouble: during playback, one message and playback paused; while recording, one message, the
/// modal gone, no audio file. The store never changes.
@MainActor
struct DeviceFailureTests {
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

    @Test(arguments: Architecture.allCases)
    func aDeviceFailingWhileRecordingEndsItWithOneMessage(architecture: Architecture) throws {
        let session = try AppSession(architecture)
        session.type("r")
        session.advance(1)
        #expect(session.frame.contains("[ Stop ]"))
        session.audio.failRecording(
            with: AudioError(.device, "the audio device 'default' failed for recording"))
        session.advance(1)
        let frame = session.frame
        #expect(frame.contains("Can't record: the audio device 'default' failed for recording"))
        #expect(!frame.contains("[ Stop ]"))
        #expect(session.audioFiles.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: session.directory.file("store.json")))
    }
}
