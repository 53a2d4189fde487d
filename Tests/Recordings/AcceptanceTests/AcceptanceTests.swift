import AudioKit
import Foundation
import RecordingsAudio
import RecordingsLauncher
import RecordingsModel
import TerminalKit
import TestSupport
import Testing

/// The acceptance suite, written once and run against every architecture: scripted key
/// sessions checked on the rendered frames and on `store.json`.
@MainActor
struct AcceptanceTests {
    @Test(arguments: Architecture.allCases)
    func createAFolderOpenItRecordAndNameARecording(architecture: Architecture) throws {
        let session = try AppSession(architecture)
        #expect(session.frame.contains("Recordings"))
        #expect(session.frame.contains("No recording selected"))
        session.createFolder("Work")
        #expect(session.frame.contains("▸ Work"))
        #expect(try session.namesInStore() == ["Work"])

        session.press(.enter)
        #expect(session.frame.hasPrefix(" Recordings › Work"))
        session.type("r")
        #expect(session.frame.contains("Recording"))
        #expect(session.frame.contains("0:00:00"))
        session.advance(1)
        #expect(session.frame.contains("0:00:01"))
        session.advance(1)
        #expect(session.frame.contains("0:00:02"))
        #expect(session.frame.contains("[ Stop ]"))
        session.type("\r")
        #expect(session.frame.contains("Save Recording"))
        session.type("Idea\r")
        #expect(session.frame.contains("♪ Idea"))
        #expect(!session.frame.contains("Save Recording"))
        #expect(try session.namesInStore("Work") == ["Idea"])
        let files = session.audioFiles
        #expect(files.count == 1)
        let wav = try WAVFile.open(session.directory.file(try #require(files.first)))
        #expect(wav.duration == 2)
        let work = try #require(session.store.contents(of: session.store.rootID).first)
        let recording = try #require(session.store.contents(of: work.id).first)
        #expect(files == ["\(recording.id.uuidString).wav"])
    }

    @Test(arguments: Architecture.allCases)
    func playPauseResumeSeekAndRename(architecture: Architecture) throws {
        let session = try AppSession(architecture)
        session.record("Memo", seconds: 12)
        session.select("Memo")
        session.press(.enter)
        var frame = session.frame
        #expect(frame.contains("Name: Memo"))
        #expect(frame.contains("[ Play ]"))
        #expect(frame.contains("0:00:00"))
        #expect(frame.contains("0:00:12"))

        session.type(" ")
        #expect(session.frame.contains("[ Pause ]"))
        session.advance(3)
        #expect(session.frame.contains("0:00:03"))
        session.type(" ")
        frame = session.frame
        #expect(frame.contains("[ Resume playing ]"))
        session.advance(10)
        #expect(session.frame.contains("0:00:03"), "paused: the clock moves, the position does not")
        session.press(.right)
        #expect(session.frame.contains("0:00:08"))
        session.press(.left)
        session.press(.left)
        #expect(session.frame.contains("[ Play ]"), "back at the start")
        session.type(" ")
        session.advance(13)
        #expect(session.frame.contains("[ Play ]"), "playback ends by itself")

        session.type("e")
        session.press(.control("u"))
        session.type("Better memo\r")
        #expect(session.frame.contains("Name: Better memo"))
        #expect(session.frame.contains("♪ Better memo"))
        #expect(try session.namesInStore() == ["Better memo"])
    }

    @Test(arguments: Architecture.allCases)
    func emptyNamesAreRefusedWithAMessage(architecture: Architecture) throws {
        let session = try AppSession(architecture)
        session.type("n")
        session.type("   \r")
        #expect(session.frame.contains("A name can't be empty."))
        #expect(session.frame.contains("Create Folder"))
        session.press(.escape)
        #expect(!session.frame.contains("Create Folder"))
        #expect(!FileManager.default.fileExists(atPath: session.directory.file("store.json")))

        session.type("r")
        session.advance(1)
        session.type("\r\r")
        #expect(session.frame.contains("A name can't be empty."))
        session.press(.escape)
        #expect(session.audioFiles.isEmpty, "cancelling the name discards the audio")

        session.record("Kept", seconds: 1)
        session.select("Kept")
        session.press(.enter)
        session.type("e")
        session.press(.control("u"))
        session.type("\r")
        #expect(session.frame.contains("A name can't be empty."))
        session.press(.escape)
        #expect(session.frame.contains("Name: Kept"))
        #expect(try session.namesInStore() == ["Kept"])
    }

    @Test(arguments: Architecture.allCases)
    func escDuringRecordingDiscardsIt(architecture: Architecture) throws {
        let session = try AppSession(architecture)
        session.type("r")
        session.advance(2)
        session.press(.escape)
        #expect(!session.frame.contains("[ Stop ]"))
        #expect(session.audioFiles.isEmpty)
        #expect(session.store.contents(of: session.store.rootID).isEmpty)
    }

    @Test(arguments: Architecture.allCases)
    func deletingAFolderDeletesEverythingInItAfterAsking(architecture: Architecture) throws {
        let session = try AppSession(architecture)
        session.createFolder("Work")
        session.createFolder("Zoo")
        session.select("Work")
        session.press(.enter)
        session.createFolder("Ideas")
        session.record("Inside", seconds: 1)
        session.select("Ideas")
        session.press(.enter)
        session.record("Deeper", seconds: 1)
        #expect(session.audioFiles.count == 2)
        session.press(.left)
        session.press(.left)
        #expect(session.frame.hasPrefix(" Recordings\n"))
        session.select("Work")
        session.type("d")
        #expect(session.frame.contains("Delete \"Work\" and everything in it? (y/n)"))
        session.type("n")
        #expect(try session.namesInStore() == ["Work", "Zoo"])
        session.type("d")
        session.type("y")
        #expect(!session.frame.contains("Work"))
        #expect(try session.namesInStore() == ["Zoo"])
        #expect(session.audioFiles.isEmpty)
        session.select("Zoo")
        session.type("d")
        #expect(try session.namesInStore().isEmpty, "an empty folder goes without asking")
    }

    @Test(arguments: Architecture.allCases)
    func deletingTheOpenFolderFromAnotherInstancePopsToTheNearestFolder(architecture: Architecture) throws {
        let session = try AppSession(architecture)
        session.createFolder("Work")
        session.press(.enter)
        session.createFolder("Ideas")
        session.press(.enter)
        #expect(session.frame.hasPrefix(" Recordings › Work › Ideas"))
        let other = try RecordingsStore(directory: session.directory.path)
        let work = try #require(other.contents(of: other.rootID).first)
        let ideas = try #require(other.contents(of: work.id).first)
        try other.delete(ideas.id)
        #expect(session.frame.hasPrefix(" Recordings › Work\n"))
        try other.newFolder(named: "Elsewhere", in: other.rootID)
        try other.delete(work.id)
        let frame = session.frame
        #expect(frame.hasPrefix(" Recordings\n"))
        #expect(frame.contains("▸ Elsewhere"))
        #expect(!frame.contains("Work"))
    }

    @Test(arguments: Architecture.allCases)
    func deletingThePlayingRecordingStopsPlaybackAndClearsThePane(architecture: Architecture) throws {
        let session = try AppSession(architecture)
        session.record("Song", seconds: 10)
        session.select("Song")
        session.press(.enter)
        session.type(" ")
        session.advance(2)
        #expect(session.frame.contains("[ Pause ]"))
        session.press(.tab)
        session.type("d")
        let frame = session.frame
        #expect(frame.contains("No recording selected"))
        #expect(!frame.contains("Song"))
        #expect(session.audioFiles.isEmpty)
    }

    @Test(arguments: Architecture.allCases)
    func narrowTerminalsShowOnePaneAndSwitchLiveOnResize(architecture: Architecture) throws {
        let session = try AppSession(architecture, width: 60, height: 24)
        session.record("Tune", seconds: 3)
        #expect(session.frame.contains("♪ Tune"))
        #expect(!session.frame.contains("No recording selected"), "one pane at a time")
        session.select("Tune")
        session.press(.enter)
        var frame = session.frame
        #expect(frame.contains("Name: Tune"))
        #expect(!frame.contains("♪ Tune"))
        session.press(.escape)
        #expect(session.frame.contains("♪ Tune"))
        session.resize(width: 100, height: 30)
        frame = session.frame
        #expect(frame.contains("♪ Tune"))
        #expect(frame.contains("Name: Tune"), "wide: list and play pane side by side")
        session.resize(width: 70, height: 24)
        #expect(!session.frame.contains("Name: Tune"))
    }

    @Test(arguments: Architecture.allCases)
    func aRestartRestoresThePathTheRecordingAndItsPositionPaused(architecture: Architecture) throws {
        let session = try AppSession(architecture)
        session.createFolder("Work")
        session.press(.enter)
        session.createFolder("Ideas")
        session.record("Plan", seconds: 20)
        session.select("Plan")
        session.press(.enter)
        session.type(" ")
        session.advance(7)
        session.type("q")
        #expect(session.app.wantsToQuit)
        try session.restart()
        var frame = session.frame
        #expect(frame.hasPrefix(" Recordings › Work\n"))
        #expect(frame.contains("Name: Plan"))
        #expect(frame.contains("0:00:07"))
        #expect(frame.contains("[ Resume playing ]"))
        session.advance(5)
        #expect(session.frame.contains("0:00:07"), "restored paused")
        #expect(session.frame.contains("Space play/pause"), "the play pane has the focus again")
        #expect(session.selectedLine?.contains("Plan") == true, "and the list its selection")

        session.press(.tab)
        session.select("Ideas")
        session.press(.enter)
        try session.restart()
        #expect(session.frame.hasPrefix(" Recordings › Work › Ideas\n"))
        let work = try #require(session.store.contents(of: session.store.rootID).first)
        try session.store.delete(work.id)
        try session.restart()
        frame = session.frame
        #expect(frame.hasPrefix(" Recordings\n"), "the path is cut at the first missing folder")
        #expect(frame.contains("No recording selected"))
    }

    @Test(arguments: Architecture.allCases)
    func aMissingDeviceIsOneMessageAndTheStoreIsUnchanged(architecture: Architecture) throws {
        let session = try AppSession(architecture)
        session.audio.failNext(with: AudioError(.noDevice, "no audio device 'default' for recording"))
        session.type("r")
        let frame = session.frame
        #expect(frame.contains("Can't record: no audio device 'default' for recording"))
        #expect(!frame.contains("[ Stop ]"))
        #expect(!FileManager.default.fileExists(atPath: session.directory.file("store.json")))
        #expect(session.audioFiles.isEmpty)
    }

    @Test(arguments: Architecture.allCases)
    func aRecordingWithoutItsAudioFileIsShownUnavailable(architecture: Architecture) throws {
        let session = try AppSession(architecture)
        session.record("Lost", seconds: 2)
        for file in session.audioFiles {
            try FileManager.default.removeItem(atPath: session.directory.file(file))
        }
        try session.restart()
        #expect(session.frame.contains("♪ Lost (unavailable)"))
        session.select("Lost")
        session.press(.enter)
        session.type(" ")
        let frame = session.frame
        #expect(frame.contains("The audio file is missing: this recording can't play."))
        #expect(frame.contains("[ Play ]"))
    }
}
