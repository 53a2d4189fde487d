import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices

/// `POST /api/modify` and `POST /api/remove`: many albums at once by query, as `bluelibrary modify` and
/// `remove` do — one transaction and one undo step. `"preview": true` says what would change and changes
/// nothing (the page's, or a script's, confirmation).
extension WebApp {
    /// The most albums a preview lists, the first in the query's order (it always says how many match).
    static let maximumPreview = 100

    /// `{"query": "…", "changes": {"genre": "Rock", "year": null, …}, "preview": false}`.
    func modify(_ body: [(key: String, value: JSONValue)]) async throws -> WebResponse {
        let request = try BulkRequest(body, allowing: ["changes"])
        guard case .object(let members)? = request.members["changes"] else {
            throw LibraryError(.malformedInput, "\"changes\" must be an object of fields to change")
        }
        let patch = try AlbumCoding.patch(from: try WebJSON.typedYear(members), of: nil)
        try refuseLocalCover(patch)
        if request.preview {
            let page = try await library.page(matching: request.query, limit: Self.maximumPreview)
            return preview(
                total: page.total, try page.albums.map { (try $0.album.updating(patch), $0.index) })
        }
        return bulkChange(try await library.modify(matching: request.query, with: patch))
    }

    /// `{"query": "…", "preview": false}`; an empty query needs `"all": true`.
    func remove(_ body: [(key: String, value: JSONValue)]) async throws -> WebResponse {
        let request = try BulkRequest(body, allowing: ["all"])
        let all = request.members["all"] == .bool(true)
        guard !request.query.matchesEverything || all else {
            throw LibraryError(
                .malformedInput, "an empty query removes every album; send \"all\": true to mean it")
        }
        if request.preview {
            let page = try await library.page(matching: request.query, limit: Self.maximumPreview)
            return preview(total: page.total, page.albums.map { ($0.album, $0.index) })
        }
        return bulkChange(try await library.remove(matching: request.query))
    }

    private func preview(total: Int, _ albums: [(Album, Int)]) -> WebResponse {
        .json(
            .object([
                ("matches", .number(String(total))),
                ("albums", .array(albums.map { Self.albumJSON($0.0, index: $0.1) })),
            ]))
    }

    /// `{"changed": N, "state": {…}}`; nothing matched is `changed: 0` with the state as it is.
    private func bulkChange(_ change: LibraryChange?) -> WebResponse {
        guard let change else {
            return .json(.object([("changed", .number("0"))]))
        }
        var count = 0
        if case .group(let group)? = change.effect { count = group.albumCommandCount }
        return .json(.object([("changed", .number(String(count))), ("state", WebJSON.state(change.state))]))
    }
}

/// The members every bulk request shares, checked strictly: `query` (the query language, required, may
/// be empty), `preview` (a boolean), and the ones the route allows.
private struct BulkRequest {
    let query: Query
    let preview: Bool
    let members: [String: JSONValue]

    init(_ body: [(key: String, value: JSONValue)], allowing extra: Set<String>) throws {
        var members: [String: JSONValue] = [:]
        for (key, value) in body {
            guard key == "query" || key == "preview" || extra.contains(key) else {
                throw LibraryError(.malformedInput, "unknown key \"\(key.prefix(40))\"")
            }
            members[key] = value
        }
        guard case .string(let text)? = members["query"] else {
            throw LibraryError(
                .malformedInput, "\"query\" must be a string (the query language; \"\" is every album)")
        }
        switch members["preview"] {
        case nil, .bool(false)?: preview = false
        case .bool(true)?: preview = true
        default: throw LibraryError(.malformedInput, "\"preview\" must be true or false")
        }
        query = try Query(parsing: text)
        self.members = members
    }
}
