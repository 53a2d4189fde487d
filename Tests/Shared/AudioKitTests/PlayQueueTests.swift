import AudioKit
import Testing

/// The queue's time, by a clock the tests move: the end of one file starts the next at that very moment,
/// files that cannot play are passed over and reported once, and a queue of one file is a transport.
struct PlayQueueTests {
    let clock = ManualClock(start: 100)

    private func twin(_ lengths: [String: Double]) -> QueuePlayerTwin {
        QueuePlayerTwin(clock: clock) { path throws(AudioError) in
            guard let length = lengths[path] else {
                throw AudioError(.file, "cannot play \(path): no decoder")
            }
            return length
        }
    }

    private let album = [
        QueueEntry(path: "1.flac", duration: 10), QueueEntry(path: "2.flac", duration: 20),
        QueueEntry(path: "3.m4a", duration: 30), QueueEntry(path: "4.flac", duration: 40),
    ]

    @Test func theEndOfOneFileStartsTheNextAtThatMoment() {
        let player = twin(["1.flac": 10.5, "2.flac": 20, "4.flac": 40])
        player.play(album, from: 0)
        #expect(
            player.status
                == QueueStatus(index: 0, position: 0, duration: 10.5, isPlaying: true, hasEnded: false))
        clock.advance(by: 12)
        #expect(player.status?.index == 1)
        #expect(player.status?.position == 1.5, "the second file started when the first ended, at 10.5 s")
        #expect(player.takeFailures().isEmpty)
        clock.advance(by: 19)
        #expect(player.status?.index == 3, "the third cannot play: passed over")
        #expect(player.status?.position == 0.5)
        #expect(player.takeFailures().map(\.message) == ["cannot play 3.m4a: no decoder"])
        #expect(player.takeFailures().isEmpty, "reported once")
        clock.advance(by: 40)
        #expect(player.status?.hasEnded == true)
        #expect(player.status?.isPlaying == false)
    }
}
