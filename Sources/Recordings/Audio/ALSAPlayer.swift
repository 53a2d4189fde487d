import Dispatch
import Foundation
import Synchronization

/// Plays a WAV file through an ALSA device from a feeding thread of its own, streaming it from disk a
/// few thousand frames at a time (memory stays small however long the recording). The position is the
/// app's clock (a ``Transport``); the thread writes samples up to a fifth of a second ahead of it, so
/// a real device plays in time and the `null` device, which has no pacing, cannot run ahead.
package final class ALSAPlayer: AudioPlayer {
    private let device: String
    private let reader: WAVReader
    private let clock: any MonotonicClock
    private let shared: PlaybackShared
    private var feeder: FeedSession?
    package let duration: Double

    /// The frame the feeding thread has written up to.
    package var framesFed: Int { shared.fed.load(ordering: .relaxed) }

    init(device: String, reader: WAVReader, clock: any MonotonicClock) {
        self.device = device
        self.reader = reader
        self.clock = clock
        duration = reader.file.duration
        shared = PlaybackShared(transport: Transport(duration: duration))
    }

    deinit { feeder?.stop() }

    package var position: Double { shared.transport.withLock { $0.position(at: clock.now()) } }
    package var isPlaying: Bool { shared.transport.withLock { $0.isPlaying(at: clock.now()) } }
    package func takeFailure() -> AudioError? {
        shared.failure.withLock { failure in
            defer { failure = nil }
            return failure
        }
    }

    package func play() throws(AudioError) {
        guard !isPlaying else { return }
        feeder?.stop()
        feeder = nil
        let file = reader.file
        let pcm = try PCMDevice(name: device, capture: false, rate: file.sampleRate, channels: file.channels)
        shared.failure.withLock { $0 = nil }
        shared.transport.withLock { $0.play(at: clock.now()) }
        feeder = FeedSession(pcm: pcm, reader: reader, shared: shared, clock: clock)
    }

    package func pause() {
        shared.transport.withLock { $0.pause(at: clock.now()) }
        feeder?.stop()
        feeder = nil
    }

    package func seek(to seconds: Double) {
        shared.transport.withLock { $0.seek(to: seconds, at: clock.now()) }
        shared.generation.add(1, ordering: .relaxed)
    }

    package func stop() { pause() }
}

/// What the player and its feeding thread share.
private final class PlaybackShared: Sendable {
    let transport: Mutex<Transport>
    let failure = Mutex<AudioError?>(nil)
    /// Bumped on every seek: the thread drops what it queued and feeds from the new position.
    let generation = Atomic<Int>(0)
    /// The frame the thread has written up to (for tests that wait for it to get ahead).
    let fed = Atomic<Int>(0)

    init(transport: Transport) {
        self.transport = Mutex(transport)
    }
}

/// One run of the feeding thread, from play to pause (or the end).
private final class FeedSession: Sendable {
    private let stopFlag = StopSignal()
    private let finished = DispatchGroup()

    init(pcm: PCMDevice, reader: WAVReader, shared: PlaybackShared, clock: any MonotonicClock) {
        finished.enter()
        let stopFlag = stopFlag
        let group = finished
        let thread = Thread {
            Self.feed(pcm, reader: reader, shared: shared, clock: clock, stop: stopFlag)
            pcm.drop()
            pcm.close()
            group.leave()
        }
        thread.name = "recordings.playback"
        thread.start()
    }

    private static func feed(
        _ pcm: PCMDevice, reader: WAVReader, shared: PlaybackShared, clock: any MonotonicClock,
        stop: StopSignal
    ) {
        let rate = Double(reader.file.sampleRate)
        func frames(in seconds: Double) -> Int { max(0, Int((seconds * rate).rounded())) }
        var generation = shared.generation.load(ordering: .relaxed)
        var written = frames(in: shared.transport.withLock { $0.position(at: clock.now()) })
        var chunk: (start: Int, samples: [Int16]) = (0, [])
        while !stop.isRaised {
            let now = clock.now()
            let (playing, position) = shared.transport.withLock {
                ($0.isPlaying(at: now), $0.position(at: now))
            }
            guard playing else { return }
            let current = shared.generation.load(ordering: .relaxed)
            if current != generation {
                generation = current
                pcm.drop()
                pcm.prepare()
                written = frames(in: position)
            }
            let target = min(reader.file.frameCount, frames(in: position + 0.2))
            guard written < target else {
                usleep(10_000)
                continue
            }
            let count = min(target - written, 4096)
            if chunk.start != written || chunk.samples.count < count * pcm.channels {
                chunk = (written, reader.samples(from: written, count: 4096))
            }
            let samples = chunk.samples.prefix(count * pcm.channels)
            guard !samples.isEmpty else { return }
            do {
                let taken = try pcm.write(samples)
                written += taken
                shared.fed.store(written, ordering: .relaxed)
                chunk = (written, Array(chunk.samples.dropFirst(taken * pcm.channels)))
            } catch {
                shared.failure.withLock { $0 = error }
                shared.transport.withLock { $0.pause(at: clock.now()) }
                return
            }
        }
    }

    /// Asks the thread to stop and waits until it has released the device.
    func stop() {
        stopFlag.raise()
        finished.wait()
    }
}

/// The request to stop, from the player to its feeding thread.
private final class StopSignal: Sendable {
    private let flag = Atomic<Bool>(false)

    var isRaised: Bool { flag.load(ordering: .relaxed) }
    func raise() { flag.store(true, ordering: .relaxed) }
}
