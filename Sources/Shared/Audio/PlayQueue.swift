/// What a player plays, as a value: a list of files, the one playing and where it is, as a function of
/// the app's clock. Each entry has a ``Transport`` in turn: when the clock passes the end of one, the
/// next starts at that very moment, so the time of a whole album adds up. Every player keeps one — the
/// ALSA player behind a lock its feeding thread shares, the twin on its own — and a queue of one file is
/// exactly a ``Transport``: it stops at the end, back at the start.
///
/// An entry is timed by the length its decoder reports once it is opened (until then, by the length the
/// library knows, which it shows, but never ends on). An entry that cannot be played is skipped, and its
/// failure reported once.
package struct PlayQueue: Sendable {
    /// One file of the queue.
    package struct Entry: Sendable, Equatable {
        /// The file.
        package let path: String
        /// The length the library knows (a tag's), shown until the decoder says.
        package let expectedDuration: Double
        /// The exact length, once the file is opened.
        package var duration: Double?
        /// What its samples are multiplied by (ReplayGain); 1 plays them as they are.
        package var gain = 1.0
        /// Why it cannot be played, once that is known.
        package var failure: AudioError?
        /// Whether its failure was handed out.
        var isReported = false

        /// The length it is timed by: unknown lengths never end.
        var timedDuration: Double { duration ?? .infinity }
    }

    /// The files, in order.
    package private(set) var entries: [Entry]
    /// The entry playing or paused.
    package private(set) var index: Int
    private var transport: Transport
    /// Set when the last entry has finished (or ``skip(by:at:)`` went past it), until it plays again.
    package private(set) var hasEnded = false
    /// Counts the moves a feeding thread cannot follow on its own: seeks and skips. A thread that sees it
    /// change drops what it queued and starts over from where playback is now.
    package private(set) var jumps = 0
    /// Failures not handed out yet.
    private var failures: [AudioError] = []

    /// A queue of `files` (each with the length the library knows; at least one), paused at the start of
    /// `index`; `gains` are the files' ReplayGain factors, in order (1 for those not given).
    package init(_ files: [(path: String, duration: Double)], from index: Int, gains: [Double] = []) {
        precondition(!files.isEmpty, "a play queue holds at least one file")
        var entries = files.map { Entry(path: $0.path, expectedDuration: max($0.duration, 0)) }
        for (position, gain) in gains.enumerated() where position < entries.count {
            entries[position].gain = gain
        }
        let index = min(max(index, 0), entries.count - 1)
        self.entries = entries
        self.index = index
        transport = Transport(duration: entries[index].timedDuration)
    }

    // MARK: Reading

    /// Where playback is at `now`, after ``settle(at:)``.
    package func position(at now: Double) -> Double { transport.position(at: now) }

    /// Whether it plays at `now`, after ``settle(at:)``.
    package func isPlaying(at now: Double) -> Bool { transport.isPlaying(at: now) }

    /// The length of the entry playing: exact once opened, the library's until then.
    package var duration: Double { entries[index].duration ?? entries[index].expectedDuration }

    /// The next entry after `index` that is not known to fail, if any.
    package func playable(after index: Int) -> Int? {
        entries.indices.dropFirst(index + 1).first { entries[$0].failure == nil }
    }

    /// How far ahead of playback at `now` the point `seconds` into entry `feedIndex` is (negative when
    /// playback has passed it). The entries in between are opened: a feeding thread opens each before
    /// it writes its samples.
    package func secondsAhead(ofEntry feedIndex: Int, at seconds: Double, now: Double) -> Double {
        let position = transport.position(at: now)
        guard feedIndex > index else {
            return feedIndex == index ? seconds - position : -.infinity
        }
        let between = entries[(index + 1)..<feedIndex].filter { $0.failure == nil }
        return entries[index].timedDuration - position + between.reduce(0) { $0 + $1.timedDuration } + seconds
    }

    /// The failures of entries skipped since the last call, and of devices, oldest first.
    package mutating func takeFailures() -> [AudioError] {
        defer { failures = [] }
        return failures
    }

    // MARK: Time passing

    /// Moves on to the entries the clock has reached by `now`: each starts when the one before ended.
    package mutating func settle(at now: Double) {
        while let end = transport.finishTime, end <= now {
            moveOn(at: end, playing: true)
        }
    }

    /// Goes to the next entry that can play, starting at `time` (playing or paused); after the last one,
    /// the queue has ended, back at the start of the entry it ended on.
    private mutating func moveOn(at time: Double, playing: Bool) {
        if let next = nextPlayable(after: index) {
            start(next, at: time, playing: playing)
        } else {
            transport = Transport(duration: entries[index].timedDuration)
            hasEnded = true
        }
    }

    /// The next entry after `index` not known to fail; the failing ones passed are reported.
    private mutating func nextPlayable(after index: Int) -> Int? {
        for candidate in entries.indices.dropFirst(index + 1) {
            guard entries[candidate].failure != nil else { return candidate }
            report(candidate)
        }
        return nil
    }

    private mutating func start(_ entry: Int, at time: Double, playing: Bool) {
        index = entry
        hasEnded = false
        transport = Transport(duration: entries[entry].timedDuration)
        if playing { transport.play(at: time) }
    }

    private mutating func report(_ entry: Int) {
        guard let failure = entries[entry].failure, !entries[entry].isReported else { return }
        entries[entry].isReported = true
        failures.append(failure)
    }

    // MARK: What the decoders and devices say

    /// Entry `entry` was opened: it is `seconds` long (or it ended there, decoded short of its length).
    package mutating func setDuration(_ seconds: Double, ofEntry entry: Int, at now: Double) {
        settle(at: now)
        entries[entry].duration = max(seconds, 0)
        if entry == index { transport = transport.resized(to: entries[entry].timedDuration) }
        settle(at: now)
    }

    /// Entry `entry` cannot play: it is skipped (at once when it is the one playing).
    package mutating func fail(entry: Int, with error: AudioError, at now: Double) {
        settle(at: now)
        entries[entry].failure = error
        guard entry == index else { return }
        report(entry)
        moveOn(at: now, playing: transport.isPlaying(at: now))
        jumps += 1
    }

    /// The device failed while playing: playback pauses where it is, and the failure is reported once.
    package mutating func pauseForDevice(_ error: AudioError, at now: Double) {
        pause(at: now)
        failures.append(error)
    }

    /// A file failed while playing (it ends where it failed): the failure is reported once.
    package mutating func note(_ error: AudioError) {
        failures.append(error)
    }

    /// No device could be opened: the queue ends where it is, and the failure is reported once.
    package mutating func halt(with error: AudioError, at now: Double) {
        settle(at: now)
        transport = Transport(duration: entries[index].timedDuration)
        hasEnded = true
        failures.append(error)
    }

    // MARK: What the user does

    /// Starts or resumes at `now`; after the end, the entry it ended on starts again.
    package mutating func play(at now: Double) {
        settle(at: now)
        hasEnded = false
        if entries[index].failure != nil {
            report(index)
            guard let next = nextPlayable(after: index) else {
                hasEnded = true
                return
            }
            start(next, at: now, playing: false)
        }
        transport.play(at: now)
    }

    /// Pauses at `now`, keeping the position.
    package mutating func pause(at now: Double) {
        settle(at: now)
        transport.pause(at: now)
    }

    /// Moves to `seconds` into the entry playing, playing on if it was playing. Past its end while
    /// playing, it is as if the entry ended: the next one plays (or the queue ends).
    package mutating func seek(to seconds: Double, at now: Double) {
        settle(at: now)
        let playing = transport.isPlaying(at: now)
        if playing, seconds >= entries[index].timedDuration {
            moveOn(at: now, playing: true)
        } else {
            transport.seek(to: seconds, at: now)
        }
        jumps += 1
    }

    /// Goes `offset` entries on (or back, when negative), to the start of the nearest that can play in
    /// that direction, playing if it was playing. Past the last entry the queue ends; before the first,
    /// the first starts again.
    package mutating func skip(by offset: Int, at now: Double) {
        settle(at: now)
        let playing = transport.isPlaying(at: now)
        jumps += 1
        var target = index + offset
        let step = offset < 0 ? -1 : 1
        while entries.indices.contains(target), entries[target].failure != nil {
            report(target)
            target += step
        }
        if target >= entries.count {
            transport = Transport(duration: entries[index].timedDuration)
            hasEnded = true
        } else {
            start(max(target, entries.firstIndex { $0.failure == nil } ?? index), at: now, playing: playing)
        }
    }
}

extension PlayQueue {
    /// 16-bit samples multiplied by `gain` (ReplayGain), clamped to the samples' range: a gain of 1 gives
    /// them back as they are.
    package static func scaled(_ samples: ArraySlice<Int16>, by gain: Double) -> ArraySlice<Int16> {
        guard gain != 1 else { return samples }
        return ArraySlice(samples.map { Int16(clamping: Int((Double($0) * gain).rounded())) })
    }
}
