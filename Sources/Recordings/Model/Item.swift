import Foundation

/// One entry of the store: a folder or a recording, with its id, its name and the folder it sits in.
///
/// Items are values: the store hands out snapshots, and a change arrives as a new snapshot in a
/// ``StoreChange``.
public struct Item: Sendable, Hashable, Identifiable {
    /// What an item is.
    public enum Kind: String, Sendable, Hashable {
        /// A folder of items.
        case folder
        /// A recording; its audio is the WAV file named after its id.
        case recording
    }

    /// The item's id; a recording's audio file is named after it.
    public let id: UUID
    /// The name shown in lists.
    public var name: String
    /// Folder or recording.
    public let kind: Kind
    /// The folder holding the item; `nil` only for the root folder.
    public var parentID: UUID?

    /// Creates an item.
    public init(id: UUID = UUID(), name: String, kind: Kind, parentID: UUID?) {
        self.id = id
        self.name = name
        self.kind = kind
        self.parentID = parentID
    }

    /// Whether the item is a folder.
    public var isFolder: Bool { kind == .folder }

    /// The order of a folder's contents: by name ignoring case, then by id so that ties are stable.
    public static func sortsBefore(_ lhs: Item, _ rhs: Item) -> Bool {
        let (left, right) = (lhs.name.lowercased(), rhs.name.lowercased())
        if left != right { return left < right }
        return lhs.id.uuidString < rhs.id.uuidString
    }
}
