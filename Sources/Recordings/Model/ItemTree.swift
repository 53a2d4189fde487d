import Foundation

/// The whole store as one value: every item by id, and each folder's contents in display order.
/// It has no I/O; ``RecordingsStore`` owns one, saves it and tells observers what changed.
package struct ItemTree: Sendable, Equatable {
    /// The root folder's id.
    package let rootID: UUID
    /// Every item, the root included.
    var items: [UUID: Item]
    /// Each folder's contents, sorted by ``Item/sortsBefore(_:_:)``. They are kept as values (a copy of
    /// what `items` holds, updated with it), so reading a folder's contents copies nothing and an
    /// item's index is a binary search.
    var children: [UUID: [Item]]

    /// The name the root folder is shown with.
    package static let rootName = "Recordings"

    /// How deep folders may nest (the root's contents are at depth 1). Each level nests the JSON of
    /// `store.json` twice (a folder's object and its `contents` list), and the JSON reader takes 512
    /// levels at most: this limit keeps every store the app writes one it can read again.
    package static let maximumDepth = 100

    /// The root id of every new store: two instances that start on an empty directory agree on it, so
    /// whichever saves first, the other takes its file in as changes to the same root.
    package static let defaultRootID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// An empty store.
    package init(rootID: UUID = ItemTree.defaultRootID) {
        self.rootID = rootID
        items = [rootID: Item(id: rootID, name: Self.rootName, kind: .folder, parentID: nil)]
        children = [rootID: []]
    }

    /// The root folder.
    package var root: Item {
        items[rootID] ?? Item(id: rootID, name: Self.rootName, kind: .folder, parentID: nil)
    }

    /// The item with an id, if it exists.
    package func item(_ id: UUID) -> Item? { items[id] }

    /// A folder's contents in display order (empty for a recording or an unknown id); it takes no
    /// copy, however many items the folder holds.
    package func contents(of folderID: UUID) -> [Item] {
        children[folderID] ?? []
    }

    /// Where an item is in its folder's contents (a binary search).
    package func index(of id: UUID) -> Int? {
        guard let item = items[id], let parentID = item.parentID, let siblings = children[parentID] else {
            return nil
        }
        let index = Self.insertionIndex(of: item.sortKey, in: siblings)
        return siblings.indices.contains(index) && siblings[index].id == id ? index : nil
    }

    /// The first index in sorted `siblings` whose item does not sort before `key`.
    static func insertionIndex(of key: Item.SortKey, in siblings: [Item]) -> Int {
        var (low, high) = (0, siblings.count)
        while low < high {
            let middle = (low + high) / 2
            if siblings[middle].sortKey < key {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// How many folders lie between the root and `id`: 0 for the root, 1 for its contents.
    package func depth(of id: UUID) -> Int {
        var depth = 0
        var next = items[id]?.parentID
        while let current = next {
            depth += 1
            next = items[current]?.parentID
        }
        return depth
    }

    /// The folders from the root down to `id` (included); empty when `id` does not exist.
    package func path(to id: UUID) -> [Item] {
        var path: [Item] = []
        var next: UUID? = id
        while let current = next, let item = items[current] {
            path.insert(item, at: 0)
            next = item.parentID
        }
        return path
    }

    /// The item and everything below it, deepest first (the order in which they are removed).
    package func subtree(of id: UUID) -> [Item] {
        var result: [Item] = []
        func visit(_ id: UUID) {
            guard let item = items[id] else { return }
            for child in children[id] ?? [] { visit(child.id) }
            result.append(item)
        }
        visit(id)
        return result
    }

    /// How many items there are, the root included.
    package var count: Int { items.count }

    /// Every recording in the store.
    package var recordings: [Item] { items.values.filter { $0.kind == .recording } }
}
