import Synchronization

/// What each user's players said they are playing (`scrobble` with `submission=false`, `reportPlayback`),
/// for `getNowPlaying`: one entry per user and player, kept in memory for an hour. A restart forgets it,
/// as it should: nothing plays across one. A `reportPlayback` session also knows whether its play has
/// been counted yet, so a track is counted once however often its player reports.
final class NowPlaying: Sendable {
    /// One player's current track.
    struct Entry: Sendable, Hashable {
        var userID: String
        var userName: String
        var player: String
        var trackID: String
        /// When the player said so, in milliseconds since 1970.
        var since: Int64
        /// Whether this playback's play was counted (by `reportPlayback`).
        var counted = false
        /// Whether the player said it stopped: kept (so a late report of the same playback counts
        /// nothing again) but no longer playing.
        var isStopped = false
    }

    /// A player's state, as `reportPlayback` reports it.
    enum PlaybackState: String, Sendable {
        case starting, playing, paused, stopped
    }

    /// How long an entry is kept, in milliseconds.
    static let lifetime: Int64 = 3_600_000
    /// The most entries kept (the oldest go first).
    static let capacity = 1000

    private let entries = Mutex<[String: Entry]>([:])

    /// Records that a user's player plays a track.
    func playing(_ entry: Entry) {
        entries.withLock { Self.keep(entry, in: &$0) }
    }

    /// Takes a player's report (`reportPlayback`): `starting`, or another track than before, begins a
    /// playback; `stopped` ends it (the player leaves now playing, and a late report of the same playback
    /// counts nothing again). Whether this report is the one that counts the play: the first at or past
    /// `threshold` milliseconds into the track, unless `counting` is off or `admit` refuses it (over the
    /// rate of plays: a later report may count it).
    func report(
        _ entry: Entry, _ state: PlaybackState, position: Int64, threshold: Int64, counting: Bool,
        admit: () -> Bool
    ) -> Bool {
        entries.withLock { entries in
            let key = Self.key(entry)
            let earlier = entries[key].flatMap {
                $0.trackID == entry.trackID && state != .starting ? $0 : nil
            }
            var current = entry
            current.counted = earlier?.counted ?? false
            let counts = counting && !current.counted && position >= threshold && admit()
            if counts { current.counted = true }
            current.isStopped = state == .stopped
            Self.keep(current, in: &entries)
            return counts
        }
    }

    private static func key(_ entry: Entry) -> String { entry.userID + "\u{1F}" + entry.player }

    private static func keep(_ entry: Entry, in entries: inout [String: Entry]) {
        entries[key(entry)] = entry
        if entries.count > capacity, let oldest = entries.min(by: { $0.value.since < $1.value.since })?.key {
            entries[oldest] = nil
        }
    }

    /// The entries younger than ``lifetime`` at `now`, the latest first.
    func current(at now: Int64) -> [Entry] {
        entries.withLock { entries in
            entries = entries.filter { now - $0.value.since < Self.lifetime }
            return entries.values.filter { !$0.isStopped }.sorted {
                ($0.since, $0.userName) > ($1.since, $1.userName)
            }
        }
    }
}
