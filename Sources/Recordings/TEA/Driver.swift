import AudioKit
import Foundation
import RecordingsAudio
import RecordingsModel
import RecordingsUI
import TerminalKit

/// The TEA runtime (the original's `Driver`): it owns the state, feeds messages through
/// ``update(_:_:)`` one at a time, performs the commands, keeps the subscriptions, and diffs each
/// new ``VirtualView`` into the retained widgets, whose events come back as messages.
@MainActor
final class Driver {
    private(set) var state: AppState
    let environment: RecordingsEnvironment
    let window: Window
    let split: SplitView
    let stack = NavigationStack()
    let playPane = PlayPane()
    var lists: [UUID: ListView] = [:]
    var overlay: (identity: String, widget: any Overlay, recordPane: RecordPane?)?
    var shown: VirtualView?
    var player: (any AudioPlayer)?
    var recorder: (recorder: any AudioRecorder, id: UUID, parent: UUID)?
    private var queue: [Message] = []
    private var isDispatching = false
    private var storeObservation: StoreObservation?

    init(environment: RecordingsEnvironment, width: Int, height: Int) {
        self.environment = environment
        let store = environment.store
        var state = AppState(
            tree: store.tree, path: [store.rootID], size: AppState.Size(width: width, height: height))
        var commands: [Cmd] = []
        let saved = environment.restoration.load()
        if let saved {
            state.path = saved.folders(in: store).map(\.id)
            state.playHasFocus = saved.playHasFocus
            if let recording = saved.recording(in: store) {
                state.play = AppState.PlayState(recording: recording.id)
                commands.append(.loadPlayer(recording.id, position: saved.position))
            }
        }
        for (index, folder) in state.path.enumerated() {
            state.selections[folder] =
                state.path[safe: index + 1] ?? saved?.selection(in: folder, of: store)
                ?? store.contents(of: folder).first?.id
        }
        state.available = Self.available(in: store)
        self.state = state
        split = SplitView(master: stack, detail: playPane)
        window = Window(content: split, glyphs: environment.glyphs)
        playPane.nameField.onChange = { [weak self] text in self?.send(.textChanged(text)) }
        subscribe()
        for command in commands { run(command) }
        apply(view(self.state, glyphs: environment.glyphs))
    }

    static func available(in store: RecordingsStore) -> Set<UUID> {
        Set(store.tree.recordings.map(\.id).filter { store.isAudioAvailable($0) })
    }

    /// Feeds a message through update (after any already waiting), runs its commands, and shows the
    /// result.
    func send(_ message: Message) {
        queue.append(message)
        guard !isDispatching else { return }
        isDispatching = true
        while !queue.isEmpty {
            let next = queue.removeFirst()
            for command in update(&state, next) { run(command) }
        }
        isDispatching = false
        apply(view(state, glyphs: environment.glyphs))
        subscribe()
    }

    // MARK: Subscriptions

    /// Starts the store subscription (the clocks are polled by ``tick()`` while subscribed).
    private func subscribe() {
        guard subscriptions(state).contains(.storeChanges), storeObservation == nil else { return }
        let store = environment.store
        storeObservation = store.observe { [weak self] change in
            self?.send(.storeChanged([change], tree: store.tree, available: Self.available(in: store)))
        }
    }

    /// The clock subscriptions, and other instances' changes to the store.
    func tick() {
        environment.store.reloadIfChangedOnDisk()
        let active = subscriptions(state)
        if active.contains(.playbackClock), let player {
            if let failure = player.takeFailure() { send(.playbackFailed(failure.message)) }
            send(.playbackProgressed(position: player.position, isPlaying: player.isPlaying))
        }
        if active.contains(.recordingClock), let recording = recorder?.recorder {
            if let failure = recording.failure {
                recording.cancel()
                recorder = nil
                send(.recordingFailed(failure.message))
            } else {
                send(.recordingProgressed(elapsed: recording.elapsed))
            }
        }
    }

    // MARK: Keys

    /// Routes a key to the widget that takes it; keys no widget takes become commands.
    func handle(_ key: Key) {
        send(.keyPressed)
        if let jump = playPane.jumpCommand(for: key, in: split, overlay: overlay?.widget) {
            send(.command(jump))
        } else if let overlay {
            _ = overlay.widget.handle(key)
        } else if state.renaming != nil {
            switch Keymap.command(for: key, in: .text) {
            case .confirm: send(.command(.confirm))
            case .cancel: send(.command(.cancel))
            default: _ = playPane.nameField.handle(key)
            }
        } else if !state.playHasFocus {
            if lists[state.openFolder]?.handle(key) != true {
                if let command = Keymap.command(for: key, in: .list) { send(.command(command)) }
            }
        } else if let command = Keymap.command(for: key, in: .play) {
            send(.command(command))
        }
    }
}
