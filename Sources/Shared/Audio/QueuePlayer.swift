/// Playback of a list of files in order — an album from one of its tracks: through ALSA
/// (``ALSAQueuePlayer``) or the twin (``QueuePlayerTwin``). Every call returns at once; files are opened
/// and decoded elsewhere, and what goes wrong comes back from ``takeFailures()``.
package protocol QueuePlayer: AnyObject {
    /// Loads `entries` at `index`, `offset` seconds in, playing or paused there, replacing whatever played
    /// (an empty list stops). Loaded paused, nothing is heard until ``togglePause()``.
    func load(_ entries: [QueueEntry], from index: Int, at offset: Double, playing: Bool)
    /// Pauses, or resumes where it paused (after the end, the last file starts again).
    func togglePause()
    /// Goes `offset` files on (back when negative), playing if it was playing: past the last one the
    /// queue ends, before the first one the first starts again; files that cannot play are passed over.
    func skip(by offset: Int)
    /// Moves `seconds` from where playback is (back when negative): not before the file's start, and
    /// past its end the next file plays.
    func seek(by seconds: Double)
    /// Stops and forgets the queue; releases the device.
    func stop()
    /// What plays now, or `nil` when nothing is queued.
    var status: QueueStatus? { get }
    /// What went wrong since the last call, oldest first, each once: files that cannot play (passed
    /// over), a device that is missing or failed.
    func takeFailures() -> [AudioError]
}

extension QueuePlayer {
    /// Plays `entries` from the start of `index`, replacing whatever played (an empty list stops).
    package func play(_ entries: [QueueEntry], from index: Int) {
        load(entries, from: index, at: 0, playing: true)
    }
}

/// A file to play, with the length the library knows (shown until the decoder says exactly).
package struct QueueEntry: Sendable, Hashable {
    /// The file.
    package var path: String
    /// Its length in seconds, as the library knows it.
    package var duration: Double
    /// What its samples are multiplied by (its ReplayGain, already limited by its peak); 1 plays it as
    /// it is.
    package var gain: Double

    /// Creates an entry.
    package init(path: String, duration: Double, gain: Double = 1) {
        self.path = path
        self.duration = duration
        self.gain = gain.isFinite && gain > 0 ? gain : 1
    }
}

/// What a ``QueuePlayer`` plays at one moment.
package struct QueueStatus: Sendable, Equatable {
    /// The entry playing or paused.
    package var index: Int
    /// Where playback is in it, in seconds.
    package var position: Double
    /// Its length in seconds.
    package var duration: Double
    /// Whether it plays (not paused, not ended).
    package var isPlaying: Bool
    /// Whether the queue ended: the last file finished, a skip went past it, or no device could be
    /// opened. Nothing plays until ``QueuePlayer/togglePause()`` starts the last file again.
    package var hasEnded: Bool

    /// Creates a status.
    package init(index: Int, position: Double, duration: Double, isPlaying: Bool, hasEnded: Bool) {
        self.index = index
        self.position = position
        self.duration = duration
        self.isPlaying = isPlaying
        self.hasEnded = hasEnded
    }
}

extension PlayQueue {
    /// The queue's status at `now` (after ``settle(at:)``). Its position never passes the length: a file
    /// not yet opened (a slow disk) has not ended, but the player's line does not count on past its end.
    package func status(at now: Double) -> QueueStatus {
        QueueStatus(
            index: index, position: min(position(at: now), duration), duration: duration,
            isPlaying: isPlaying(at: now), hasEnded: hasEnded)
    }
}
