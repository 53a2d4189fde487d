import Foundation

/// Changing the tree; every change returns the ``StoreChange``s that describe it.
extension ItemTree {
    /// Adds a new item to a folder.
    /// - Throws: `notFound` when the folder is gone, `invalidOperation` when the parent is a recording
    ///   or the id is taken, `invalidName` for an empty name.
    public mutating func add(_ item: Item) throws(StoreError) -> StoreChange {
        guard let parentID = item.parentID, let parent = items[parentID] else {
            throw StoreError(.notFound, "The folder to add \"\(item.name)\" to no longer exists.")
        }
        guard parent.isFolder else {
            throw StoreError(.invalidOperation, "\"\(parent.name)\" is a recording, not a folder.")
        }
        guard items[item.id] == nil else {
            throw StoreError(.invalidOperation, "An item with id \(item.id) already exists.")
        }
        var item = item
        item.name = try ItemName.validated(item.name)
        items[item.id] = item
        if item.isFolder { children[item.id] = [] }
        let index = insert(item.id, into: parentID)
        return StoreChange(.added, item: item, parentID: parentID, oldIndex: nil, newIndex: index)
    }

    /// Gives an item a new name; it moves to its new place in the folder's order.
    public mutating func rename(_ id: UUID, to name: String) throws(StoreError) -> StoreChange {
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
    public mutating func remove(_ id: UUID) throws(StoreError) -> [StoreChange] {
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

    /// Puts `id` into its sorted place among `parentID`'s children and returns the index.
    private mutating func insert(_ id: UUID, into parentID: UUID) -> Int {
        guard let item = items[id] else { return 0 }
        var siblings = children[parentID] ?? []
        let index =
            siblings.firstIndex { sibling in items[sibling].map { Item.sortsBefore(item, $0) } ?? false }
            ?? siblings.count
        siblings.insert(id, at: index)
        children[parentID] = siblings
        return index
    }

    /// Takes `id` out of `parentID`'s children and returns where it was.
    private mutating func detach(_ id: UUID, from parentID: UUID) -> Int? {
        guard let index = children[parentID]?.firstIndex(of: id) else { return nil }
        children[parentID]?.remove(at: index)
        return index
    }
}
