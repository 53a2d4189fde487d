import Foundation

/// Changing the tree; every change returns the ``StoreChange``s that describe it.
extension ItemTree {
    /// Adds a new item to a folder.
    /// - Throws: `notFound` when the folder is gone, `invalidOperation` when the parent is a recording
    ///   or the id is taken, `invalidName` for an empty name.
    package mutating func add(_ item: Item) throws(StoreError) -> StoreChange {
        guard let parentID = item.parentID, let parent = items[parentID] else {
            throw StoreError(.notFound, "The folder to add \"\(item.name)\" to no longer exists.")
        }
        guard parent.isFolder else {
            throw StoreError(.invalidOperation, "\"\(parent.name)\" is a recording, not a folder.")
        }
        guard items[item.id] == nil else {
            throw StoreError(.invalidOperation, "An item with id \(item.id) already exists.")
        }
        if item.isFolder, depth(of: parentID) >= Self.maximumDepth {
            throw StoreError(.invalidOperation, "Folders can be nested at most \(Self.maximumDepth) deep.")
        }
        var item = item
        item.name = try ItemName.validated(item.name)
        items[item.id] = item
        if item.isFolder { children[item.id] = [] }
        let index = insert(item.id, into: parentID)
        return StoreChange(.added, item: item, parentID: parentID, oldIndex: nil, newIndex: index)
    }

    /// A tree read in one go (a store being loaded): `contents` holds every folder's items, the root's
    /// and each empty folder's included, already checked (ids used once, valid names, folders nested
    /// within the limit) and in any order. Each folder is sorted once, on keys made once per item, so
    /// reading n items takes n log n steps, not n².
    init(rootID: UUID, checkedContents contents: [UUID: [Item]]) {
        self.init(rootID: rootID)
        items.reserveCapacity(contents.values.reduce(1) { $0 + $1.count })
        children.reserveCapacity(contents.count)
        for (folderID, folderContents) in contents {
            for item in folderContents { items[item.id] = item }
            let keys = folderContents.map(\.sortKey)
            children[folderID] = keys.indices.sorted { keys[$0] < keys[$1] }.map { folderContents[$0] }
        }
    }

    /// Gives an item a new name; it moves to its new place in the folder's order.
    package mutating func rename(_ id: UUID, to name: String) throws(StoreError) -> StoreChange {
        guard var item = items[id], let parentID = item.parentID else {
            throw StoreError(.notFound, "The item to rename no longer exists.")
        }
        item.name = try ItemName.validated(name)
        let oldIndex = detach(id, from: parentID)
        items[id] = item
        let newIndex = insert(id, into: parentID)
        return StoreChange(.renamed, item: item, parentID: parentID, oldIndex: oldIndex, newIndex: newIndex)
    }

    /// Removes an item and, for a folder, everything in it: one change per item, deepest first, each
    /// with the index it had when it went.
    package mutating func remove(_ id: UUID) throws(StoreError) -> [StoreChange] {
        guard items[id] != nil else { throw StoreError(.notFound, "The item to delete no longer exists.") }
        guard id != rootID else { throw StoreError(.invalidOperation, "The root folder can't be deleted.") }
        return subtree(of: id).compactMap { item in
            guard let parentID = item.parentID else { return nil }
            let index = detach(item.id, from: parentID)
            items[item.id] = nil
            children[item.id] = nil
            return StoreChange(.removed, item: item, parentID: parentID, oldIndex: index, newIndex: nil)
        }
    }

    /// Puts `id` into its sorted place among `parentID`'s children (a binary search) and returns the
    /// index.
    private mutating func insert(_ id: UUID, into parentID: UUID) -> Int {
        guard let item = items[id] else { return 0 }
        let index = Self.insertionIndex(of: item.sortKey, in: children[parentID] ?? [])
        children[parentID, default: []].insert(item, at: index)
        return index
    }

    /// Takes `id` out of `parentID`'s children and returns where it was.
    private mutating func detach(_ id: UUID, from parentID: UUID) -> Int? {
        guard let index = index(of: id) else { return nil }
        children[parentID]?.remove(at: index)
        return index
    }
}
