import Foundation

/// The external form of the store, defined once: `store.json` is the root folder with its nested
/// `contents`, marked with `"format": "recordings"` and a version so that a foreign JSON file is never
/// mistaken for a store (and never overwritten).
///
/// ```json
/// {"format": "recordings", "version": 1, "id": "…", "name": "Recordings", "contents": [
///   {"kind": "folder", "id": "…", "name": "Work", "contents": [
///     {"kind": "recording", "id": "…", "name": "Idea"}]}]}
/// ```
package enum StoreDocument {
    /// The value of the `format` key.
    package static let format = "recordings"
    /// The version this build writes and reads.
    package static let version = 1

    /// The JSON for a tree, its keys sorted and indented, so that a person can read it.
    package static func encode(_ tree: ItemTree) throws(StoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(Root(node: node(tree.root, in: tree, kind: nil)))
        } catch {
            throw StoreError(.io, "could not encode the store: \(error)")
        }
    }

    /// An item's node; the root's has no `kind`.
    private static func node(_ item: Item, in tree: ItemTree, kind: String?) -> Node {
        let contents =
            item.isFolder
            ? tree.contents(of: item.id).map { node($0, in: tree, kind: $0.kind.rawValue) } : nil
        return Node(id: item.id.uuidString, name: item.name, kind: kind, contents: contents)
    }

    /// The tree in a file's bytes.
    /// - Throws: `damaged` (not JSON, or not the shape of a store) or `foreign` (someone else's
    ///   JSON), with a message saying what is wrong.
    package static func decode(_ data: Data) throws(StoreError) -> ItemTree {
        let root: Root
        do {
            root = try JSONDecoder().decode(Root.self, from: data)
        } catch {
            throw StoreError(.damaged, "not valid JSON")
        }
        guard root.node.isObject, let marker = root.format else {
            throw StoreError(.foreign, "not a Recordings store (no \"format\": \"recordings\")")
        }
        guard marker == .text(format) else {
            throw StoreError(.foreign, "not a Recordings store (its format is \(describe(marker)))")
        }
        guard let version = root.version else {
            throw StoreError(.damaged, "\"version\" is missing or not a number")
        }
        guard version <= Self.version else {
            throw StoreError(.foreign, "written by a newer Recordings (version \(version); this one reads 1)")
        }
        let rootID = try identifier(root.node, at: "the root folder")
        var contents: [UUID: [Item]] = [:]
        var seen: Set<UUID> = [rootID]
        try collectContents(of: root.node, in: rootID, depth: 1, into: &contents, seen: &seen, at: nil)
        return ItemTree(rootID: rootID, checkedContents: contents)
    }

    /// Checks each item of a folder, and of the folders in it, and puts them into `contents` under the
    /// folder's id. `folderName` is `nil` for the root folder; the words that say where an item is are
    /// only made for an error.
    private static func collectContents(
        of folder: Node, in folderID: UUID, depth: Int, into contents: inout [UUID: [Item]],
        seen: inout Set<UUID>,
        at folderName: String?
    ) throws(StoreError) {
        func place() -> String { folderName.map { "folder \"\($0)\"" } ?? "the root folder" }
        guard let elements = folder.contents else {
            throw StoreError(.damaged, "\(place()) has no \"contents\" list")
        }
        var items: [Item] = []
        items.reserveCapacity(elements.count)
        for (offset, child) in elements.enumerated() {
            func here() -> String { "item \(offset + 1) of \(place())" }
            guard child.isObject else { throw StoreError(.damaged, "\(here()) is not an object") }
            let id = try identifier(child, at: here())
            guard let name = child.name else { throw StoreError(.damaged, "\(here()) has no \"name\"") }
            guard let kind = child.kind.flatMap(Item.Kind.init(rawValue:)) else {
                throw StoreError(.damaged, "\(here()) (\"\(name)\") has no \"kind\" of folder or recording")
            }
            func refuse(_ why: String) -> StoreError {
                StoreError(.damaged, "\(here()) (\"\(name)\"): \(why)")
            }
            guard seen.insert(id).inserted else { throw refuse("its id \(id) is used twice") }
            do {
                items.append(Item(id: id, name: try ItemName.validated(name), kind: kind, parentID: folderID))
            } catch {
                throw refuse(error.message)
            }
            guard kind == .folder else { continue }
            guard depth <= ItemTree.maximumDepth else {
                throw refuse("Folders can be nested at most \(ItemTree.maximumDepth) deep.")
            }
            try collectContents(
                of: child, in: id, depth: depth + 1, into: &contents, seen: &seen, at: name)
        }
        contents[folderID] = items
    }

    private static func identifier(
        _ node: Node, at place: @autoclosure () -> String
    ) throws(StoreError) -> UUID {
        guard let text = node.id, let id = UUID(uuidString: text) else {
            throw StoreError(.damaged, "\(place()) has no valid \"id\" (a UUID)")
        }
        return id
    }

    private static func describe(_ marker: Marker) -> String {
        switch marker {
        case .text(let text): "\"\(text)\""
        case .other(let description): description
        }
    }
}
