import Foundation
import RecordingsModel
import TestSupport
import Testing

@MainActor
struct RecordingsStoreTests {
    let directory = TemporaryDirectory("recordings-store")

    private func storeJSON() throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: directory.file("store.json")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func everyChangeIsSavedAsOneDocumentOfNestedContents() throws {
        let store = try RecordingsStore(directory: directory.path)
        let work = try store.newFolder(named: "Work", in: store.rootID)
        try store.newFolder(named: "Ideas", in: work.id)
        let json = try storeJSON()
        #expect(json["format"] as? String == "recordings")
        #expect(json["version"] as? Int == 1)
        let contents = try #require(json["contents"] as? [[String: Any]])
        #expect(contents.first?["name"] as? String == "Work")
        let nested = try #require(contents.first?["contents"] as? [[String: Any]])
        #expect(nested.first?["name"] as? String == "Ideas")
        #expect(nested.first?["kind"] as? String == "folder")

        let reopened = try RecordingsStore(directory: directory.path)
        #expect(reopened.tree == store.tree)
    }

    @Test func aCrashBetweenWriteAndRenameLeavesTheOldFile() throws {
        let store = try RecordingsStore(directory: directory.path)
        try store.newFolder(named: "Kept", in: store.rootID)
        let before = directory.read("store.json")
        struct Crash: Error {}
        store.beforeRename = { throw Crash() }
        #expect(throws: StoreError.self) { try store.newFolder(named: "Lost", in: store.rootID) }
        #expect(directory.read("store.json") == before)
        #expect(store.contents(of: store.rootID).map(\.name) == ["Kept"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["store.json"])
        #expect(
            try RecordingsStore(directory: directory.path).contents(of: store.rootID).map(\.name) == ["Kept"])
    }

    @Test(
        arguments: [
            ("{\"contents\": [", "not valid JSON"),
            ("{\"albums\": []}", "not a Recordings store (no \"format\": \"recordings\")"),
            ("[1, 2]", "not a Recordings store (no \"format\": \"recordings\")"),
            (
                "{\"format\": \"recordings\", \"version\": 9, \"id\": \"x\"}",
                "written by a newer Recordings (version 9; this one reads 1)"
            ),
            (
                "{\"format\": \"recordings\", \"version\": 1, \"id\": \"00000000-0000-0000-0000-000000000000\","
                    + " \"contents\": [{\"kind\": \"folder\", \"name\": \"Work\"}]}",
                "item 1 of the root folder has no valid \"id\" (a UUID)"
            ),
            ("{\"format\": 5}", "not a Recordings store (its format is 5)"),
            ("{\"format\": \"notes\"}", "not a Recordings store (its format is \"notes\")"),
            ("{\"format\": \"recordings\", \"version\": \"1\"}", "\"version\" is missing or not a number"),
            (
                "{\"format\": \"recordings\", \"version\": 1, \"id\": \"00000000-0000-0000-0000-000000000000\","
                    + " \"contents\": [7]}",
                "item 1 of the root folder is not an object"
            ),
            (
                "{\"format\": \"recordings\", \"version\": 1, \"id\": \"00000000-0000-0000-0000-000000000000\","
                    + " \"contents\": [{\"kind\": \"folder\", \"id\": \"00000000-0000-0000-0000-000000000001\","
                    + " \"name\": \"Work\", \"contents\": [{\"kind\": \"recording\","
                    + " \"id\": \"00000000-0000-0000-0000-000000000002\", \"name\": 12}]}]}",
                "item 1 of folder \"Work\" has no \"name\""
            ),
            (
                "{\"format\": \"recordings\", \"version\": 1, \"id\": \"00000000-0000-0000-0000-000000000000\","
                    + " \"contents\": [{\"kind\": \"folder\", \"id\": \"00000000-0000-0000-0000-000000000001\","
                    + " \"name\": \"Work\", \"contents\": {}}]}",
                "folder \"Work\" has no \"contents\" list"
            ),
            (
                "{\"format\": \"recordings\", \"version\": 1, \"id\": \"00000000-0000-0000-0000-000000000000\","
                    + " \"contents\": [{\"kind\": \"tape\", \"id\": \"00000000-0000-0000-0000-000000000001\","
                    + " \"name\": \"Old\"}]}",
                "item 1 of the root folder (\"Old\") has no \"kind\" of folder or recording"
            ),
            (
                "{\"format\": \"recordings\", \"version\": 1, \"id\": \"00000000-0000-0000-0000-000000000000\","
                    + " \"contents\": [{\"kind\": \"recording\", \"id\": \"00000000-0000-0000-0000-000000000000\","
                    + " \"name\": \"Echo\"}]}",
                "item 1 of the root folder (\"Echo\"): its id 00000000-0000-0000-0000-000000000000 is used twice"
            ),
        ])
    func aDamagedOrForeignFileIsRefusedAndLeftUntouched(text: String, problem: String) throws {
        let path = directory.write("store.json", text)
        #expect {
            try RecordingsStore(directory: directory.path)
        } throws: { error in
            (error as? StoreError)?.message == "\(path): \(problem)"
        }
        #expect(directory.read("store.json") == Array(text.utf8))
    }

    @Test func aStoreWrittenByHandInAnyKeyOrderLoads() throws {
        directory.write(
            "store.json",
            #"{"contents":[{"name":" Work ","contents":[{"name":"Idea","kind":"recording","#
                + #""id":"00000000-0000-0000-0000-00000000000B"}],"kind":"folder","#
                + #""id":"00000000-0000-0000-0000-00000000000A"},"#
                + #"{"id":"00000000-0000-0000-0000-00000000000C","kind":"recording","name":"alpha"}],"#
                + #""version":1,"name":"Recordings","format":"recordings","#
                + #""id":"00000000-0000-0000-0000-000000000000"}"#)
        let store = try RecordingsStore(directory: directory.path)
        #expect(store.contents(of: store.rootID).map(\.name) == ["alpha", "Work"])
        let work = try #require(store.contents(of: store.rootID).last)
        #expect(store.contents(of: work.id).map(\.name) == ["Idea"])
    }

    @Test func observersHearReasonItemParentAndIndexes() throws {
        let store = try RecordingsStore(directory: directory.path)
        var heard: [StoreChange] = []
        let observation = store.observe { heard.append($0) }
        let b = try store.newFolder(named: "b", in: store.rootID)
        let a = try store.newFolder(named: "a", in: store.rootID)
        try store.rename(a.id, to: "c")
        try store.delete(b.id)
        #expect(heard.map(\.reason) == [.added, .added, .renamed, .removed])
        #expect(heard.map(\.oldIndex) == [nil, nil, 0, 0])
        #expect(heard.map(\.newIndex) == [0, 0, 1, nil])
        #expect(heard.allSatisfy { $0.parentID == store.rootID })
        #expect(heard[2].item.name == "c")
        observation.cancel()
        try store.newFolder(named: "d", in: store.rootID)
        #expect(heard.count == 4)
    }

    @Test func deletingAFolderDeletesTheAudioFilesInIt() throws {
        let store = try RecordingsStore(directory: directory.path)
        let work = try store.newFolder(named: "Work", in: store.rootID)
        let id = UUID()
        _ = FileManager.default.createFile(atPath: store.audioPath(for: id), contents: Data([1, 2, 3]))
        try store.addRecording(id: id, named: "Note", in: work.id)
        #expect(store.isAudioAvailable(id))
        try store.delete(work.id)
        #expect(!FileManager.default.fileExists(atPath: store.audioPath(for: id)))
        #expect(store.item(id) == nil)
    }

    @Test func anotherInstancesChangeIsTakenInAsChanges() throws {
        let mine = try RecordingsStore(directory: directory.path)
        let work = try mine.newFolder(named: "Work", in: mine.rootID)
        let theirs = try RecordingsStore(directory: directory.path)
        try theirs.delete(work.id)
        try theirs.newFolder(named: "Home", in: theirs.rootID)
        var heard: [StoreChange] = []
        let observation = mine.observe { heard.append($0) }
        let changes = mine.reloadIfChangedOnDisk()
        #expect(changes.map(\.reason) == [.removed, .added])
        #expect(heard == changes)
        #expect(mine.contents(of: mine.rootID).map(\.name) == ["Home"])
        #expect(mine.reloadIfChangedOnDisk().isEmpty)
        withExtendedLifetime(observation) {}
    }

    @Test func aChangeStartsFromAnotherInstancesNewerFile() throws {
        let mine = try RecordingsStore(directory: directory.path)
        let theirs = try RecordingsStore(directory: directory.path)
        try theirs.newFolder(named: "Theirs", in: theirs.rootID)
        try mine.newFolder(named: "Mine", in: mine.rootID)
        let reopened = try RecordingsStore(directory: directory.path)
        #expect(reopened.contents(of: reopened.rootID).map(\.name) == ["Mine", "Theirs"])
    }

    @Test(
        arguments: [
            ("/explicit", [:], "/explicit"),
            (nil, ["RECORDINGS_HOME": "/r", "XDG_DATA_HOME": "/x", "HOME": "/h"], "/r"),
            (nil, ["XDG_DATA_HOME": "/x", "HOME": "/h"], "/x/recordings"),
            (nil, ["HOME": "/h"], "/h/.local/share/recordings"),
        ] as [(String?, [String: String], String)])
    func theDataDirectoryFollowsOptionThenEnvironment(
        explicit: String?, environment: [String: String], expected: String
    ) {
        #expect(StoreLocation.directory(explicit: explicit, environment: environment) == expected)
    }

    @Test func foldersNestAsDeepAsAStoreCanBeReadAgainAndNoDeeper() throws {
        let store = try RecordingsStore(directory: directory.path)
        var parent = store.rootID
        for level in 1...ItemTree.maximumDepth {
            parent = try store.newFolder(named: "L\(level)", in: parent).id
        }
        try store.addRecording(id: UUID(), named: "deepest", in: parent)
        #expect(throws: StoreError(.invalidOperation, "Folders can be nested at most 100 deep.")) {
            try store.newFolder(named: "too deep", in: parent)
        }
        #expect(try RecordingsStore(directory: directory.path).tree == store.tree, "read back whole")
    }

    @Test func aStoreNestedDeeperThanTheLimitIsRefusedWithOneLine() throws {
        var json = #"{"kind": "recording", "id": "\#(UUID().uuidString)", "name": "note"}"#
        for level in (1...(ItemTree.maximumDepth + 1)).reversed() {
            json =
                #"{"kind": "folder", "id": "\#(UUID().uuidString)", "name": "L\#(level)", "contents": [\#(json)]}"#
        }
        let path = directory.write(
            "store.json",
            #"{"format": "recordings", "version": 1, "id": "\#(ItemTree.defaultRootID.uuidString)", "contents": [\#(json)]}"#
        )
        #expect {
            try RecordingsStore(directory: directory.path)
        } throws: { error in
            (error as? StoreError)?.message
                == "\(path): item 1 of folder \"L100\" (\"L101\"): Folders can be nested at most 100 deep."
        }
    }

    @Test func aWAVFileThatGoesIsAnnouncedAsAnAudioChange() throws {
        let store = try RecordingsStore(directory: directory.path)
        let id = UUID()
        _ = FileManager.default.createFile(atPath: store.audioPath(for: id), contents: Data([1]))
        try store.addRecording(id: id, named: "Note", in: store.rootID)
        #expect(store.isAudioAvailable(id))
        unlink(store.audioPath(for: id))
        let changes = store.reloadIfChangedOnDisk()
        #expect(changes.map(\.reason) == [.audioChanged])
        #expect(changes.first?.oldIndex == 0 && changes.first?.newIndex == 0)
        #expect(!store.isAudioAvailable(id))
        #expect(store.reloadIfChangedOnDisk().isEmpty)
    }
}
