import Foundation

/// One entry of the store: a folder or a recording, with its id, its name and the folder it sits in.
///
/// Items are values: the store hands out snapshots, and a change arrives as a new snapshot in a
/// ``StoreChange``.
package struct Item: Sendable, Hashable, Identifiable {
    /// What an item is.
    package enum Kind: String, Sendable, Hashable {
        /// A folder of items.
        case folder
        /// A recording; its audio is the WAV file named after its id.
        case recording
    }

    /// The item's id; a recording's audio file is named after it.
    package let id: UUID
    /// The name shown in lists.
    package var name: String
    /// Folder or recording.
    package let kind: Kind
    /// The folder holding the item; `nil` only for the root folder.
    package var parentID: UUID?

    /// Creates an item.
    package init(id: UUID = UUID(), name: String, kind: Kind, parentID: UUID?) {
        self.id = id
        self.name = name
        self.kind = kind
        self.parentID = parentID
    }

    /// Whether the item is a folder.
    package var isFolder: Bool { kind == .folder }

    /// The order of a folder's contents: by name ignoring case, then by id so that ties are stable.
    package static func sortsBefore(_ lhs: Item, _ rhs: Item) -> Bool {
        lhs.sortKey < rhs.sortKey
    }

    /// What ``sortsBefore(_:_:)`` compares, computed once per item where many are sorted.
    var sortKey: SortKey { SortKey(self) }

    /// An item's place in its folder's order: its name in lower case, then its id's bytes (the order of
    /// the ids' upper-case text, without making that text).
    struct SortKey: Comparable {
        let name: String
        let high: UInt64
        let low: UInt64

        init(_ item: Item) {
            name = item.name.lowercased()
            let bytes = item.id.uuid
            high = withUnsafeBytes(of: bytes) {
                UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
            }
            low = withUnsafeBytes(of: bytes) {
                UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            }
        }

        static func < (lhs: SortKey, rhs: SortKey) -> Bool {
            if lhs.name != rhs.name { return lhs.name < rhs.name }
            return (lhs.high, lhs.low) < (rhs.high, rhs.low)
        }
    }
}
