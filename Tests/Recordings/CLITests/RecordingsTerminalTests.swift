import Foundation
import RecordingsLauncher
import TestSupport
import Testing

/// The real `recordings` binary in a real terminal: tmux runs it on a private server socket with ALSA's
/// `null` device, the test types with send-keys and reads the screen with capture-pane.
struct RecordingsTerminalTests {
    let home = TemporaryDirectory("recordings-e2e")

    private func start(
        _ tmux: TmuxSession, _ architecture: Architecture, store: String, device: String = "null"
    )
        async throws
    {
        let binary = BinaryRunner.productsDirectory + "/recordings"
        // After the app, the pane shows its status and stays for longer than any test runs (the server is
        // killed when the test ends): a test reading the screen late must still find the pane.
        let command =
            "env LANG=C.UTF-8 TERM=xterm-256color \(binary) --architecture \(architecture.rawValue) --store \(store)"
            + " --device \(device); echo EXITED $?; sleep 600"
        try await tmux.start(command)
    }

    @Test(.timeLimit(.minutes(1))) func aMissingDeviceIsOneMessageAndALSAWritesNothingOnTheScreen()
        async throws
    {
        let tmux = TmuxSession(name: "rec", scratch: home)
        let store = home.file("nodevice")
        try await start(tmux, .mvc, store: store, device: "no-such-device")
        try await tmux.waitFor("No recording selected")
        try await tmux.keys("r")
        try await tmux.waitFor("Can't record: no audio device 'no-such-device' for recording")
        #expect(await !tmux.screen.contains("ALSA lib"), "ALSA's own diagnostics are routed into the message")
        #expect(await !tmux.screen.contains("[ Stop ]"))
        try await tmux.keys("q")
        try await tmux.waitFor("EXITED 0")
        #expect(!FileManager.default.fileExists(atPath: store + "/store.json"), "the store is unchanged")
        await tmux.kill()
    }

    @Test(.timeLimit(.minutes(2)), arguments: Architecture.allCases)
    func newFolderRecordNameQuitAndComeBack(architecture: Architecture) async throws {
        let tmux = TmuxSession(name: "rec", scratch: home)
        let store = home.file("data")
        try await start(tmux, architecture, store: store)
        try await tmux.waitFor("No recording selected")
        try await tmux.keys("n")
        try await tmux.waitFor("Create Folder")
        try await tmux.keys("Work", "Enter")
        try await tmux.waitFor("▸ Work")
        try await tmux.keys("Enter")
        try await tmux.waitFor("Recordings › Work")
        try await tmux.keys("r")
        try await tmux.waitFor("[ Stop ]")
        // The elapsed time moves on (polled, so any second past the first will do on a loaded machine).
        #expect(await tmux.waitUntil { $0.contains("[ Stop ]") && !$0.contains("0:00:00") })
        try await tmux.keys("Enter")
        try await tmux.waitFor("Save Recording")
        try await tmux.keys("Idea", "Enter")
        try await tmux.waitFor("♪ Idea")
        try await tmux.keys("q")
        try await tmux.waitFor("EXITED 0")
        // The terminal is as it was: main screen, cursor shown, none of the UI left behind.
        #expect(await tmux.isRestored)
        #expect(await !tmux.screen.contains("Idea"))

        let saved = try RecordingsStoreSnapshot(directory: store)
        #expect(saved.folders == ["Work"])
        #expect(saved.recordingsInFirstFolder == ["Idea"])
        #expect(saved.audioFiles == 1)

        try await tmux("kill-session", "-t", "rec")
        try await start(tmux, architecture, store: store)
        try await tmux.waitFor("Recordings › Work")
        try await tmux.waitFor("♪ Idea")
        try await tmux.keys("q")
        try await tmux.waitFor("EXITED 0")
        await tmux.kill()
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
