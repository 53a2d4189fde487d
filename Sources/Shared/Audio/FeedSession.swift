import BlueLibraryConcurrency
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One run of a ``PlaybackEngine``'s feeding thread, from play to pause, stop or the end of the queue.
final class FeedSession: Sendable {
    private let stopFlag = Atomic<Bool>(false)
    private let finished = DispatchGroup()

    /// How far ahead of the clock the thread writes.
    static let lead = 0.2
    /// The frames read from a file at a time.
    static let chunk = 4096

    init(engine: PlaybackEngine, sources: SourceShelf, pcm: PCMDevice?) {
        finished.enter()
        let feeder = Feeder(
            device: engine.device, clock: engine.clock, shared: engine.shared, sources: sources, pcm: pcm)
        let (group, stop) = (finished, self)
        NamedThread.start("audio-playback") {
            let endedByItself = feeder.run { stop.stopFlag.load(ordering: .relaxed) }
            feeder.release()
            group.leave()
            if endedByItself { feeder.shared.onChange() }
        }
    }

    /// Asks the thread to stop and waits until it has released the device.
    func stop() {
        stopFlag.store(true, ordering: .relaxed)
        finished.wait()
    }

    /// Asks the thread to stop and waits for it at most `limit`; whether it stopped meanwhile.
    func stop(waitingAtMost limit: Duration) -> Bool {
        stopFlag.store(true, ordering: .relaxed)
        let (seconds, attoseconds) = limit.components
        let nanoseconds = Int(max(0, seconds)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        return finished.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
    }
}

/// The feeding thread's own state and loop.
private final class Feeder: @unchecked Sendable {
    // @unchecked Sendable: created by the engine and then used by the feeding thread alone.
    let device: String
    let clock: any MonotonicClock
    let shared: EngineShared
    let sources: SourceShelf
    var pcm: PCMDevice?
    /// The queue's jumps this thread has followed (-1: none yet, start from where playback is).
    var jumps = -1
    /// Where the thread has written up to: an entry and a frame of it (-1: from where playback is).
    var entry = 0
    var frame = -1
    /// Frames read but not yet taken by the device.
    var pending: (entry: Int, frame: Int, samples: ArraySlice<Int16>) = (-1, 0, [])
    /// Entries whose file ended before the length it announced.
    var cut: [Int: Int] = [:]
    /// Whether the device was drained after the last entry's samples.
    var drained = false

    init(
        device: String, clock: any MonotonicClock, shared: EngineShared, sources: SourceShelf, pcm: PCMDevice?
    ) {
        self.device = device
        self.clock = clock
        self.shared = shared
        self.sources = sources
        self.pcm = pcm
    }

    /// Feeds until `stopRequested` or the queue stops playing; returns whether it ended by itself.
    func run(stopRequested: () -> Bool) -> Bool {
        while !stopRequested() {
            let now = clock.now()
            let state = shared.change { queue -> (index: Int, position: Double, jumps: Int)? in
                queue.settle(at: now)
                guard queue.isPlaying(at: now) else { return nil }
                return (queue.index, queue.position(at: now), queue.jumps)
            }
            guard let state = state ?? nil else { return true }
            if state.jumps != jumps {
                jumps = state.jumps
                (entry, frame, pending, drained) = (state.index, -1, (-1, 0, []), false)
                pcm?.drop()
                pcm?.prepare()
            }
            guard step(now: now, position: state.position) else { return true }
        }
        return false
    }

    /// Writes the next few samples, or waits a little when far enough ahead. Returns false when the
    /// thread must end (no device).
    private func step(now: Double, position: Double) -> Bool {
        guard let source = source(for: entry, at: now) else { return true }
        if frame < 0 { frame = source.format.frames(in: position) }
        guard prepareDevice(for: source.format, at: now) else { return false }
        openAhead(at: now)
        let seconds = source.format.seconds(in: frame)
        let ahead = shared.change { $0.secondsAhead(ofEntry: entry, at: seconds, now: now) } ?? 0
        if ahead < -0.5 {
            // Playback has passed what was written (the clock jumped, the machine stalled): start over from
            // where it is rather than play late.
            jumps = -1
            return true
        }
        guard ahead < FeedSession.lead else {
            usleep(10_000)
            return true
        }
        let end = cut[entry] ?? source.frameCount
        let count = min(
            max(source.format.frames(in: FeedSession.lead - ahead), 1), FeedSession.chunk, end - frame)
        guard count > 0 else {
            finishEntry(at: now)
            return true
        }
        write(count, of: source, at: now)
        return true
    }

    /// The open file of `entry`, opened now if it is not yet; `nil` when it cannot be (the queue skips it).
    private func source(for entry: Int, at now: Double) -> (any AudioSource)? {
        if let open = sources[entry] { return open }
        guard let path = shared.change({ $0.entries[entry].path }) else { return nil }
        do {
            let opened = try shared.open(path)
            sources[entry] = opened
            shared.change { $0.setDuration(opened.duration, ofEntry: entry, at: now) }
            return opened
        } catch {
            shared.change { $0.fail(entry: entry, with: error, at: now) }
            shared.onChange()
            // A file ahead that fails is passed over here; the one playing, by the queue's jump.
            if let next = shared.change({ $0.playable(after: entry) }) ?? nil {
                (self.entry, frame) = (next, 0)
            }
            return nil
        }
    }

    /// Opens the next file that can play, so its samples follow at once, and closes those behind.
    private func openAhead(at now: Double) {
        guard let next = shared.change({ $0.playable(after: entry) }) ?? nil else { return }
        sources.keep(only: [entry, next])
        if sources[next] == nil {
            let current = (entry, frame)
            _ = source(for: next, at: now)
            (entry, frame) = current
        }
    }

    /// Opens the device for `format`, or keeps it when it has it. Between files of different formats,
    /// what is queued plays out first.
    private func prepareDevice(for format: SampleFormat, at now: Double) -> Bool {
        if let pcm, pcm.format == format { return true }
        if let old = pcm {
            old.drain()
            old.close()
            pcm = nil
        }
        do {
            pcm = try PCMDevice(name: device, capture: false, format: format)
            shared.devicesOpened.add(1, ordering: .relaxed)
            return true
        } catch {
            shared.change { $0.halt(with: error, at: now) }
            shared.onChange()
            return false
        }
    }

    /// The current entry's samples are all written: go on into the next one, or let the device play out
    /// the end of the queue.
    private func finishEntry(at now: Double) {
        if let next = shared.change({ $0.playable(after: entry) }) ?? nil {
            (entry, frame) = (next, 0)
        } else {
            if !drained { pcm?.drain() }
            drained = true
            usleep(10_000)
        }
    }

    /// Reads (when nothing is pending) and writes up to `count` frames of `source`.
    private func write(_ count: Int, of source: any AudioSource, at now: Double) {
        let channels = source.format.channels
        if pending.entry != entry || pending.frame != frame || pending.samples.isEmpty {
            do {
                let gain = shared.change { $0.entries[entry].gain } ?? 1
                pending = (
                    entry, frame,
                    PlayQueue.scaled(try source.read(from: frame, count: FeedSession.chunk)[...], by: gain)
                )
            } catch {
                // A damaged file: what played of it stays, the next one follows, and the reason is shown.
                shared.change { $0.note(error) }
                shared.onChange()
                pending = (entry, frame, [])
            }
            if pending.samples.isEmpty {
                // The file ended before the length it announced: the entry ends here.
                cut[entry] = frame
                let seconds = source.format.seconds(in: frame)
                shared.change { $0.setDuration(seconds, ofEntry: entry, at: now) }
                return
            }
        }
        guard let pcm else { return }
        do {
            let taken = try pcm.write(pending.samples.prefix(count * channels))
            frame += taken
            pending = (entry, frame, pending.samples.dropFirst(taken * channels))
            shared.fed.withLock { $0 = (entry, frame) }
        } catch {
            shared.change { $0.pauseForDevice(error, at: clock.now()) }
            shared.onChange()
        }
    }

    /// Releases the device.
    func release() {
        pcm?.drop()
        pcm?.close()
        pcm = nil
    }
}
