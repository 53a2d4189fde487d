import RecordingsModel
import RecordingsUI
import TerminalKit

/// Recordings in Model-Adapter-View-Binder: model adapters (store, view state, player) hold signals;
/// the views in ``MAVBViews`` are constructed once with declarative bindings to them; keys and view
/// events are actions on the adapters. There are no controllers.
@MainActor
package final class MAVBApp: RecordingsApplication {
    private let environment: RecordingsEnvironment
    private let viewState: ViewStateAdapter
    private let player: PlayerAdapter
    private let actions: Actions
    private let views: MAVBViews
    private let size: Signal<(width: Int, height: Int)>
    package private(set) var wantsToQuit = false
    package var needsClock: Bool { player.playback.value?.isPlaying == true || actions.recorder != nil }

    /// Builds the adapters and the views, restoring the last run's state.
    package init(environment: RecordingsEnvironment, width: Int, height: Int) {
        self.environment = environment
        let saved = environment.restoration.load()
        let store = StoreAdapter(store: environment.store, glyphs: environment.glyphs)
        viewState = ViewStateAdapter(store: store, restoration: saved)
        player = PlayerAdapter(environment: environment, recording: viewState.state.map(\.recording))
        actions = Actions(environment: environment, viewState: viewState)
        size = Signal((width, height))
        views = MAVBViews(
            adapters: MAVBViews.Adapters(
                store: store, viewState: viewState, player: player, actions: actions),
            size: size)
        let path = viewState.state.value.folders
        for (index, folder) in path.enumerated() {
            let selected =
                index + 1 < path.count ? path[index + 1] : saved?.selection(in: folder, of: environment.store)
            _ = views.folderList(folder, selecting: selected)
        }
        if let saved, viewState.state.value.recording != nil { player.restore(position: saved.position) }
        player.onFailure = { [viewState] message in viewState.show(message: message) }
        _ = views.window
    }

    package func handle(_ key: Key) {
        viewState.show(message: nil)
        let state = viewState.state.value
        if let jump = views.playPane.jumpCommand(for: key, in: views.split, overlay: views.window.overlay) {
            perform(jump)
        } else if let overlay = views.window.overlay {
            _ = overlay.handle(key)
        } else if state.renaming != nil {
            switch Keymap.command(for: key, in: .text) {
            case .confirm: actions.finishRenaming()
            case .cancel: viewState.setRenaming(nil)
            default: _ = views.playPane.nameField.handle(key)
            }
        } else if !state.playHasFocus {
            if views.topList?.handle(key) != true { perform(Keymap.command(for: key, in: .list)) }
        } else {
            perform(Keymap.command(for: key, in: .play))
        }
    }

    private func perform(_ command: Command?) {
        switch command {
        case .quit: wantsToQuit = true
        case .newFolder: viewState.present(.newFolder(parent: viewState.openFolder))
        case .newRecording: actions.startRecording()
        case .delete:
            let rows = environment.store.contents(of: viewState.openFolder)
            if let index = views.topList?.selectedIndex, rows.indices.contains(index) {
                actions.requestDeletion(of: rows[index])
            }
        case .switchFocus: viewState.setPlayFocus(!viewState.state.value.playHasFocus)
        case .back: viewState.setPlayFocus(false)
        case .togglePlay: player.togglePlay()
        case .seekBackward: player.seek(by: -Command.seekStep)
        case .seekForward: player.seek(by: Command.seekStep)
        case .jump(let fraction): player.jump(toFraction: fraction)
        case .rename:
            if let id = viewState.state.value.recording, let item = environment.store.item(id) {
                viewState.setRenaming(item.name)
            }
        case .confirm, .cancel, .history, nil: break
        }
    }

    package func resize(width: Int, height: Int) { size.send((width, height)) }

    package func tick() {
        environment.store.reloadIfChangedOnDisk()
        player.refresh()
        if let recorder = actions.recorder {
            if let failure = recorder.failure { return actions.recordingFailed(failure) }
            recorder.refresh()
        }
        environment.restoration.save(restorableState)
    }

    /// The path, selections, focus and play pane, as a restart restores them.
    private var restorableState: Restoration {
        let state = viewState.state.value
        return Restoration(
            folderPath: state.folders, selections: views.selections, playHasFocus: state.playHasFocus,
            recording: state.recording, position: player.position)
    }

    package func render() -> TerminalScreen {
        views.window.render(width: size.value.width, height: size.value.height)
    }

    package func shutdown() {
        environment.restoration.save(restorableState, force: true)
        player.stop()
        actions.cancelRecording()
    }
}
