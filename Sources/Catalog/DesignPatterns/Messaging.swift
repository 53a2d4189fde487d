// The five Cocoa messaging mechanisms side by side, each telling someone that a track finished or
// a button was pressed.
//
// - Notification: one-to-many, by name, through a centre; the sender knows no receiver
//   (`NotificationHub` from Observer.swift).
// - Delegate: one known receiver behind a protocol, held weakly by the delegator.
// - Closure: a callback handed over at the call site; the lightest for one-off replies.
// - Target–action: a control stores a target and a method to call on it (Cocoa's
//   `addTarget(_:action:for:)`); here the action is a curried method reference `Type.method`, and the
//   target is held weakly like Cocoa's.
// - Key-value observation: watch one property of one object. Swift's Observation framework replaces
//   KVO: an `@Observable` class plus `withObservationTracking`. Its `onChange` fires once, *before*
//   the new value is stored (a "will change"), so the observer keeps the old value itself and re-arms
//   to keep watching; not re-arming is how it stops. (Observer.swift shows the didSet-based form
//   with old and new values.)
//
// Pick the narrowest that fits: closure for one reply, delegate for an ongoing relationship with one
// object, notification for many unknown listeners, target–action for UI controls, observation for
// state a view mirrors.
//
// BlueLibrary: catalog only — the app uses notifications (Broadcaster) and closures; the rest are here
// for comparison.

import Observation

/// A delegate protocol for the player.
protocol TrackPlayerDelegate: AnyObject {
    func trackPlayer(_ player: TrackPlayer, didFinish track: String)
}

/// A sender that uses three mechanisms at once: a notification, its delegate and a closure.
final class TrackPlayer {
    static let trackFinished = "trackFinished"

    weak var delegate: (any TrackPlayerDelegate)?
    var onFinish: ((String) -> Void)?
    private let hub: NotificationHub

    init(hub: NotificationHub) {
        self.hub = hub
    }

    func finish(_ track: String) {
        hub.post(Self.trackFinished, payload: ["track": track])
        delegate?.trackPlayer(self, didFinish: track)
        onFinish?(track)
    }
}

/// A control in the target–action style: it calls `action` on `target` when tapped.
final class PlayButton {
    private var actions: [(PlayButton) -> Void] = []

    /// Registers a method to call on `target`; the target is not retained.
    func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (PlayButton) -> Void) {
        actions.append { [weak target] sender in
            guard let target else { return }
            action(target)(sender)
        }
    }

    func tap() {
        for action in actions {
            action(self)
        }
    }
}

/// The playback state a view mirrors, observable with the Observation framework.
@Observable
final class PlaybackState {
    var volume = 5
    var title = ""
}

/// Observes the next change of `state.volume`; returns immediately. The `onChange` closure must be
/// `@Sendable`, so it captures only the console and the old value, never the state object.
func observeNextVolumeChange(of state: PlaybackState, console: any Console) {
    let old = state.volume
    withObservationTracking {
        _ = state.volume
    } onChange: {
        console.print("key-value observation: volume will change (was \(old))")
    }
}

/// The receiver for the delegate and target–action forms.
final class NowPlayingScreen: TrackPlayerDelegate {
    private let console: any Console

    init(console: any Console) {
        self.console = console
    }

    func trackPlayer(_ player: TrackPlayer, didFinish track: String) {
        console.print("delegate: \(track) finished")
    }

    func playTapped(_ sender: PlayButton) {
        console.print("target-action: play tapped")
    }
}

/// Sends one message through each mechanism.
func runMessagingDemo(on console: any Console) {
    let hub = NotificationHub()
    let screen = NowPlayingScreen(console: console)
    for listener in ["status bar", "history list"] {
        _ = hub.addObserver(forName: TrackPlayer.trackFinished) { notice in
            console.print("notification to \(listener): \(notice.payload["track"] ?? "?") finished")
        }
    }
    let player = TrackPlayer(hub: hub)
    player.delegate = screen
    player.onFinish = { track in console.print("closure: \(track) finished") }
    player.finish("Come Together")

    let button = PlayButton()
    button.addTarget(screen, action: NowPlayingScreen.playTapped)
    button.tap()

    let state = PlaybackState()
    observeNextVolumeChange(of: state, console: console)
    state.volume = 8
    state.volume = 9  // not reported: the tracking fired once and was not re-armed
    observeNextVolumeChange(of: state, console: console)
    state.title = "Something"  // not reported: only volume is tracked
    state.volume = 3
}
