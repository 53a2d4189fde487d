import Foundation
import RecordingsModel
import Testing

struct ItemTreeTests {
    private func folder(_ name: String, in parent: UUID = ItemTree.defaultRootID) -> Item {
        Item(name: name, kind: .folder, parentID: parent)
    }

    @Test func contentsAreSortedByNameIgnoringCaseThenById() throws {
        var tree = ItemTree()
        let first = UUID(uuidString: "00000000-0000-0000-0000-000000000001") ?? UUID()
        let second = UUID(uuidString: "00000000-0000-0000-0000-000000000002") ?? UUID()
        _ = try tree.add(folder("beta"))
        _ = try tree.add(Item(id: second, name: "Alpha", kind: .recording, parentID: tree.rootID))
        _ = try tree.add(Item(id: first, name: "alpha", kind: .folder, parentID: tree.rootID))
        #expect(tree.contents(of: tree.rootID).map(\.name) == ["alpha", "Alpha", "beta"])
    }

    @Test func addingAnnouncesWhereTheItemAppears() throws {
        var tree = ItemTree()
        _ = try tree.add(folder("b"))
        _ = try tree.add(folder("d"))
        let change = try tree.add(folder("c"))
        #expect(change.reason == .added)
        #expect(change.parentID == tree.rootID)
        #expect(change.oldIndex == nil)
        #expect(change.newIndex == 1)
    }

    @Test func renamingMovesTheItemAndAnnouncesBothIndexes() throws {
        var tree = ItemTree()
        let a = try tree.add(folder("a")).item
        _ = try tree.add(folder("m"))
        let change = try tree.rename(a.id, to: "z")
        #expect(change.reason == .renamed)
        #expect(change.oldIndex == 0)
        #expect(change.newIndex == 1)
        #expect(change.item.name == "z")
    }

    @Test func removingAFolderRemovesEverythingInItDeepestFirst() throws {
        var tree = ItemTree()
        let work = try tree.add(folder("Work")).item
        let ideas = try tree.add(folder("Ideas", in: work.id)).item
        let note = try tree.add(Item(name: "Note", kind: .recording, parentID: ideas.id)).item
        _ = try tree.add(folder("Zoo"))
        let changes = try tree.remove(work.id)
        #expect(changes.map(\.item.id) == [note.id, ideas.id, work.id])
        #expect(changes.allSatisfy { $0.reason == .removed && $0.newIndex == nil && $0.oldIndex == 0 })
        #expect(tree.item(note.id) == nil)
        #expect(tree.contents(of: tree.rootID).map(\.name) == ["Zoo"])
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func emptyNamesAreRefused(name: String) throws {
        var tree = ItemTree()
        #expect(throws: StoreError(.invalidName, "A name can't be empty.")) { try tree.add(folder(name)) }
        #expect(tree.count == 1)
    }

    @Test func theRootCannotBeDeletedAndAddingToARecordingFails() throws {
        var tree = ItemTree()
        let recording = try tree.add(Item(name: "r", kind: .recording, parentID: tree.rootID)).item
        #expect(throws: StoreError.self) { try tree.remove(tree.rootID) }
        #expect(throws: StoreError.self) { try tree.add(folder("x", in: recording.id)) }
    }

    @Test func theDiffOfTwoVersionsReplaysOneIntoTheOther() throws {
        var old = ItemTree()
        let work = try old.add(folder("Work")).item
        let gone = try old.add(folder("Gone")).item
        _ = try old.add(Item(name: "inside", kind: .recording, parentID: gone.id))
        var new = old
        _ = try new.remove(gone.id)
        _ = try new.rename(work.id, to: "Arbeit")
        _ = try new.add(folder("New", in: work.id))
        let changes = ItemTree.changes(from: old, to: new)
        #expect(changes.map(\.reason) == [.removed, .removed, .renamed, .added])
        // Applied in order, the indexes describe the list as it is at each step.
        var rows = old.contents(of: old.rootID).map(\.id)
        for change in changes where change.parentID == old.rootID {
            if let index = change.oldIndex { rows.remove(at: index) }
            if let index = change.newIndex { rows.insert(change.item.id, at: index) }
        }
        #expect(rows == new.contents(of: new.rootID).map(\.id))
        #expect(ItemTree.changes(from: new, to: new).isEmpty)
    }

    @Test func thePathRunsFromTheRoot() throws {
        var tree = ItemTree()
        let work = try tree.add(folder("Work")).item
        let ideas = try tree.add(folder("Ideas", in: work.id)).item
        #expect(tree.path(to: ideas.id).map(\.name) == ["Recordings", "Work", "Ideas"])
        #expect(tree.path(to: UUID()).isEmpty)
    }

    @Test func aTreeReadInOneGoEqualsTheSameTreeBuiltOneItemAtATime() throws {
        // Names that tie when case is ignored, that differ only in accents, that sort by id; 300 items
        // over a few folders, added in an order unlike the sorted one.
        let names = [
            "b", "B", "a", "A", "é", "e\u{301}", "Zebra", "zebra", "10", "9", "ä", "Ångström", "x y",
        ]
        var single = ItemTree()
        var folders = [single.rootID]
        for index in 0..<300 {
            let name = names[(index * 7) % names.count]
            let item = Item(
                name: name, kind: index % 5 == 0 ? .folder : .recording,
                parentID: folders[index % folders.count])
            _ = try single.add(item)
            if item.isFolder { folders.append(item.id) }
        }
        let data = try StoreDocument.encode(single)
        let read = try StoreDocument.decode(data)
        #expect(read == single)
        for folder in folders {
            let contents = read.contents(of: folder)
            #expect(zip(contents, contents.dropFirst()).allSatisfy { Item.sortsBefore($0, $1) })
            #expect(contents.indices.allSatisfy { read.index(of: contents[$0].id) == $0 })
        }
    }

    @Test func namesLoseSurroundingWhiteSpaceOfEveryKindAndAreCutAt200Characters() throws {
        #expect(try ItemName.validated("\u{3000}\u{85} Idea\u{200B}\t") == "Idea")
        #expect(try ItemName.validated(" two  words ") == "two  words")
        let long = String(repeating: "é", count: 250)
        #expect(try ItemName.validated(long) == String(repeating: "é", count: 200))
        #expect(throws: StoreError(.invalidName, "A name can't contain control characters.")) {
            try ItemName.validated("a\u{1B}]0;x\u{7}")
        }
    }
}
