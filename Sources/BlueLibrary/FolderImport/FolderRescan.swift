import BlueLibraryCore
import BlueLibraryServices
import Synchronization

/// The ``LibraryScan`` of a running server: every music folder rescanned in turn, as `import DIR` does
/// (each folder one transaction and one undo step), in a task of its own; a folder that is gone or
/// empty where the library has tracks is left as it is, as the ``FolderWatcher`` leaves it.
package final class FolderRescan: LibraryScan {
    private struct State {
        var scanning = false
        var count = 0
    }

    private let importer: FolderImporter
    private let log: @Sendable (String) -> Void
    private let current = Mutex(State())

    /// Rescans with `importer`, reporting each folder's scan (one line) and failures to `log`.
    package init(importer: FolderImporter, log: @escaping @Sendable (String) -> Void) {
        self.importer = importer
        self.log = log
    }

    package func start() -> ScanState {
        let started = current.withLock { state -> Bool in
            guard !state.scanning else { return false }
            state = State(scanning: true, count: 0)
            return true
        }
        if started { Task { await self.scanEveryFolder() } }
        return state()
    }

    package func state() -> ScanState {
        current.withLock { ScanState(scanning: $0.scanning, count: $0.count) }
    }

    private func scanEveryFolder() async {
        defer { current.withLock { $0.scanning = false } }
        let folders: [String]
        do {
            folders = try await importer.library.musicFolders()
        } catch {
            log("cannot rescan the music folders: \(error)")
            return
        }
        var before = 0
        for folder in folders {
            let base = before
            let line = await importer.rescanIfPresent(folder) { progress in
                self.current.withLock { $0.count = base + progress.done }
            }
            if let line { log(line) }
            before = state().count
        }
    }
}
