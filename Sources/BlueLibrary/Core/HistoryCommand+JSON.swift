extension HistoryCommand {
    /// The command as JSON, as the history table stores it:
    /// `{"op":"delete","index":2,"album":{…}}`,
    /// `{"op":"edit","id":…,"title":…,"changes":[{"field":"genre","before":"Pop","after":"Rock"}],
    /// "marked_before":[],"marked_after":["genre"]}` or `{"op":"group","kind":"import","commands":[…]}`.
    package var json: JSONValue {
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
        case .update(let edit):
            .object([
                ("op", .string("edit")), ("id", .string(edit.id.rawValue)), ("title", .string(edit.title)),
                (
                    "changes",
                    .array(
                        edit.changes.map { change in
                            .object([
                                ("field", .string(change.field.rawValue)), ("before", .string(change.before)),
                                ("after", .string(change.after)),
                            ])
                        })
                ),
                ("marked_before", Self.fields(edit.markedBefore)),
                ("marked_after", Self.fields(edit.markedAfter)),
            ])
        case .group(let group):
            .object([
                ("op", .string("group")), ("kind", .string(group.kind.rawValue)),
                ("commands", .array(group.commands.map(\.json))),
            ])
        }
    }

    /// Reads a command back from its JSON.
    package init(json: JSONValue) throws {
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
        case .string("edit")?: self = .update(try Self.edit(json))
        case .string("update")?:
            // Written before edits recorded only their fields: the whole album before and after.
            self = .update(AlbumEdit(from: try album("before"), to: try album("after"), byHand: true))
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

    private static func fields(_ fields: Set<AlbumField>) -> JSONValue {
        .array(AlbumField.allCases.filter(fields.contains).map { .string($0.rawValue) })
    }

    private static func edit(_ json: JSONValue) throws -> AlbumEdit {
        let malformed = LibraryError(.malformedInput, "history edit without an album id and its changes")
        guard case .string(let idText)? = json["id"], let id = AlbumID(idText),
            case .string(let title)? = json["title"], case .array(let items)? = json["changes"]
        else { throw malformed }
        func field(_ value: JSONValue?) throws -> AlbumField {
            guard case .string(let name)? = value, let field = AlbumField(rawValue: name) else {
                throw malformed
            }
            return field
        }
        let changes = try items.map { item in
            guard case .string(let before)? = item["before"], case .string(let after)? = item["after"] else {
                throw malformed
            }
            return AlbumEdit.Change(field: try field(item["field"]), before: before, after: after)
        }
        func marks(_ key: String) throws -> Set<AlbumField> {
            guard case .array(let names)? = json[key] else { return [] }
            return Set(try names.map { try field($0) })
        }
        return AlbumEdit(
            id: id, title: title, changes: changes, markedBefore: try marks("marked_before"),
            markedAfter: try marks("marked_after"))
    }
}
