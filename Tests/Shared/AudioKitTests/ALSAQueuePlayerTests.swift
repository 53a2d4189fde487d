import AudioKit
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The album player on ALSA's `null` device (no hardware, no pacing: the clock sets the time): files
/// follow each other in one stream, the next opened ahead; a file that cannot play is passed over and
/// reported; the end of the queue ends playback.
struct ALSAQueuePlayerTests {
    let directory = TemporaryDirectory("audio-queue")
    let clock = ManualClock()
    let changes = Changes()

    /// Something that happens once, seen from any thread.
    final class Flag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
        func set() { value.store(true, ordering: .sequentiallyConsistent) }
    }

    /// Counts the player's calls of its `onChange`.
    final class Changes: Sendable {
        let count = Atomic<Int>(0)
    }

    private func player() -> ALSAQueuePlayer {
        let changes = changes
        return ALSAQueuePlayer(device: "null", clock: clock) { changes.count.add(1, ordering: .relaxed) }
    }

    /// Waits until `condition` holds, at most 30 s: the feeding thread gets there by itself (the test's
    /// clock stands still meanwhile), but a busy machine may run it late.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() && ContinuousClock.now < deadline { await TestThreads.pause(0.01) }
        return condition()
    }

    private func files(_ formats: [AudioFixtures.Format]) async throws -> [QueueEntry] {
        var entries: [QueueEntry] = []
        for (index, format) in formats.enumerated() {
            let path = directory.file("\(index + 1).\(format.rawValue)")
            try await AudioFixtures.write(format, to: path)
            entries.append(QueueEntry(path: path, duration: AudioFixtures.duration))
        }
        return entries
    }

    /// Loaded paused (the jukebox changing its playlist while paused), nothing is written to the device
    /// until it is resumed, and it resumes where it was loaded.
    @Test(.timeLimit(.minutes(1))) func aQueueLoadedPausedWritesNothingUntilResumed() async throws {
        let player = player()
        player.load(try await files([.flac, .mp3]), from: 1, at: 0.5, playing: false)
        #expect(
            player.status
                == QueueStatus(index: 1, position: 0.5, duration: 2, isPlaying: false, hasEnded: false))
        await TestThreads.pause(0.2)
        #expect(player.devicesOpened == 0, "paused: the device is not even opened")
        player.togglePause()
        #expect(await eventually { player.fed.entry == 1 && player.fed.frame >= 22_050 + 8_820 })
        #expect(player.status?.isPlaying == true && player.status?.position == 0.5)
    }

    @Test(.timeLimit(.minutes(1))) func twoFilesOfOneFormatPlayInOneStream() async throws {
        let player = player()
        player.play(try await files([.flac, .mp3, .opus]), from: 0)
        // A fifth of a second ahead of the clock, and no further.
        #expect(await eventually { player.fed.frame >= 8_820 })
        #expect(player.fed == (0, 8_820))
        #expect(
            player.status == QueueStatus(index: 0, position: 0, duration: 2, isPlaying: true, hasEnded: false)
        )
        // Near the end of the first file the thread is already writing the second, in the same stream.
        clock.advance(by: 1.9)
        #expect(await eventually { player.fed.entry == 1 && player.fed.frame >= 4_410 })
        #expect(player.status?.index == 0)
        clock.advance(by: 0.2)
        #expect(player.status?.index == 1)
        #expect(abs((player.status?.position ?? 0) - 0.1) < 1e-9)
        #expect(player.devicesOpened == 1, "FLAC and MP3 at 44.1 kHz mono share the stream")
        // Opus is decoded at 48 kHz: the device is opened again for it.
        clock.advance(by: 2)
        #expect(await eventually { player.fed.entry == 2 })
        #expect(player.status?.index == 2)
        #expect(await eventually { player.devicesOpened == 2 })
        clock.advance(by: 2)
        #expect(player.status?.hasEnded == true)
        #expect(player.status?.isPlaying == false)
        #expect(await eventually { changes.count.load(ordering: .relaxed) >= 1 }, "the end is announced")
        #expect(player.takeFailures().isEmpty)
        player.stop()
        #expect(player.status == nil)
    }

    /// Quitting does not wait for a feeding thread held up in a file that does not answer: the engine
    /// gives up on it after the time it is given, and the thread ends on its own once the file does.
    @Test(.timeLimit(.minutes(1))) func quittingDoesNotWaitForAFeedingThreadThatIsHeldUp() async throws {
        let (entered, released) = (Flag(), Flag())
        let engine = PlaybackEngine(
            device: "null", clock: clock,
            open: { path throws(AudioError) in
                entered.set()
                while !released.isSet { usleep(1000) }
                throw AudioError(.file, "cannot play \(path): released")
            }, onChange: {})
        var queue = PlayQueue([("held.flac", 10)], from: 0)
        queue.play(at: clock.now())
        engine.load(queue)
        engine.startFeeding()
        #expect(await eventually { entered.isSet })
        let started = ContinuousClock.now
        #expect(!engine.abandonFeeding(waitingAtMost: .milliseconds(200)), "the thread is still held up")
        #expect(
            ContinuousClock.now - started < .seconds(10), "given up after its time, not when the file answers"
        )
        released.set()
        // A thread that stops within its time says so.
        let free = player()
        free.play(try await files([.flac]), from: 0)
        #expect(await eventually { free.fed.frame > 0 })
        #expect(free.quit())
        #expect(free.status == nil)
    }

    @Test(.timeLimit(.minutes(1))) func aFileThatCannotPlayIsPassedOverAndReported() async throws {
        var entries = try await files([.flac, .flac, .flac])
        entries[1].path = directory.file("2 Not Music.mp3")
        _ = FileManager.default.createFile(atPath: entries[1].path, contents: Data("not audio".utf8))
        let player = player()
        player.play(entries, from: 0)
        #expect(await eventually { changes.count.load(ordering: .relaxed) >= 1 }, "opened ahead, it failed")
        #expect(player.takeFailures().isEmpty, "reported when playback passes it")
        clock.advance(by: 2.5)
        #expect(player.status?.index == 2)
        #expect(abs((player.status?.position ?? 0) - 0.5) < 1e-9)
        let failures = player.takeFailures()
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("cannot play 2 Not Music.mp3: ") == true)
        player.stop()
    }

    @Test(.timeLimit(.minutes(1))) func pauseSeekAndSkipFollowTheClock() async throws {
        let player = player()
        player.play(try await files([.wav, .wav]), from: 1)
        clock.advance(by: 0.5)
        player.togglePause()
        clock.advance(by: 5)
        #expect(
            player.status
                == QueueStatus(index: 1, position: 0.5, duration: 2, isPlaying: false, hasEnded: false))
        player.seek(by: 1)
        #expect(player.status?.position == 1.5)
        player.togglePause()
        #expect(await eventually { player.fed.frame >= 66_150 + 8_820 })
        player.skip(by: -1)
        #expect(
            player.status == QueueStatus(index: 0, position: 0, duration: 2, isPlaying: true, hasEnded: false)
        )
        #expect(await eventually { player.fed == (0, 8_820) }, "the thread started over where playback went")
        player.seek(by: 10)
        #expect(player.status?.index == 1, "past the end of a file, the next one plays")
        player.skip(by: 1)
        #expect(player.status?.hasEnded == true, "past the last file, the queue ends")
        player.stop()
    }

    @Test func withoutADeviceTheQueueEndsWithOneMessage() async throws {
        let player = ALSAQueuePlayer(device: "no-such-device", clock: clock)
        player.play(try await files([.wav]), from: 0)
        #expect(await eventually { player.status?.hasEnded == true })
        let failures = player.takeFailures()
        #expect(failures.count == 1)
        #expect(failures.first?.code == .noDevice)
        #expect(failures.first?.message.hasPrefix("no audio device 'no-such-device' for playback") == true)
    }
}
