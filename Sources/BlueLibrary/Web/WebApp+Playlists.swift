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

    /// A playlist as the list of them gives it: its id, name, number of tracks and their length.
    private static func playlistSummary(_ playlist: StoredPlaylist, _ tracks: [CatalogTrack]) -> JSONValue {
        let duration = tracks.reduce(0.0) { $0 + $1.stored.track.duration }
        return .object([
            ("id", .string(playlist.id)), ("name", .string(playlist.name)),
            ("tracks", .number(String(tracks.count))), ("duration", .number(String(duration))),
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
            ("tracks", .array(tracks.map { pageTrackJSON($0.stored.track, $0.album) })),
        ])
    }

    /// `POST /api/mine/playlists` with `{"name", "tracks"?}`: a new playlist (201).
    func createMyPlaylist(_ request: WebRequest) async throws -> WebResponse {
        let (user, subsonic) = try await person(request)
        let (name, songs) = try playlistFields(request)
        let playlist = try await subsonic.savePlaylist(id: nil, name: name, songs: songs ?? [], for: user)
        var response = try await myPlaylist(playlist.id, request)
        response.status = 201
        return response
    }

    /// `PATCH /api/mine/playlists/{id}` with `{"name"?, "tracks"?}`: renames it, or gives it these tracks in
    /// this order (a track added, moved or removed is the whole list sent again).
    func changeMyPlaylist(_ id: String, _ request: WebRequest) async throws -> WebResponse {
        let (user, subsonic) = try await person(request)
        let (name, songs) = try playlistFields(request)
        guard name != nil || songs != nil else {
            throw LibraryError(.malformedInput, "the body names nothing to change (name, tracks)")
        }
        try await subsonic.savePlaylist(id: id, name: name, songs: songs, for: user)
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

    /// The `name` and `tracks` of a playlist's body, each when given.
    private func playlistFields(_ request: WebRequest) throws -> (name: String?, songs: [String]?) {
        var (name, songs): (String?, [String]?) = (nil, nil)
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
            default:
                throw LibraryError(
                    .malformedInput, "unknown playlist field \"\(key.prefix(40))\" (fields: name, tracks)")
            }
        }
        return (name, songs)
    }
}
