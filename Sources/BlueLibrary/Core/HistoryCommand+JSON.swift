extension HistoryCommand {
    /// The command as JSON, as the history table stores it:
    /// `{"op":"delete","index":2,"album":{…}}`, `{"op":"update","before":{…},"after":{…}}` or
    /// `{"op":"group","kind":"import","commands":[…]}`.
    public var json: JSONValue {
        switch self {
        case .add(let album, let index):
            .object([
                ("op", .string("add")), ("index", .number(String(index))), ("album", AlbumCoding.json(album)),
            ])
        case .delete(let album, let index):
            .object([
                ("op", .string("delete")), ("index", .number(String(index))),
                ("album", AlbumCoding.json(album)),
            ])
        case .update(let before, let after):
            .object([
                ("op", .string("update")), ("before", AlbumCoding.json(before)),
                ("after", AlbumCoding.json(after)),
            ])
        case .group(let group):
            .object([
                ("op", .string("group")), ("kind", .string(group.kind.rawValue)),
                ("commands", .array(group.commands.map(\.json))),
            ])
        }
    }

    /// Reads a command back from its JSON.
    public init(json: JSONValue) throws {
        func album(_ key: String) throws -> Album {
            guard let value = json[key] else {
                throw LibraryError(.malformedInput, "history entry without \"\(key)\"")
            }
            return try AlbumCoding.album(from: value)
        }
        func index() throws -> Int {
            guard case .number(let text)? = json["index"], let index = Int(text) else {
                throw LibraryError(.malformedInput, "history entry without a whole-number \"index\"")
            }
            return index
        }
        switch json["op"] {
        case .string("add")?: self = .add(try album("album"), index: try index())
        case .string("delete")?: self = .delete(try album("album"), index: try index())
        case .string("update")?: self = .update(before: try album("before"), after: try album("after"))
        case .string("group")?:
            guard case .string(let name)? = json["kind"], let kind = HistoryGroup.Kind(rawValue: name),
                case .array(let commands)? = json["commands"]
            else {
                throw LibraryError(.malformedInput, "history group without a known \"kind\" and \"commands\"")
            }
            self = .group(HistoryGroup(kind: kind, commands: try commands.map(HistoryCommand.init(json:))))
        default: throw LibraryError(.malformedInput, "history entry with an unknown \"op\"")
        }
    }
}
