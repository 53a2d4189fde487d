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
        case .tracks(let change):
            .object([
                ("op", .string("tracks")), ("id", .string(change.album.rawValue)),
                ("title", .string(change.title)),
                ("before", .array(change.before.map(Self.json))),
                ("after", .array(change.after.map(Self.json))),
            ])
        case .moves(let moves):
            .object([
                ("op", .string("moves")),
                (
                    "moves",
                    .array(moves.map { .object([("from", .string($0.from)), ("to", .string($0.to))]) })
                ),
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
        case .string("tracks")?: self = .tracks(try Self.trackChange(json))
        case .string("moves")?:
            guard case .array(let items)? = json["moves"] else {
                throw LibraryError(.malformedInput, "history moves without \"moves\"")
            }
            self = .moves(
                try items.map { item in
                    guard case .string(let from)? = item["from"], case .string(let to)? = item["to"] else {
                        throw LibraryError(.malformedInput, "history move without \"from\" and \"to\"")
                    }
                    return TrackMove(from: from, to: to)
                })
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

    /// A stored track as a history entry keeps it (with its id when the library kept one: a moved
    /// file's; entries written before ids were kept have none, and their tracks' ids follow their paths).
    private static func json(_ stored: StoredTrack) -> JSONValue {
        let track = stored.track
        var members: [(key: String, value: JSONValue)] = track.storedID.map { [("id", .string($0))] } ?? []
        members += [
            ("disc", .number(String(track.disc))),
            ("number", track.number.map { .number(String($0)) } ?? .null),
            ("title", .string(track.title)), ("artist", .string(track.artist)),
            ("duration", .number(String(track.duration))), ("path", .string(track.path)),
            ("size", .number(String(stored.size))), ("modified", .number(String(stored.modified))),
            ("tags", .string(stored.tags)),
        ]
        // Genres set by hand, which the tags do not hold (entries written before they could be have none).
        if let genres = track.details.editedGenres {
            members.append(("genres", .array(genres.map { .string($0) })))
        }
        return .object(members)
    }

    private static func trackChange(_ json: JSONValue) throws -> TrackChange {
        let malformed = LibraryError(
            .malformedInput, "history track change without an album id and its tracks")
        guard case .string(let idText)? = json["id"], let album = AlbumID(idText),
            case .string(let title)? = json["title"], case .array(let before)? = json["before"],
            case .array(let after)? = json["after"]
        else { throw malformed }
        func stored(_ item: JSONValue) throws -> StoredTrack {
            func number(_ key: String) -> String? {
                if case .number(let text)? = item[key] { return text }
                return nil
            }
            guard let disc = number("disc").flatMap({ Int($0) }), case .string(let title)? = item["title"],
                case .string(let artist)? = item["artist"],
                let duration = number("duration").flatMap({ Double($0) }),
                case .string(let path)? = item["path"], let size = number("size").flatMap({ Int64($0) }),
                let modified = number("modified").flatMap({ Int64($0) }),
                case .string(let tags)? = item["tags"]
            else { throw malformed }
            var id: String?
            if case .string(let text)? = item["id"] {
                guard let parsed = TrackID(text) else { throw malformed }
                id = parsed.rawValue
            }
            var details = TrackDetails()
            if let genres = item["genres"], case .array = genres {
                guard let names = genres.strings else { throw malformed }
                details.editedGenres = names
            }
            return StoredTrack(
                track: Track(
                    disc: disc, number: number("number").flatMap { Int($0) }, title: title, artist: artist,
                    duration: duration, path: path, details: details, id: id),
                albumID: album, size: size, modified: modified, tags: tags)
        }
        return TrackChange(
            album: album, title: title, before: try before.map(stored), after: try after.map(stored))
    }
}
