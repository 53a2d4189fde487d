import Synchronization

/// What each user's players said they are playing (`scrobble` with `submission=false`), for
/// `getNowPlaying`: one entry per user and player, kept in memory for an hour. A restart forgets it, as
/// it should: nothing plays across one.
final class NowPlaying: Sendable {
    /// One player's current track.
    struct Entry: Sendable, Hashable {
        var userID: String
        var userName: String
        var player: String
        var trackID: String
        /// When the player said so, in milliseconds since 1970.
        var since: Int64
    }

    /// How long an entry is kept, in milliseconds.
    static let lifetime: Int64 = 3_600_000
    /// The most entries kept (the oldest go first).
    static let capacity = 1000

    private let entries = Mutex<[String: Entry]>([:])

    /// Records that a user's player plays a track.
    func playing(_ entry: Entry) {
        entries.withLock { entries in
            entries[entry.userID + "\u{1F}" + entry.player] = entry
            if entries.count > Self.capacity,
                let oldest = entries.min(by: { $0.value.since < $1.value.since })?.key
            {
                entries[oldest] = nil
            }
        }
    }

    /// The entries younger than ``lifetime`` at `now`, the latest first.
    func current(at now: Int64) -> [Entry] {
        entries.withLock { entries in
            entries = entries.filter { now - $0.value.since < Self.lifetime }
            return entries.values.sorted { ($0.since, $0.userName) > ($1.since, $1.userName) }
        }
    }
}
