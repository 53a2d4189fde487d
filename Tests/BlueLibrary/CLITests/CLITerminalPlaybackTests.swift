import Foundation
import TestSupport
import Testing

/// The real `bluelibrary tui` playing a scanned folder in tmux, on ALSA's `null` device (no sound
/// hardware; the player's clock sets the time): `p` plays the album, its two tracks follow each other,
/// and the player's line goes when the album ends. A device that does not exist is one line in the status
/// bar and the screen goes on working.
struct CLITerminalPlaybackTests {
    let home = CLIHome()
    let music = MusicFolder()

    /// How long each track plays. The test sees each one play by reading the screen now and then, and on
    /// a busy machine one look (a shell and tmux started) can take a second or more: a track of a couple
    /// of seconds could start and end between two looks.
    static let trackSeconds = 8

    /// A length as the screen shows it (`0:08`).
    static func clock(_ seconds: Int) -> String {
        "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
    }

    init() async throws {
        try await home.removeEveryAlbum()
        try await addTrack("Duo/01.flac", title: "First Light", number: 1)
        try await addTrack("Duo/02.flac", title: "Second Wind", number: 2)
        _ = try await home.ok("import", music.directory.path)
    }

    /// Writes a FLAC track of ``trackSeconds`` on the album "Two Songs" by Duo at `relative` in the folder.
    private func addTrack(_ relative: String, title: String, number: Int) async throws {
        let path = music.path(relative)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try await FFmpeg.run([
            "-f", "lavfi", "-i", "sine=frequency=440:duration=\(Self.trackSeconds)", "-c:a", "flac",
            "-metadata", "title=\(title)", "-metadata", "artist=Duo", "-metadata", "album=Two Songs",
            "-metadata", "track=\(number)", path,
        ])
    }

    private func start(_ tmux: TmuxSession, device: String) async throws {
        try await home.startTUI(in: tmux, "--device \(device)")
        try await tmux.waitFor("album 1 of 1")
        try await tmux.waitFor("2 tracks, \(Self.clock(2 * Self.trackSeconds))")
    }

    @Test(.timeLimit(.minutes(2))) func twoTracksPlayInSequenceOnTheNullDevice() async throws {
        let tmux = TmuxSession(name: "blp", scratch: home.directory)
        try await start(tmux, device: "null")
        try await tmux.keys("p")
        try await tmux.waitFor("▶ Playing  01  First Light · Two Songs", seconds: 30)
        #expect(await tmux.screen.contains("/ \(Self.clock(Self.trackSeconds))"))
        // The second follows the first, without a key.
        try await tmux.waitFor("▶ Playing  02  Second Wind · Two Songs", seconds: 30)
        // The album has ended: the player's line goes, and nothing went wrong on the way.
        let ended = await tmux.waitUntil(seconds: 30) { !$0.contains("▶ Playing") }
        #expect(ended)
        let screen = await tmux.screen
        #expect(!screen.contains("cannot play") && !screen.contains("no audio device"), "\(screen)")
        try await tmux.keys("q")
        try await tmux.waitFor("EXITED 0")
        #expect(await tmux.isRestored)
        await tmux.kill()
    }

    @Test(.timeLimit(.minutes(2))) func withoutTheDeviceItIsOneLineAndTheScreenGoesOn() async throws {
        let tmux = TmuxSession(name: "bln", scratch: home.directory)
        try await start(tmux, device: "no_such_device")
        try await tmux.keys("p")
        try await tmux.waitFor("no audio device 'no_such_device' for playback", seconds: 30)
        #expect(await !tmux.screen.contains("▶ Playing"))
        // The screen still answers keys.
        try await tmux.keys("?")
        try await tmux.waitFor("any key closes")
        try await tmux.keys("x", "q")
        try await tmux.waitFor("EXITED 0")
        #expect(await tmux.isRestored)
        await tmux.kill()
    }

    @Test func helpNamesTheDeviceOption() async throws {
        let help = try await home.ok("tui", "--help")
        #expect(help.contains("--device NAME"))
        let empty = try await home.run(["tui", "--device", ""])
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("--device needs an ALSA device name"))
    }
}

/// What a track's file says beyond its title, in the real `bluelibrary tui` in tmux: an album of two discs
/// under a heading each (the second with its subtitle), the lyrics of the track that plays from the
/// `.lrc` file beside it (`y`), and ReplayGain's mode chosen at start (`--replaygain`, a wrong one refused
/// in one line).
struct CLITerminalTrackDetailsTests {
    let home = CLIHome()
    let music = MusicFolder()

    init() async throws {
        try await home.removeEveryAlbum()
        try await addTrack("Both/01.flac", title: "Studio Take", disc: 1, subtitle: nil)
        try await addTrack("Both/02.flac", title: "Stage Take", disc: 2, subtitle: "The Live Set")
        try "[00:00.00]Sung first\n[00:30.00]Sung much later\n".write(
            toFile: music.path("Both/01.lrc"), atomically: true, encoding: .utf8)
        _ = try await home.ok("import", music.directory.path)
    }

    private func addTrack(_ relative: String, title: String, disc: Int, subtitle: String?) async throws {
        let path = music.path(relative)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try await FFmpeg.run(
            [
                "-f", "lavfi", "-i", "sine=frequency=440:duration=40", "-c:a", "flac",
                "-metadata", "title=\(title)", "-metadata", "artist=Pair", "-metadata", "album=Both Sides",
                "-metadata", "track=1", "-metadata", "disc=\(disc)",
                "-metadata", "REPLAYGAIN_TRACK_GAIN=-6.00 dB", "-metadata", "REPLAYGAIN_TRACK_PEAK=0.5",
            ] + (subtitle.map { ["-metadata", "DISCSUBTITLE=\($0)"] } ?? []) + [path])
    }

    private func start(_ tmux: TmuxSession, _ options: String) async throws {
        try await home.startTUI(in: tmux, "--device null \(options)")
    }

    @Test(.timeLimit(.minutes(2))) func discHeadingsLyricsAndReplayGainInTheTerminal() async throws {
        let tmux = TmuxSession(name: "bld", scratch: home.directory)
        try await start(tmux, "--replaygain album")
        try await tmux.waitFor("album 1 of 1")
        try await tmux.waitFor("Disc 2")
        let screen = await tmux.screen
        #expect(screen.contains("Disc 1"), "\(screen)")
        #expect(screen.contains("The Live Set"), "the second disc's subtitle under its heading: \(screen)")
        #expect(
            screen.range(of: "Studio Take").map { screen[..<$0.lowerBound].contains("Disc 1") } == true
                && screen.range(of: "Stage Take").map { screen[..<$0.lowerBound].contains("Disc 2") } == true,
            "each track under its disc: \(screen)")
        // The lyrics of the track that plays, from the .lrc file beside it.
        try await tmux.keys("p")
        try await tmux.waitFor("▶ Playing", seconds: 30)
        try await tmux.keys("y")
        try await tmux.waitFor("Lyrics · Studio Take", seconds: 30)
        try await tmux.waitFor("Sung first")
        #expect(await tmux.screen.contains("Sung much later"))
        try await tmux.keys("x")
        let closed = await tmux.waitUntil(seconds: 10) { !$0.contains("Sung first") }
        #expect(closed, "any other key closes them")
        #expect(await !tmux.screen.contains("cannot play"))
        try await tmux.keys("q")
        try await tmux.waitFor("EXITED 0")
        await tmux.kill()
        // A mode that is none: one line, and the screen never starts.
        let wrong = TmuxSession(name: "blw", scratch: home.directory)
        try await start(wrong, "--replaygain loud")
        try await wrong.waitFor("EXITED 64")
        #expect(await wrong.screen.contains("invalid --replaygain 'loud': use off, track or album"))
        await wrong.kill()
    }
}
