import BlueLibraryServices
import Synchronization

/// What one user may keep and send, so that no user can grow the library without bound (a hundred
/// playlists of ten thousand songs each took a library from 217 KB to 138 MB, and made `getPlaylists`
/// take seconds; one `scrobble` of twenty thousand ids counted twenty thousand plays). Over a limit, a
/// call is refused with the Subsonic error 0 that names it, and changes nothing.
///
/// The playlist limits are checked in the transaction that would pass them, so they hold across every
/// server on one database; the plays per minute are counted by each server.
package enum UserLimits {
    /// The most playlists a user keeps.
    package static let playlists = 1_000
    /// The most songs a playlist holds (a playlist file imported too).
    package static let playlistLength = PlaylistFiles.maximumTracks
    /// The most songs all of a user's playlists hold together.
    static let playlistEntries = 100_000
    /// The most plays one `scrobble` counts.
    static let playsPerCall = 500
    /// The most plays a user's calls count in a minute (an offline phone's queue sent at once fits).
    static let playsPerMinute = 2_000
}

/// The plays each user's calls counted this minute, against ``UserLimits/playsPerMinute``.
final class PlayRate: Sendable {
    private struct Window {
        var minute: Int64
        var plays: Int
    }

    private let windows = Mutex<[String: Window]>([:])

    /// Counts `plays` for `user` at `now` (milliseconds since 1970), when they fit in this minute's
    /// allowance; whether they did (nothing is counted when they do not).
    func admit(_ plays: Int, user: String, now: Int64) -> Bool {
        let minute = now / 60_000
        return windows.withLock { windows in
            var window =
                windows[user].flatMap { $0.minute == minute ? $0 : nil } ?? Window(minute: minute, plays: 0)
            guard window.plays + plays <= UserLimits.playsPerMinute else { return false }
            window.plays += plays
            // Last minute's windows go, so the table holds the users of one minute at most.
            if windows.count > 1_000 { windows = windows.filter { $0.value.minute == minute } }
            windows[user] = window
            return true
        }
    }
}
