import AudioKit
import TestSupport
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

/// The queue itself, without a player: the same value the ALSA player and the twin keep.
struct PlayQueueValueTests {
    @Test func aQueueOfOneFileIsATransport() {
        var queue = PlayQueue([("a.wav", 3)], from: 0)
        var transport = Transport(duration: 3)
        queue.setDuration(3, ofEntry: 0, at: 0)
        for (time, action) in [
            (0.0, "play"), (1.0, "seek 2.5"), (4.0, "play"), (4.5, "pause"), (5.0, "seek 9"),
        ] {
            switch action {
            case "play":
                queue.play(at: time)
                transport.play(at: time)
            case "pause":
                queue.pause(at: time)
                transport.pause(at: time)
            case "seek 2.5":
                queue.seek(to: 2.5, at: time)
                transport.seek(to: 2.5, at: time)
            default:
                queue.seek(to: 9, at: time)
                transport.seek(to: 9, at: time)
            }
            for later in [time, time + 0.25, time + 0.75] {
                var settled = queue
                settled.settle(at: later)
                #expect(settled.position(at: later) == transport.position(at: later), "\(action) at \(later)")
                #expect(
                    settled.isPlaying(at: later) == transport.isPlaying(at: later), "\(action) at \(later)")
            }
        }
    }

    @Test func aFileNotYetOpenedNeverEndsAndShowsTheLibrarysLength() {
        var queue = PlayQueue([("a.flac", 200), ("b.flac", 100)], from: 0)
        queue.play(at: 0)
        queue.settle(at: 500)
        #expect(queue.index == 0)
        #expect(queue.duration == 200)
        #expect(queue.position(at: 500) == 500)
        #expect(queue.status(at: 500).position == 200, "the player's line stops at the length it knows")
        // Opened at last: it was 180 s long, so the second file began at 180 s.
        queue.setDuration(180, ofEntry: 0, at: 500)
        queue.setDuration(100, ofEntry: 1, at: 500)
        queue.settle(at: 500)
        #expect(queue.index == 1)
        #expect(queue.position(at: 500) == 0, "it ended at 280 s")
        #expect(queue.hasEnded)
    }

    @Test func skippingBackOverFilesThatCannotPlay() {
        var queue = PlayQueue([("a", 10), ("b", 10), ("c", 10)], from: 2)
        for entry in 0..<3 { queue.setDuration(10, ofEntry: entry, at: 0) }
        queue.fail(entry: 1, with: AudioError(.file, "cannot play b"), at: 0)
        queue.play(at: 0)
        queue.skip(by: -1, at: 1)
        #expect(queue.index == 0)
        #expect(queue.isPlaying(at: 1))
        #expect(queue.takeFailures().map(\.message) == ["cannot play b"])
        queue.skip(by: -1, at: 2)
        #expect(queue.index == 0, "before the first, the first starts again")
        #expect(queue.position(at: 3) == 1)
    }

    @Test func whenTheFilePlayingFailsTheNextPlaysAtOnce() {
        var queue = PlayQueue([("a", 10), ("b", 10)], from: 0)
        queue.play(at: 0)
        queue.fail(entry: 0, with: AudioError(.file, "cannot play a"), at: 0.1)
        #expect(queue.index == 1)
        #expect(queue.isPlaying(at: 0.2))
        #expect(queue.jumps == 1, "a feeding thread starts over")
        #expect(queue.takeFailures().map(\.message) == ["cannot play a"])
    }

    @Test func replayGainScalesTheSamplesWithinTheirRange() {
        let samples: ArraySlice<Int16> = [0, 1000, -1000, 30000, -32768]
        #expect(PlayQueue.scaled(samples, by: 1) == samples)
        #expect(PlayQueue.scaled(samples, by: 0.5) == [0, 500, -500, 15000, -16384])
        #expect(
            PlayQueue.scaled(samples, by: 2) == [0, 2000, -2000, 32767, -32768], "clamped, never wrapped")
        let queue = PlayQueue([("a", 10), ("b", 10)], from: 0, gains: [0.5])
        #expect(queue.entries.map(\.gain) == [0.5, 1])
    }
}
