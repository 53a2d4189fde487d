import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibrarySubsonic

/// The signed-in person's playlists on the page, under `/api/mine/playlists`: the same playlists their
/// music apps keep through the Subsonic API (made, renamed, reordered or emptied on either, seen on both),
/// within the same limits, and each one's download as an `.m3u8` file (``PlaylistFiles``).
extension WebApp {
    /// `GET /api/mine/playlists`: their playlists, oldest first, each with its number of tracks and length.
    func myPlaylists(_ request: WebRequest) async throws -> WebResponse {
        let (user, subsonic) = try await person(request)
        let playlists = try await subsonic.playlists(of: user).map(Self.playlistSummary)
        return .json(.object([("playlists", .array(playlists))]))
    }

    /// A playlist as the list of them gives it: its id, name, number of tracks and their length, and its
    /// rule when it is smart.
    private static func playlistSummary(_ playlist: StoredPlaylist, _ tracks: [CatalogTrack]) -> JSONValue {
        let duration = tracks.reduce(0.0) { $0 + $1.stored.track.duration }
        return .object([
            ("id", .string(playlist.id)), ("name", .string(playlist.name)),
            ("tracks", .number(String(tracks.count))), ("duration", .number(String(duration))),
            ("smart", ruleJSON(playlist.rule)),
        ])
    }

    /// A smart playlist's rule (`{"query", "order", "limit"}`), `null` for a playlist of chosen tracks.
    private static func ruleJSON(_ rule: PlaylistRule?) -> JSONValue {
        guard let rule else { return .null }
        return .object([
            ("query", .string(rule.query)), ("order", .string(rule.order.rawValue)),
            ("limit", .number(String(rule.limit))),
        ])
    }

    /// `GET /api/mine/playlists/{id}`: one of their playlists with its tracks still in the library, each
    /// as the page lists tracks.
    func myPlaylist(_ id: String, _ request: WebRequest) async throws -> WebResponse {
        let (user, subsonic) = try await person(request)
        guard
            let (playlist, tracks) = try await subsonic.playlists(of: user).first(where: {
                $0.playlist.id == id
            })
        else { throw LibraryError(.notFound, "you have no playlist with id \(id.prefix(80))") }
        return .json(Self.playlistJSON(playlist, tracks))
    }

    private static func playlistJSON(_ playlist: StoredPlaylist, _ tracks: [CatalogTrack]) -> JSONValue {
        .object([
            ("id", .string(playlist.id)), ("name", .string(playlist.name)),
            ("smart", ruleJSON(playlist.rule)),
            ("tracks", .array(tracks.map { pageTrackJSON($0.stored.track, $0.album) })),
        ])
    }

    /// `POST /api/mine/playlists` with `{"name", "tracks"?}`, or `{"name", "smart": {"query", "order"?,
    /// "limit"?}}` for a smart playlist: a new playlist (201).
    func createMyPlaylist(_ request: WebRequest) async throws -> WebResponse {
        let (user, subsonic) = try await person(request)
        let (name, songs, rule) = try playlistFields(request)
        let playlist = try await subsonic.savePlaylist(
            id: nil, name: name, songs: rule == nil ? songs ?? [] : songs, rule: rule, for: user)
        var response = try await myPlaylist(playlist.id, request)
        response.status = 201
        return response
    }

    /// `PATCH /api/mine/playlists/{id}` with `{"name"?, "tracks"?, "smart"?}`: renames it, gives it these
    /// tracks in this order (a track added, moved or removed is the whole list sent again), or a new rule.
    func changeMyPlaylist(_ id: String, _ request: WebRequest) async throws -> WebResponse {
        let (user, subsonic) = try await person(request)
        let (name, songs, rule) = try playlistFields(request)
        guard name != nil || songs != nil || rule != nil else {
            throw LibraryError(.malformedInput, "the body names nothing to change (name, tracks, smart)")
        }
        try await subsonic.savePlaylist(id: id, name: name, songs: songs, rule: rule, for: user)
        return try await myPlaylist(id, request)
    }

    /// `DELETE /api/mine/playlists/{id}`.
    func deleteMyPlaylist(_ id: String, _ request: WebRequest) async throws -> WebResponse {
        let (user, subsonic) = try await person(request)
        try await subsonic.deletePlaylist(id: id, for: user)
        return .json(.object([("deleted", .string(id))]))
    }

    /// `GET /api/mine/playlists/{id}/m3u8`: the playlist as a file to download, each track by its path on
    /// this server's machine.
    func downloadMyPlaylist(_ id: String, _ request: WebRequest) async throws -> WebResponse {
        let (user, subsonic) = try await person(request)
        guard
            let playlist = try await subsonic.playlists(of: user).first(where: { $0.playlist.id == id })?
                .playlist
        else { throw LibraryError(.notFound, "you have no playlist with id \(id.prefix(80))") }
        let (text, _) = try await PlaylistFiles(library: library).export(playlist, relativeTo: nil)
        let file = String(playlist.name.map { "/\\\"\0".contains($0) || $0.isNewline ? "_" : $0 }) + ".m3u8"
        let encoded = file.utf8.map { byte in
            Self.plainFileNameBytes.contains(byte) ? String(UnicodeScalar(byte)) : "%" + Hex.string([byte])
        }.joined()
        return WebResponse(
            status: 200,
            headers: [
                "Content-Type": "audio/x-mpegurl; charset=utf-8",
                "Content-Disposition": "attachment; filename=\"playlist.m3u8\"; filename*=UTF-8''\(encoded)",
            ], body: .bytes(Array(text.utf8)))
    }

    /// The bytes a file name keeps as they are in `filename*=` (every other is `%XX`).
    private static let plainFileNameBytes = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._".utf8)

    /// The `name`, `tracks` and `smart` rule of a playlist's body, each when given.
    private func playlistFields(_ request: WebRequest) throws -> (
        name: String?, songs: [String]?, rule: PlaylistRule?
    ) {
        var (name, songs, rule): (String?, [String]?, PlaylistRule?) = (nil, nil, nil)
        for (key, value) in try jsonObject(request) {
            switch (key, value) {
            case ("name", .string(let text)): name = text
            case ("tracks", .array(let items)):
                songs = try items.map {
                    guard case .string(let id) = $0 else {
                        throw LibraryError(.malformedInput, "\"tracks\" must be a list of track ids")
                    }
                    return id
                }
            case ("smart", .object(let fields)): rule = try Self.rule(fields)
            default:
                throw LibraryError(
                    .malformedInput,
                    "unknown playlist field \"\(key.prefix(40))\" (fields: name, tracks, smart)")
            }
        }
        return (name, songs, rule)
    }

    /// A smart playlist's rule from `{"query", "order"?, "limit"?}` (album order and 100 tracks unless told).
    private static func rule(_ fields: [(String, JSONValue)]) throws -> PlaylistRule {
        var (query, order, limit): (String?, TrackOrder, Int) = (nil, .album, 100)
        for (key, value) in fields {
            switch (key, value) {
            case ("query", .string(let text)): query = text
            case ("order", .string(let text)):
                guard let known = TrackOrder(rawValue: text) else {
                    throw LibraryError(
                        .malformedInput,
                        "unknown order \"\(text.prefix(40))\" (orders: \(TrackOrder.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                order = known
            case ("limit", .number(let text)):
                guard let number = Int(text) else {
                    throw LibraryError(
                        .malformedInput, "\"limit\" must be a whole number, not \(text.prefix(40))")
                }
                limit = number
            default:
                throw LibraryError(
                    .malformedInput,
                    "unknown smart playlist field \"\(key.prefix(40))\" or wrong type (fields: query, order, limit)"
                )
            }
        }
        guard let query, !query.trimmed.isEmpty else {
            throw LibraryError(.malformedInput, "a smart playlist needs a \"query\"")
        }
        guard query.count <= 2000 else {
            throw LibraryError(.malformedInput, "a smart playlist's query has at most 2000 characters")
        }
        return try PlaylistRule(query: query, order: order, limit: limit)
    }
}
