import Testing

@testable import DesignPatterns

struct MessagingTests {
    @Test func demoSendsOneMessageThroughEachMechanism() {
        #expect(
            lines(of: runMessagingDemo) == [
                "notification to status bar: Come Together finished",
                "notification to history list: Come Together finished",
                "delegate: Come Together finished",
                "closure: Come Together finished",
                "target-action: play tapped",
                "key-value observation: volume will change (was 5)",
                "key-value observation: volume will change (was 9)",
            ])
    }

    @Test func playerDoesNotRetainItsDelegate() {
        let player = TrackPlayer(hub: NotificationHub())
        var screen: NowPlayingScreen? = NowPlayingScreen(console: RecordingConsole())
        player.delegate = screen
        screen = nil
        #expect(player.delegate == nil)
    }

    @Test func targetActionDoesNotRetainTheTarget() {
        let console = RecordingConsole()
        let button = PlayButton()
        var screen: NowPlayingScreen? = NowPlayingScreen(console: console)
        if let target = screen {
            button.addTarget(target, action: NowPlayingScreen.playTapped)
        }
        button.tap()
        weak let probe = screen
        screen = nil
        #expect(probe == nil)
        button.tap()
        #expect(console.lines == ["target-action: play tapped"])
    }

    @Test func observationFiresOnceForTheTrackedPropertyOnly() {
        let console = RecordingConsole()
        let state = PlaybackState()
        observeNextVolumeChange(of: state, console: console)
        state.title = "Untracked"
        #expect(console.lines.isEmpty)
        state.volume = 7
        state.volume = 8
        #expect(console.lines == ["key-value observation: volume will change (was 5)"])
    }

    @Test func reArmingObservesTheNextChange() {
        let console = RecordingConsole()
        let state = PlaybackState()
        observeNextVolumeChange(of: state, console: console)
        state.volume = 2
        observeNextVolumeChange(of: state, console: console)
        state.volume = 3
        #expect(
            console.lines == [
                "key-value observation: volume will change (was 5)",
                "key-value observation: volume will change (was 2)",
            ])
    }
}
