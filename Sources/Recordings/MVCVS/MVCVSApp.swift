import Foundation
import RecordingsModel
import RecordingsUI
import TerminalKit

/// Recordings in MVC with the view state in a model-layer store (MVC+VS): keys become actions on the
/// ``ViewStateStore``, and the ``SplitViewController`` sets the views from the new state. Restoration
/// is the view state saved on every change; the history view (`H`) travels back through it.
@MainActor
package final class MVCVSApp: RecordingsApplication {
    private let root: SplitViewController
    private let environment: RecordingsEnvironment
    private var size: (width: Int, height: Int)
    package private(set) var wantsToQuit = false
    package var needsClock: Bool { viewState.state.play.isPlaying || viewState.state.recordView != nil }

    /// Builds the app from the saved view state.
    package init(environment: RecordingsEnvironment, width: Int, height: Int) {
        self.environment = environment
        root = SplitViewController(environment: environment)
        size = (width, height)
    }

    private var viewState: ViewStateStore { root.viewState }

    package func handle(_ key: Key) {
        viewState.apply { $0.message = nil }
        if root.historyViewController.isVisible {
            _ = root.historyViewController.handle(key)
            return root.update(from: viewState.state)
        }
        let pane = root.playViewController.pane
        if let jump = pane.jumpCommand(for: key, in: root.split, overlay: root.window.overlay) {
            perform(jump)
        } else if let overlay = root.window.overlay {
            _ = overlay.handle(key)
        } else if viewState.state.renaming != nil {
            root.playViewController.handleRenaming(key)
        } else if !viewState.state.playHasFocus {
            if root.top?.listView.handle(key) != true { perform(Keymap.command(for: key, in: .list)) }
        } else {
            perform(Keymap.command(for: key, in: .play))
        }
    }

    private func perform(_ command: Command?) {
        let play = root.playViewController
        let folder = viewState.state.folders.last?.folderID ?? environment.store.rootID
        switch command {
        case .quit: wantsToQuit = true
        case .newFolder:
            viewState.apply { $0.textAlert = TextAlertState(purpose: .newFolder(parent: folder)) }
        case .newRecording:
            viewState.apply { $0.recordView = RecordViewState(recordingID: UUID(), parentID: folder) }
        case .delete: root.top?.deleteSelected()
        case .switchFocus: viewState.apply { $0.playHasFocus.toggle() }
        case .back: viewState.apply { $0.playHasFocus = false }
        case .togglePlay: play.togglePlay()
        case .seekBackward: play.seek(by: -Command.seekStep)
        case .seekForward: play.seek(by: Command.seekStep)
        case .jump(let fraction): play.jump(toFraction: fraction)
        case .rename: play.startRenaming()
        case .history:
            root.historyViewController.isVisible = true
            root.update(from: viewState.state)
        case .confirm, .cancel, nil: break
        }
    }

    package func resize(width: Int, height: Int) { size = (width, height) }

    package func tick() {
        environment.store.reloadIfChangedOnDisk()
        root.playViewController.updateDisplay()
        root.recordViewController.tick()
        viewState.save(position: root.playViewController.position)
    }

    package func render() -> TerminalScreen {
        let state = viewState.state
        root.window.title = root.stack.path(separator: environment.glyphs.pathSeparator)
        let context: Keymap.Context =
            state.recordView != nil
            ? .recording
            : root.window.overlay != nil || state.renaming != nil ? .text : state.playHasFocus ? .play : .list
        root.window.hints = Keymap.hints(
            for: context, glyphs: environment.glyphs, width: size.width)
        if root.historyViewController.isVisible {
            root.window.hints = "History: ←/→ travel · Esc closes"
        }
        return root.window.render(width: size.width, height: size.height)
    }

    package func shutdown() {
        let position = root.playViewController.position
        viewState.apply {
            $0.play.position = position
            $0.play.isPlaying = false
            $0.play.revision += 1
        }
        viewState.save(position: position)
        root.playViewController.stop()
        root.recordViewController.cancel()
    }
}
