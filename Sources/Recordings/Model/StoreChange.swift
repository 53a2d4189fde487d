import Foundation

/// One change to the store, as observers hear it (the original's `Store.changedNotification` with its
/// user info): why, which item, in which folder, and where it was and is in that folder's sorted
/// contents — enough for a list to insert, delete or move one row instead of reloading.
package struct StoreChange: Sendable, Equatable {
    /// Why the store changed.
    package enum Reason: String, Sendable {
        /// The item is new; ``newIndex`` is where it appears.
        case added
        /// The item is gone; ``oldIndex`` is where it was.
        case removed
        /// The item has a new name; it moved from ``oldIndex`` to ``newIndex``.
        case renamed
        /// The recording's audio file appeared or disappeared (deleted by hand, say); the item stays where
        /// it is, so ``oldIndex`` and ``newIndex`` are the same.
        case audioChanged
    }

    /// Why.
    package var reason: Reason
    /// The item as it is now (as it was, for a removal).
    package var item: Item
    /// The folder whose contents changed.
    package var parentID: UUID
    /// The item's index in the parent's sorted contents before the change (`nil` when added).
    package var oldIndex: Int?
    /// The item's index after the change (`nil` when removed).
    package var newIndex: Int?

    /// Creates a change.
    package init(_ reason: Reason, item: Item, parentID: UUID, oldIndex: Int?, newIndex: Int?) {
        self.reason = reason
        self.item = item
        self.parentID = parentID
        self.oldIndex = oldIndex
        self.newIndex = newIndex
    }
}
