import BlueLibraryTestSupport
import Foundation
import RecordingsLauncher
import Testing

/// The real `recordings` binary in a real terminal: tmux runs it on a private server socket with ALSA's
/// `null` device, the test types with send-keys and reads the screen with capture-pane.
struct RecordingsTerminalTests {
    let home = TemporaryDirectory("recordings-e2e")

    /// A tmux client for one test's own server.
    struct Tmux {
        let socket: String
        let scratch: TemporaryDirectory

        /// Runs a tmux command through the shell into a file (Foundation's `Process` never sees the
        /// tmux client exit once it has forked the server).
        @discardableResult
        func callAsFunction(_ arguments: String...) -> String {
            run(arguments, recordingFailure: true).output
        }

        /// Starts the session; tries again when the tmux server dies while starting, which happens now
        /// and then when several servers start at once on a loaded machine.
        func newSession(_ command: String) {
            for _ in 0..<5 {
                let arguments = ["new-session", "-d", "-s", "rec", "-x", "100", "-y", "30", command]
                if run(arguments, recordingFailure: false).status == 0 { return }
                Thread.sleep(forTimeInterval: 0.3)
            }
            self("new-session", "-d", "-s", "rec", "-x", "100", "-y", "30", command)
        }

        private func run(_ arguments: [String], recordingFailure: Bool) -> (output: String, status: Int32) {
            let file = scratch.file("tmux-\(UUID().uuidString.prefix(6)).out")
            let errors = file + ".err"
            defer {
                try? FileManager.default.removeItem(atPath: file)
                try? FileManager.default.removeItem(atPath: errors)
            }
            let quoted = (["/usr/bin/tmux", "-L", socket] + arguments).map {
                "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
            }
            let status = system(quoted.joined(separator: " ") + " >" + file + " 2>" + errors + " </dev/null")
            if recordingFailure && status != 0 && arguments.first != "kill-server" {
                let message = String(
                    decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self)
                Issue.record("tmux \(arguments.first ?? "") failed with status \(status): \(message)")
            }
            return (
                String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self), status
            )
        }

        var screen: String { self("capture-pane", "-t", "rec", "-p") }

        /// Waits (up to 20 s) until the screen shows `text`.
        func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
            for _ in 0..<200 {
                if screen.contains(text) { return }
                Thread.sleep(forTimeInterval: 0.1)
            }
            Issue.record("the screen never showed \(text):\n\(screen)", sourceLocation: sourceLocation)
        }

        func keys(_ keys: String...) {
            for key in keys { self("send-keys", "-t", "rec", key) }
        }
    }

    private func start(_ tmux: Tmux, _ architecture: Architecture, store: String, device: String = "null") {
        let binary = BinaryRunner.productsDirectory + "/recordings"
        let command =
            "env LANG=C.UTF-8 TERM=xterm-256color \(binary) --architecture \(architecture.rawValue) --store \(store)"
            + " --device \(device); echo EXITED $?; sleep 60"
        tmux.newSession(command)
    }

    @Test(.timeLimit(.minutes(1))) func aMissingDeviceIsOneMessageAndALSAWritesNothingOnTheScreen() throws {
        let tmux = Tmux(socket: "recordings-test-device-\(UUID().uuidString.prefix(6))", scratch: home)
        defer { tmux("kill-server") }
        let store = home.file("nodevice")
        start(tmux, .mvc, store: store, device: "no-such-device")
        tmux.waitFor("No recording selected")
        tmux.keys("r")
        tmux.waitFor("Can't record: no audio device 'no-such-device' for recording")
        #expect(!tmux.screen.contains("ALSA lib"), "ALSA's own diagnostics are routed into the message")
        #expect(!tmux.screen.contains("[ Stop ]"))
        tmux.keys("q")
        tmux.waitFor("EXITED 0")
        #expect(!FileManager.default.fileExists(atPath: store + "/store.json"), "the store is unchanged")
    }

    @Test(.timeLimit(.minutes(2)), arguments: Architecture.allCases)
    func newFolderRecordNameQuitAndComeBack(architecture: Architecture) throws {
        let tmux = Tmux(
            socket: "recordings-test-\(architecture.rawValue)-\(UUID().uuidString.prefix(6))", scratch: home)
        defer { tmux("kill-server") }
        let store = home.file("data")
        start(tmux, architecture, store: store)
        tmux.waitFor("No recording selected")
        tmux.keys("n")
        tmux.waitFor("Create Folder")
        tmux.keys("Work", "Enter")
        tmux.waitFor("▸ Work")
        tmux.keys("Enter")
        tmux.waitFor("Recordings › Work")
        tmux.keys("r")
        tmux.waitFor("[ Stop ]")
        tmux.waitFor("0:00:01")
        tmux.keys("Enter")
        tmux.waitFor("Save Recording")
        tmux.keys("Idea", "Enter")
        tmux.waitFor("♪ Idea")
        tmux.keys("q")
        tmux.waitFor("EXITED 0")
        // The terminal is as it was: main screen, cursor shown, none of the UI left behind.
        #expect(tmux("display-message", "-p", "-t", "rec", "#{alternate_on} #{cursor_flag}") == "0 1\n")
        #expect(!tmux.screen.contains("Idea"))

        let saved = try RecordingsStoreSnapshot(directory: store)
        #expect(saved.folders == ["Work"])
        #expect(saved.recordingsInFirstFolder == ["Idea"])
        #expect(saved.audioFiles == 1)

        tmux("kill-session", "-t", "rec")
        start(tmux, architecture, store: store)
        tmux.waitFor("Recordings › Work")
        tmux.waitFor("♪ Idea")
        tmux.keys("q")
        tmux.waitFor("EXITED 0")
    }
}

/// What a finished run left in its data directory, read from `store.json` as any other program would.
struct RecordingsStoreSnapshot {
    let folders: [String]
    let recordingsInFirstFolder: [String]
    let audioFiles: Int

    init(directory: String) throws {
        let data = try #require(FileManager.default.contents(atPath: directory + "/store.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let top = root["contents"] as? [[String: Any]] ?? []
        folders = top.filter { $0["kind"] as? String == "folder" }.compactMap { $0["name"] as? String }
        let inside = top.first?["contents"] as? [[String: Any]] ?? []
        recordingsInFirstFolder = inside.filter { $0["kind"] as? String == "recording" }.compactMap {
            $0["name"] as? String
        }
        audioFiles = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
            $0.hasSuffix(".wav")
        }
        .count
    }
}
