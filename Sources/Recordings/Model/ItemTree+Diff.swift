import Foundation

/// What changed between two versions of the tree — another instance saved the store — as the same
/// ``StoreChange``s a local edit produces, in an order that turns `old` into `new` step by step (so
/// every index is right at the moment its change is applied).
extension ItemTree {
    /// The changes that turn `old` into `new`; empty when they hold the same items.
    package static func changes(from old: ItemTree, to new: ItemTree) -> [StoreChange] {
        guard old.rootID == new.rootID else { return [] }
        var working = old
        var changes: [StoreChange] = []
        // Removals first (an item whose parent changed counts as removed and added again).
        for item in old.subtree(of: old.rootID) where item.id != old.rootID {
            guard working.items[item.id] != nil else { continue }
            let counterpart = new.items[item.id]
            if counterpart == nil || counterpart?.parentID != item.parentID || counterpart?.kind != item.kind
            {
                changes += (try? working.remove(item.id)) ?? []
            }
        }
        // Renames and additions, parents before children.
        var queue = [new.rootID]
        var next = 0
        while next < queue.count {
            let folderID = queue[next]
            next += 1
            for item in new.contents(of: folderID) {
                if let existing = working.items[item.id] {
                    if existing.name != item.name, let change = try? working.rename(item.id, to: item.name) {
                        changes.append(change)
                    }
                } else if let change = try? working.add(item) {
                    changes.append(change)
                }
                if item.isFolder { queue.append(item.id) }
            }
        }
        return changes
    }
}
