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

    init() async throws {
        try await home.removeEveryAlbum()
        // Two tracks of two seconds each (``AudioFixtures/duration``).
        try await music.add("Duo/01.flac", track("First Light", by: "Duo", on: "Two Songs", number: 1))
        try await music.add("Duo/02.flac", track("Second Wind", by: "Duo", on: "Two Songs", number: 2))
        _ = try await home.ok("import", music.directory.path)
    }

    private func start(_ tmux: TmuxSession, device: String) async throws {
        let binary = BinaryRunner.productsDirectory + "/bluelibrary"
        let environment = home.environment.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        try await tmux.start(
            "env \(environment) BLUELIBRARY_OFFLINE=1 TERM=xterm-256color \(binary) tui --device \(device);"
                + " echo EXITED $?; sleep 60",
            width: 100, height: 30)
        try await tmux.waitFor("album 1 of 1")
        try await tmux.waitFor("2 tracks, 0:04")
    }

    @Test(.timeLimit(.minutes(2))) func twoTracksPlayInSequenceOnTheNullDevice() async throws {
        let tmux = TmuxSession(name: "blp", scratch: home.directory)
        try await start(tmux, device: "null")
        try await tmux.keys("p")
        try await tmux.waitFor("▶ Playing  01  First Light · Two Songs", seconds: 5)
        #expect(await tmux.screen.contains("/ 0:02"))
        // The second follows the first, without a key.
        try await tmux.waitFor("▶ Playing  02  Second Wind · Two Songs", seconds: 5)
        // The album has ended: the player's line goes, and nothing went wrong on the way.
        let ended = await tmux.waitUntil(seconds: 5) { !$0.contains("▶ Playing") }
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
        try await tmux.waitFor("no audio device 'no_such_device' for playback", seconds: 5)
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
