import AudioKit
import BlueLibraryCore

/// The server's own player for `jukeboxControl`: a playlist of the library's tracks played on the
/// server's sound device through the audio module the terminal UI uses (``QueuePlayer``), so a phone
/// is the remote control of the speakers in the room. One owner — this actor — for the playlist, the
/// gain and the player; every call returns at once (the player opens and decodes files on its own
/// thread).
package actor Jukebox {
    /// One track of the playlist: its id, and what the player needs.
    struct Track: Sendable, Hashable {
        var id: String
        var path: String
        var duration: Double
    }

    /// What `status` answers.
    struct Status: Sendable, Equatable {
        var currentIndex: Int
        var playing: Bool
        var gain: Double
        /// Whole seconds into the current track.
        var position: Int
    }

    /// The most tracks the playlist holds.
    static let maximumLength = 10_000

    private let player: any QueuePlayer
    private(set) var tracks: [Track] = []
    private var gain = 0.5
    /// Where the playlist stands when the player has nothing loaded (stopped before it started).
    private var index = 0

    /// A jukebox playing through `player` (``ALSAQueuePlayer`` on the device `serve --jukebox-device`
    /// names).
    package init(player: sending any QueuePlayer) {
        self.player = player
    }

    /// The playlist and where the player is, read at one moment (one call, so a change between the two
    /// cannot make them disagree).
    func snapshot() -> (tracks: [Track], status: Status) {
        (tracks, status())
    }

    /// Where the player is.
    func status() -> Status {
        let now = player.status
        let current = now?.index ?? index
        let playing = (now?.isPlaying ?? false) && !(now?.hasEnded ?? true)
        return Status(
            currentIndex: tracks.isEmpty ? -1 : current, playing: playing, gain: gain,
            position: Int((now?.position ?? 0).rounded(.down)))
    }

    /// Replaces the playlist (`set`): playing goes on from the first new track when it was playing.
    func set(_ new: [Track]) {
        let wasPlaying = status().playing
        tracks = Array(new.prefix(Self.maximumLength))
        index = 0
        if wasPlaying && !tracks.isEmpty { load(from: 0, at: 0) } else { player.stop() }
    }

    /// Adds tracks at the end (`add`); what plays goes on.
    func add(_ more: [Track]) {
        let room = Self.maximumLength - tracks.count
        tracks += more.prefix(max(room, 0))
        reloadKeepingPlace()
    }

    /// Starts (or resumes) playing (`start`). After the end of the playlist it plays the tracks added
    /// since, if any, else the playlist again from its start.
    func start() {
        guard !tracks.isEmpty else { return }
        if let now = player.status, !now.hasEnded {
            if !now.isPlaying { player.togglePause() }
        } else if let now = player.status {
            load(from: now.index + 1 < tracks.count ? now.index + 1 : 0, at: 0)
        } else {
            load(from: min(index, tracks.count - 1), at: 0)
        }
    }

    /// Pauses (`stop`).
    func stop() {
        if let now = player.status, now.isPlaying { player.togglePause() }
    }

    /// Plays the track at `place` from `offset` seconds (`skip`).
    /// - Returns: whether `place` is in the playlist.
    func skip(to place: Int, offset: Double) -> Bool {
        guard tracks.indices.contains(place) else { return false }
        load(from: place, at: max(offset, 0))
        return true
    }

    /// Empties the playlist (`clear`) and stops.
    func clear() {
        tracks = []
        index = 0
        player.stop()
    }

    /// Removes the track at `place` (`remove`).
    /// - Returns: whether `place` is in the playlist.
    func remove(at place: Int) -> Bool {
        guard tracks.indices.contains(place) else { return false }
        let current = player.status?.index ?? index
        let position = player.status?.position ?? 0
        let wasPlaying = status().playing
        tracks.remove(at: place)
        guard !tracks.isEmpty else { return clearing() }
        if place == current {
            index = min(current, tracks.count - 1)
            if wasPlaying { load(from: index, at: 0) } else { player.stop() }
        } else {
            let kept = place < current ? current - 1 : current
            if player.status != nil {
                reload(from: kept, at: position, playing: wasPlaying)
            } else {
                index = kept
            }
        }
        return true
    }

    /// Shuffles the playlist (`shuffle`); playing goes on from its new first track.
    func shuffle() {
        let wasPlaying = status().playing
        tracks.shuffle()
        index = 0
        if wasPlaying && !tracks.isEmpty { load(from: 0, at: 0) } else { player.stop() }
    }

    /// Sets the volume, 0 to 1 (`setGain`); what plays goes on at the new gain.
    func setGain(_ value: Double) {
        gain = min(max(value, 0), 1)
        reloadKeepingPlace()
    }

    /// Stops for good (the server stops).
    package func quit() {
        player.stop()
    }

    private func clearing() -> Bool {
        clear()
        return true
    }

    /// Loads the playlist at `place`, `offset` seconds in, playing or (without a sound) paused there.
    private func load(from place: Int, at offset: Double, playing: Bool = true) {
        index = place
        // A gain of 0 is silence (an entry's gain must be above 0).
        let level = max(gain, 0.000_001)
        player.load(
            tracks.map { QueueEntry(path: $0.path, duration: $0.duration, gain: level) }, from: place,
            at: offset,
            playing: playing)
    }

    /// Loads the playlist again where the player is (after a change to the list or the gain).
    private func reloadKeepingPlace() {
        guard let now = player.status, !now.hasEnded, !tracks.isEmpty else { return }
        reload(from: min(now.index, tracks.count - 1), at: now.position, playing: now.isPlaying)
    }

    private func reload(from place: Int, at position: Double, playing: Bool) {
        load(from: place, at: position, playing: playing)
    }
}
