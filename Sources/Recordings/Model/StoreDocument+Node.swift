import Foundation

extension StoreDocument {
    /// One object of `store.json` as it was read, before it is checked: a member that is missing or of
    /// the wrong type reads as `nil`, and an element of `contents` that is not an object reads as a
    /// node with ``isObject`` false, so reading fails only on bytes that are not JSON and the check
    /// (``StoreDocument/decode(_:)``) can say which member of which item is wrong.
    struct Node: Codable {
        var id: String?
        var name: String?
        var kind: String?
        var contents: [Node]?
        /// Whether the JSON value was an object at all.
        var isObject = true

        private enum Keys: String, CodingKey { case id, name, kind, contents }

        /// A node to write.
        init(id: String, name: String, kind: String?, contents: [Node]?) {
            (self.id, self.name, self.kind, self.contents) = (id, name, kind, contents)
        }

        init(from decoder: any Decoder) throws {
            guard let object = try? decoder.container(keyedBy: Keys.self) else {
                isObject = false
                return
            }
            id = try? object.decodeIfPresent(String.self, forKey: .id)
            name = try? object.decodeIfPresent(String.self, forKey: .name)
            kind = try? object.decodeIfPresent(String.self, forKey: .kind)
            contents = try? object.decodeIfPresent([Node].self, forKey: .contents)
        }

        func encode(to encoder: any Encoder) throws {
            var object = encoder.container(keyedBy: Keys.self)
            try object.encodeIfPresent(id, forKey: .id)
            try object.encodeIfPresent(name, forKey: .name)
            try object.encodeIfPresent(kind, forKey: .kind)
            try object.encodeIfPresent(contents, forKey: .contents)
        }
    }

    /// The value of a `format` member: text, or something else put into words.
    enum Marker: Equatable {
        case text(String)
        case other(String)
    }

    /// The whole file: the root folder's node, with the `format` marker and the `version` beside its
    /// members in the same object.
    struct Root: Codable {
        /// The `format` member; `nil` when it is missing.
        var format: Marker?
        var version: Int?
        var node: Node

        private enum Keys: String, CodingKey { case format, version }

        /// The file to write.
        init(node: Node) {
            (format, version, self.node) = (.text(StoreDocument.format), StoreDocument.version, node)
        }

        init(from decoder: any Decoder) throws {
            node = try Node(from: decoder)
            guard let object = try? decoder.container(keyedBy: Keys.self), object.contains(.format) else {
                return
            }
            format =
                if let text = try? object.decode(String.self, forKey: .format) {
                    .text(text)
                } else {
                    .other(Self.describe(object, .format))
                }
            version = try? object.decodeIfPresent(Int.self, forKey: .version)
        }

        func encode(to encoder: any Encoder) throws {
            try node.encode(to: encoder)
            var object = encoder.container(keyedBy: Keys.self)
            if case .text(let text) = format { try object.encode(text, forKey: .format) }
            try object.encodeIfPresent(version, forKey: .version)
        }

        /// A `format` that is not text, put into words for the message that refuses it.
        private static func describe(_ object: KeyedDecodingContainer<Keys>, _ key: Keys) -> String {
            if let number = try? object.decode(Int.self, forKey: key) { return "\(number)" }
            if let number = try? object.decode(Double.self, forKey: key) { return "\(number)" }
            if let flag = try? object.decode(Bool.self, forKey: key) { return "\(flag)" }
            if (try? object.decodeNil(forKey: key)) == true { return "null" }
            return "not text"
        }
    }
}
