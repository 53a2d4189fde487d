import AudioKit
import Foundation
import RecordingsAudio
import TestSupport
import Testing

/// A recording is written only to a file it creates: a link planted where the WAV file goes (run as
/// root in CI) leaves its destination alone.
struct WAVWriterLinkTests {
    @Test func aLinkWhereTheRecordingGoesIsNotWrittenThrough() throws {
        let directory = TemporaryDirectory("wav-link")
        let sentinel = Sentinel(in: directory)
        let link = try sentinel.link(at: directory.file("recording.wav"))
        #expect(throws: AudioError.self) { try WAVWriter(path: link) }
        #expect(sentinel.isUntouched)
    }
}
