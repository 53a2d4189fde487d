import AudioKit
import BlueLibraryCore
import BlueLibraryPresentation
import TerminalKit

/// Playing the albums' tracks: the player plays one album (from the track chosen) while any other is
/// browsed; the player's line shows what plays, and what goes wrong is the status message.
extension TerminalApp {
    /// What the player's line shows: a track of the album handed to the player, and where it is.
    struct NowPlaying {
        var album: Album
        var track: Track
        /// The track's place on the album as the list shows it (`03`, `2-07`).
        var number: String
        var index: Int
        var status: QueueStatus
    }

    /// What plays or is paused now; `nil` when nothing is queued or the queue has ended.
    var nowPlaying: NowPlaying? {
        guard let status = player.status, !status.hasEnded, let playing,
            playing.tracks.indices.contains(status.index)
        else { return nil }
        // The album as it is now (it may have been edited since), else as it was.
        let album = controller.screen.albums.first { $0.id == playing.album.id } ?? playing.album
        let number = playing.album.trackLines(playing.tracks)[status.index].position
        return NowPlaying(
            album: album, track: playing.tracks[status.index], number: number, index: status.index,
            status: status)
    }

    /// Plays the current album from its track at `index`.
    func play(fromTrack index: Int) {
        let screen = controller.screen
        guard let album = screen.currentAlbum else {
            controller.setMessage("No album to play")
            return
        }
        guard !screen.tracks.isEmpty else {
            controller.setMessage(
                "\"\(album.title)\" has no tracks to play: albums typed by hand have none (import a music folder)"
            )
            return
        }
        playing = (album, screen.tracks)
        player.play(
            screen.tracks.map {
                QueueEntry(
                    path: $0.path, duration: $0.duration, gain: $0.details.replayGain.factor(replayGain))
            }, from: index)
        controller.setMessage(nil)
        showPlayerFailures()
    }

    /// Space: pauses or resumes what plays.
    func togglePause() {
        guard nowPlaying != nil else { return nothingPlays() }
        player.togglePause()
    }

    /// `n` and `b`: the next or the previous track.
    func skipTrack(by offset: Int) {
        guard nowPlaying != nil else { return nothingPlays() }
        player.skip(by: offset)
    }

    /// `,` and `.`: ten seconds back or ahead.
    func seek(by seconds: Double) {
        guard nowPlaying != nil else { return nothingPlays() }
        player.seek(by: seconds)
    }

    /// `0` to `9`: to that tenth of the track (`5` is its middle), as the Recordings player jumps — a
    /// 20-minute track is crossed in one key, not 90 presses of `.`.
    func seek(toTenth tenth: Int) {
        guard nowPlaying != nil, let status = player.status else { return nothingPlays() }
        player.seek(by: status.duration * Double(tenth) / 10 - status.position)
    }

    /// `s`: stops and forgets what played.
    func stopPlaying() {
        guard nowPlaying != nil else { return nothingPlays() }
        player.stop()
        playing = nil
    }

    private func nothingPlays() {
        controller.setMessage("Nothing is playing: Enter or p plays the album's tracks")
    }

    /// Shows what went wrong with playback since the last look (a file that cannot play, no device) as
    /// the status message: the latest, in one line.
    func showPlayerFailures() {
        guard let latest = player.takeFailures().last else { return }
        controller.setMessage(latest.message)
    }

    /// How long the screen may stay as it is while a track plays: until its time reaches the next whole
    /// second (the player's line shows seconds); `nil` while nothing plays.
    package var playbackFrameInterval: Duration? {
        guard let now = nowPlaying, now.status.isPlaying else { return nil }
        let toNextSecond = 1 - now.status.position.truncatingRemainder(dividingBy: 1)
        return .milliseconds(Int((max(toNextSecond, 0.05) * 1000).rounded(.up)) + 5)
    }

    /// The player's line: the state, the track and its album on the left, the time on the right.
    func drawPlayer(_ now: NowPlaying, layout: ScreenLayout, into screen: inout TerminalScreen) {
        guard let y = layout.playerRow else { return }
        let time = "\(Track.clock(now.status.position)) / \(Track.clock(now.status.duration))"
        let state = now.status.isPlaying ? "▶ Playing" : "‖ Paused"
        let artist =
            now.track.artist.isEmpty || now.track.artist == now.album.artist ? "" : " — \(now.track.artist)"
        let what = "\(now.number)  \(now.track.title)\(artist) · \(now.album.title)"
        let timeX = size.width - 1 - time.terminalColumns
        let stateEnd = 1 + screen.write(state, x: 1, y: y, style: CellStyle(bold: true))
        screen.write(what.truncated(toColumns: timeX - stateEnd - 4), x: stateEnd + 2, y: y)
        screen.write(time, x: timeX, y: y, style: CellStyle(bold: true))
    }
}
