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
public enum StoreDocument {
    /// The value of the `format` key.
    public static let format = "recordings"
    /// The version this build writes and reads.
    public static let version = 1

    /// The JSON for a tree.
    public static func encode(_ tree: ItemTree) throws(StoreError) -> Data {
        var root = node(tree.root, in: tree)
        root["format"] = format
        root["version"] = version
        root["kind"] = nil
        do {
            return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
        } catch {
            throw StoreError(.io, "could not encode the store: \(error)")
        }
    }

    private static func node(_ item: Item, in tree: ItemTree) -> [String: Any] {
        var object: [String: Any] = ["id": item.id.uuidString, "name": item.name, "kind": item.kind.rawValue]
        if item.isFolder { object["contents"] = tree.contents(of: item.id).map { node($0, in: tree) } }
        return object
    }

    /// The tree in a file's bytes.
    /// - Throws: `damaged` (not JSON, or not the shape of a store) or `foreign` (someone else's
    ///   JSON), with a message saying what is wrong.
    public static func decode(_ data: Data) throws(StoreError) -> ItemTree {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw StoreError(.damaged, "not valid JSON")
        }
        guard let object = json as? [String: Any], let marker = object["format"] else {
            throw StoreError(.foreign, "not a Recordings store (no \"format\": \"recordings\")")
        }
        guard marker as? String == format else {
            throw StoreError(.foreign, "not a Recordings store (its format is \(describe(marker)))")
        }
        guard let version = object["version"] as? Int else {
            throw StoreError(.damaged, "\"version\" is missing or not a number")
        }
        guard version <= Self.version else {
            throw StoreError(.foreign, "written by a newer Recordings (version \(version); this one reads 1)")
        }
        let rootID = try identifier(object, at: "the root folder")
        var items: [Item] = []
        var seen: Set<UUID> = [rootID]
        try collectContents(
            of: object, in: rootID, depth: 1, into: &items, seen: &seen, at: "the root folder")
        do {
            return try ItemTree(rootID: rootID, adding: items)
        } catch {
            throw StoreError(.damaged, error.message)
        }
    }

    /// Checks each item of a folder and adds it to `items`, parents before their contents.
    private static func collectContents(
        of object: [String: Any], in folderID: UUID, depth: Int, into items: inout [Item],
        seen: inout Set<UUID>,
        at place: String
    ) throws(StoreError) {
        guard let contents = object["contents"] as? [Any] else {
            throw StoreError(.damaged, "\(place) has no \"contents\" list")
        }
        for (offset, element) in contents.enumerated() {
            let here = "item \(offset + 1) of \(place)"
            guard let child = element as? [String: Any] else {
                throw StoreError(.damaged, "\(here) is not an object")
            }
            let id = try identifier(child, at: here)
            guard let name = child["name"] as? String else {
                throw StoreError(.damaged, "\(here) has no \"name\"")
            }
            guard let kind = (child["kind"] as? String).flatMap(Item.Kind.init(rawValue:)) else {
                throw StoreError(.damaged, "\(here) (\"\(name)\") has no \"kind\" of folder or recording")
            }
            func refuse(_ why: String) -> StoreError { StoreError(.damaged, "\(here) (\"\(name)\"): \(why)") }
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
                of: child, in: id, depth: depth + 1, into: &items, seen: &seen, at: "folder \"\(name)\"")
        }
    }

    private static func identifier(_ object: [String: Any], at place: String) throws(StoreError) -> UUID {
        guard let text = object["id"] as? String, let id = UUID(uuidString: text) else {
            throw StoreError(.damaged, "\(place) has no valid \"id\" (a UUID)")
        }
        return id
    }

    private static func describe(_ value: Any) -> String {
        if let text = value as? String { return "\"\(text)\"" }
        return "\(value)"
    }
}
