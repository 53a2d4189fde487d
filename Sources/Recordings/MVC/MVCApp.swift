import RecordingsModel
import RecordingsUI
import TerminalKit

/// Recordings in Model-View-Controller (the original's app delegate and split view controller in one):
/// it builds the window from a navigation controller of folder lists and a play view controller,
/// presents modals and dialogs, and routes each key to the controller that has the focus. Controllers
/// change the model; the model's notifications update every controller.
@MainActor
package final class MVCApp: RecordingsApplication {
    let environment: RecordingsEnvironment
    let navigation = NavigationController()
    let playViewController: PlayViewController
    private let split: SplitView
    private let window: Window
    private var recordViewController: RecordViewController?
    private var size: (width: Int, height: Int)
    package private(set) var wantsToQuit = false
    package var needsClock: Bool { recordViewController != nil || playViewController.isPlaying }

    var glyphs: Glyphs { environment.glyphs }

    /// Builds the app and restores the state of the last run.
    package init(environment: RecordingsEnvironment, width: Int, height: Int) {
        self.environment = environment
        size = (width, height)
        playViewController = PlayViewController(environment: environment)
        split = SplitView(master: navigation.stack, detail: playViewController.pane)
        window = Window(content: split, glyphs: environment.glyphs)
        playViewController.app = self
        navigation.push(FolderViewController(folder: environment.store.tree.root, app: self))
        restoreState()
        updateFocus()
    }

    // MARK: Presenting

    func present(_ overlay: any Overlay, recording controller: RecordViewController? = nil) {
        window.overlay = overlay
        recordViewController = controller
    }

    func dismiss() {
        window.overlay = nil
        recordViewController = nil
    }

    func show(message: String) { window.message = message }

    /// Shows a recording in the play pane, which takes the focus.
    func showRecording(_ item: Item) {
        playViewController.recording = item
        split.focus = .detail
        updateFocus()
    }

    private func updateFocus() {
        navigation.top?.listView.isFocused = split.focus == .master
        playViewController.pane.isFocused = split.focus == .detail
    }

    // MARK: Keys

    package func handle(_ key: Key) {
        window.message = nil
        if let jump = playViewController.pane.jumpCommand(for: key, in: split, overlay: window.overlay) {
            return perform(jump)
        }
        if let overlay = window.overlay {
            _ = overlay.handle(key)
            return
        }
        if playViewController.isRenaming { return playViewController.handleRenaming(key) }
        if split.focus == .master {
            if navigation.top?.listView.handle(key) == true { return updateFocus() }
            perform(Keymap.command(for: key, in: .list))
        } else {
            perform(Keymap.command(for: key, in: .play))
        }
    }

    private func perform(_ command: Command?) {
        switch command {
        case .quit: wantsToQuit = true
        case .newFolder: navigation.top?.createNewFolder()
        case .newRecording: navigation.top?.createNewRecording()
        case .delete: navigation.top?.deleteSelected()
        case .switchFocus: split.focus = split.focus == .master ? .detail : .master
        case .back: split.focus = .master
        case .togglePlay: playViewController.togglePlay()
        case .seekBackward: playViewController.seek(by: -Command.seekStep)
        case .seekForward: playViewController.seek(by: Command.seekStep)
        case .jump(let fraction): playViewController.jump(toFraction: fraction)
        case .rename: playViewController.startRenaming()
        case .confirm, .cancel, .history, nil: break
        }
        updateFocus()
    }

    // MARK: The loop

    package func resize(width: Int, height: Int) { size = (width, height) }

    package func tick() {
        environment.store.reloadIfChangedOnDisk()
        playViewController.updateDisplay()
        recordViewController?.tick()
        updateFocus()
        environment.restoration.save(encodeRestorableState())
    }

    package func render() -> TerminalScreen {
        window.title = navigation.stack.path(separator: glyphs.pathSeparator)
        let context: Keymap.Context =
            recordViewController != nil
            ? .recording
            : window.overlay != nil || playViewController.isRenaming
                ? .text : split.focus == .master ? .list : .play
        window.hints = Keymap.hints(for: context, glyphs: glyphs, width: size.width)
        return window.render(width: size.width, height: size.height)
    }

    package func shutdown() {
        environment.restoration.save(encodeRestorableState(), force: true)
        playViewController.stop()
        recordViewController?.cancel()
    }

    // MARK: State restoration

    /// What UIKit's `encodeRestorableState` collected from each controller.
    private func encodeRestorableState() -> Restoration {
        let controllers = navigation.viewControllers
        return Restoration(
            folderPath: controllers.map(\.folder.id),
            selections: Dictionary(
                controllers.compactMap { controller in
                    controller.selectedItem.map { (controller.folder.id, $0.id) }
                },
                uniquingKeysWith: { first, _ in first }),
            playHasFocus: split.focus == .detail, recording: playViewController.recording?.id,
            position: playViewController.position)
    }

    private func restoreState() {
        guard let saved = environment.restoration.load() else { return }
        for folder in saved.folders(in: environment.store).dropFirst() {
            navigation.top?.select(folder.id)
            navigation.push(FolderViewController(folder: folder, app: self))
        }
        if let top = navigation.top, let selected = saved.selection(in: top.folder.id, of: environment.store)
        {
            top.select(selected)
        }
        if let recording = saved.recording(in: environment.store) {
            playViewController.recording = recording
            playViewController.restore(position: saved.position)
        }
        split.focus = saved.playHasFocus ? .detail : .master
    }
}
