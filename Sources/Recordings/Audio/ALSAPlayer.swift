import Dispatch
import Foundation
import Synchronization

/// Plays a WAV file through an ALSA device from a feeding thread of its own. The position is the
/// app's clock (a ``Transport``); the thread writes samples up to a fifth of a second ahead of it, so
/// a real device plays in time and the `null` device, which has no pacing, cannot run ahead.
final class ALSAPlayer: AudioPlayer {
    private let device: String
    private let samples: [Int16]
    private let clock: any MonotonicClock
    private let shared: PlaybackShared
    private var feeder: FeedSession?
    let duration: Double

    init(device: String, audio: WAVFile, clock: any MonotonicClock) {
        self.device = device
        self.clock = clock
        // Mono: the first channel of a file with more.
        samples =
            audio.channels == 1
            ? audio.samples
            : Swift.stride(from: 0, to: audio.samples.count, by: audio.channels).map { audio.samples[$0] }
        duration = audio.duration
        shared = PlaybackShared(transport: Transport(duration: audio.duration))
    }

    deinit { feeder?.stop() }

    var position: Double { shared.transport.withLock { $0.position(at: clock.now()) } }
    var isPlaying: Bool { shared.transport.withLock { $0.isPlaying(at: clock.now()) } }
    func takeFailure() -> AudioError? {
        shared.failure.withLock { failure in
            defer { failure = nil }
            return failure
        }
    }

    func play() throws(AudioError) {
        guard !isPlaying else { return }
        feeder?.stop()
        feeder = nil
        let pcm = try PCMDevice(name: device, capture: false)
        shared.failure.withLock { $0 = nil }
        shared.transport.withLock { $0.play(at: clock.now()) }
        feeder = FeedSession(pcm: pcm, samples: samples, shared: shared, clock: clock)
    }

    func pause() {
        shared.transport.withLock { $0.pause(at: clock.now()) }
        feeder?.stop()
        feeder = nil
    }

    func seek(to seconds: Double) {
        shared.transport.withLock { $0.seek(to: seconds, at: clock.now()) }
        shared.generation.add(1, ordering: .relaxed)
    }

    func stop() { pause() }
}

/// What the player and its feeding thread share.
private final class PlaybackShared: Sendable {
    let transport: Mutex<Transport>
    let failure = Mutex<AudioError?>(nil)
    /// Bumped on every seek: the thread drops what it queued and feeds from the new position.
    let generation = Atomic<Int>(0)

    init(transport: Transport) {
        self.transport = Mutex(transport)
    }
}

/// One run of the feeding thread, from play to pause (or the end).
private final class FeedSession: Sendable {
    private let stopFlag = StopSignal()
    private let finished = DispatchGroup()

    init(pcm: PCMDevice, samples: [Int16], shared: PlaybackShared, clock: any MonotonicClock) {
        finished.enter()
        let stopFlag = stopFlag
        let group = finished
        let thread = Thread {
            Self.feed(pcm, samples: samples, shared: shared, clock: clock, stop: stopFlag)
            pcm.drop()
            pcm.close()
            group.leave()
        }
        thread.name = "recordings.playback"
        thread.start()
    }

    private static func feed(
        _ pcm: PCMDevice, samples: [Int16], shared: PlaybackShared, clock: any MonotonicClock,
        stop: StopSignal
    ) {
        var generation = shared.generation.load(ordering: .relaxed)
        var written = AudioFormat.frames(in: shared.transport.withLock { $0.position(at: clock.now()) })
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
                written = AudioFormat.frames(in: position)
            }
            let target = min(samples.count, AudioFormat.frames(in: position + 0.2))
            guard written < target else {
                usleep(10_000)
                continue
            }
            do {
                written += try pcm.write(samples[written..<min(target, written + 4096)])
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
