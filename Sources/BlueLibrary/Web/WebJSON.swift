import BlueLibraryCore
import BlueLibraryServices

/// The JSON the web API speaks besides albums (whose form is ``AlbumCoding``): the library's state and
/// the change events.
enum WebJSON {
    /// The committed state: the current album, the count and what the toolbar allows.
    static func state(_ state: LibraryState) -> JSONValue {
        .object(state.jsonMembers)
    }

    /// An album's members with a year typed into a form — `"1977"`, `" 1977 "`, `""` for none — parsed
    /// as the command line parses `--year`, so an error quotes the year exactly as it was typed; a number
    /// or `null` passes through unchanged.
    /// - Throws: `invalidField` — "invalid year '19x7': not a whole number".
    static func typedYear(_ members: [(key: String, value: JSONValue)]) throws -> [(
        key: String, value: JSONValue
    )] {
        try members.map { member in
            guard member.key == "year", case .string(let text) = member.value else { return member }
            return (member.key, try Album.parseYear(text).map { .number(String($0)) } ?? .null)
        }
    }

    /// An event stream's `change` event.
    static func change(_ change: LibraryChange) -> JSONValue {
        .object([("kind", .string(change.kind.rawValue)), ("state", state(change.state))])
    }
}
