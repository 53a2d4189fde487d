import RecordingsModel
import RecordingsUI
import TerminalKit

/// Recordings in MVVM-C (the original's app delegate): it starts the ``Coordinator``, restores the
/// last run's navigation through it, and routes each key to the coordinator or the focused view.
@MainActor
package final class MVVMCApp: RecordingsApplication {
    private let coordinator: Coordinator
    private var size: (width: Int, height: Int)
    package private(set) var wantsToQuit = false
    package var needsClock: Bool {
        coordinator.recordViewController != nil || coordinator.playViewController.viewModel.isPlaying
    }

    /// Builds the app and restores the state of the last run.
    package init(environment: RecordingsEnvironment, width: Int, height: Int) {
        coordinator = Coordinator(environment: environment)
        size = (width, height)
        if let saved = environment.restoration.load() {
            for folder in saved.folders(in: environment.store).dropFirst() {
                coordinator.top?.select(folder)
                coordinator.push(folder)
            }
            if let top = coordinator.top, let folder = top.viewModel.folder,
                let selected = saved.selection(in: folder.id, of: environment.store),
                let item = environment.store.item(selected)
            {
                top.select(item)
            }
            if let recording = saved.recording(in: environment.store) {
                coordinator.playViewController.viewModel.recording = recording
                coordinator.playViewController.viewModel.restore(position: saved.position)
            }
            coordinator.split.focus = saved.playHasFocus ? .detail : .master
        }
        coordinator.refresh()
    }

    package func handle(_ key: Key) {
        coordinator.refresh()
        coordinator.show(message: nil)
        let pane = coordinator.playViewController.pane
        if let jump = pane.jumpCommand(for: key, in: coordinator.split, overlay: coordinator.window.overlay) {
            perform(jump)
        } else if let overlay = coordinator.window.overlay {
            _ = overlay.handle(key)
        } else if coordinator.playViewController.isRenaming {
            coordinator.show(message: coordinator.playViewController.handleRenaming(key))
        } else if coordinator.split.focus == .master {
            if coordinator.top?.listView.handle(key) != true { perform(Keymap.command(for: key, in: .list)) }
        } else {
            perform(Keymap.command(for: key, in: .play))
        }
        coordinator.refresh()
    }

    private func perform(_ command: Command?) {
        let play = coordinator.playViewController
        switch command {
        case .quit: wantsToQuit = true
        case .newFolder: coordinator.createFolder()
        case .newRecording: coordinator.startRecording()
        case .delete: coordinator.confirmDeletion()
        case .switchFocus: coordinator.split.focus = coordinator.split.focus == .master ? .detail : .master
        case .back: coordinator.split.focus = .master
        case .togglePlay: coordinator.show(message: play.viewModel.togglePlay())
        case .seekBackward: play.viewModel.seek(by: -Command.seekStep)
        case .seekForward: play.viewModel.seek(by: Command.seekStep)
        case .jump(let fraction): play.viewModel.jump(toFraction: fraction)
        case .rename: play.startRenaming()
        case .confirm, .cancel, .history, nil: break
        }
    }

    package func resize(width: Int, height: Int) { size = (width, height) }

    package func tick() {
        coordinator.environment.store.reloadIfChangedOnDisk()
        coordinator.playViewController.viewModel.update()
        coordinator.recordViewController?.viewModel.update()
        coordinator.refresh()
        coordinator.environment.restoration.save(restorableState)
    }

    /// The navigation, the focus and the play pane, as a restart restores them.
    private var restorableState: Restoration {
        let play = coordinator.playViewController.viewModel
        let controllers = coordinator.folderControllers
        return Restoration(
            folderPath: controllers.compactMap(\.viewModel.folder?.id),
            selections: Dictionary(
                controllers.compactMap { controller in
                    guard let folder = controller.viewModel.folder, let item = controller.selectedItem else {
                        return nil
                    }
                    return (folder.id, item.id)
                }, uniquingKeysWith: { first, _ in first }),
            playHasFocus: coordinator.split.focus == .detail, recording: play.recording?.id,
            position: play.position)
    }

    package func render() -> TerminalScreen {
        coordinator.refresh()
        let window = coordinator.window
        let glyphs = coordinator.environment.glyphs
        window.title = coordinator.stack.path(separator: glyphs.pathSeparator)
        let context: Keymap.Context =
            coordinator.recordViewController != nil
            ? .recording
            : window.overlay != nil || coordinator.playViewController.isRenaming
                ? .text : coordinator.split.focus == .master ? .list : .play
        window.hints = Keymap.hints(for: context, glyphs: glyphs, width: size.width)
        return window.render(width: size.width, height: size.height)
    }

    package func shutdown() {
        let play = coordinator.playViewController.viewModel
        coordinator.environment.restoration.save(restorableState, force: true)
        play.stop()
        coordinator.recordViewController?.viewModel.cancel()
    }
}
