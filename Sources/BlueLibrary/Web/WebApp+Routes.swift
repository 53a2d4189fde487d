import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices

/// The page's routes, one table (``RouteTable``): its files, the event stream, covers and the JSON API.
/// `docs/openapi.yaml` documents every route but the page's files, and a test holds the two equal; a
/// path served with other methods is 405 with `Allow`, from the table itself.
extension WebApp {
    /// A route's handler: the app, the request and the path's captured segments.
    package typealias Handler = @Sendable (WebApp, WebRequest, [String]) async throws -> WebResponse

    package static let routes: RouteTable<Handler> = {
        var table = RouteTable<Handler>()
        table.add("GET", "/") { _, _, _ in PageAssets.response(for: "index.html") }
        for name in PageAssets.files.keys.sorted() {
            table.add("GET", "/\(name)") { _, _, _ in PageAssets.response(for: name) }
        }
        table.add("GET", "/events") { app, request, _ in await app.eventStream(request) }
        table.add("GET", "/covers/{id}") { app, request, id in await app.cover(id[0], request) }
        table.add("GET", "/api/albums") { app, request, _ in try await app.albumPage(request) }
        table.add("POST", "/api/albums") { app, request, _ in try await app.add(try app.jsonObject(request)) }
        table.add("GET", "/api/albums/{id}") { app, _, id in try await app.albumDetails(id[0]) }
        table.add("PATCH", "/api/albums/{id}") { app, request, id in
            try await app.patchAlbum(id[0], request)
        }
        table.add("DELETE", "/api/albums/{id}") { app, _, id in try await app.deleteAlbum(id[0]) }
        table.add("GET", "/api/albums/sections") { app, request, _ in try await app.albumSections(request) }
        table.add("GET", "/api/artists") { app, request, _ in try await app.groups(by: .artist, request) }
        table.add("GET", "/api/artists/sections") { app, _, _ in try await app.groupSections(by: .artist) }
        table.add("GET", "/api/genres") { app, request, _ in try await app.groups(by: .genre, request) }
        table.add("GET", "/api/appearances") { app, request, _ in try await app.appearances(request) }
        table.add("GET", "/api/genres/sections") { app, _, _ in try await app.groupSections(by: .genre) }
        table.add("GET", "/api/years") { app, _, _ in try await app.decades() }
        table.add("GET", "/api/tracks") { app, request, _ in try await app.trackPage(request) }
        table.add("PATCH", "/api/tracks/{id}") { app, request, id in
            try await app.patchTrack(id[0], request)
        }
        table.add("GET", "/api/tracks/{id}/audio") { app, request, id in await app.audio(id[0], request) }
        table.add("GET", "/api/tracks/{id}/lyrics") { app, _, id in await app.trackLyrics(id[0]) }
        table.add("POST", "/api/modify") { app, request, _ in
            try await app.modify(try app.jsonObject(request))
        }
        table.add("POST", "/api/remove") { app, request, _ in
            try await app.remove(try app.jsonObject(request))
        }
        table.add("POST", "/api/undo") { app, request, _ in try await app.undoOrRedo(request, undo: true) }
        table.add("POST", "/api/redo") { app, request, _ in try await app.undoOrRedo(request, undo: false) }
        table.add("GET", "/api/state") { app, _, _ in .json(WebJSON.state(try await app.library.state())) }
        table.add("PUT", "/api/state") { app, request, _ in try await app.select(request) }
        table.add("GET", "/api/radio") { app, _, _ in try await app.radioStations() }
        table.add("GET", "/api/session") { app, request, _ in try await app.session(request) }
        table.add("POST", "/api/session") { app, request, _ in try await app.signIn(request) }
        table.add("DELETE", "/api/session") { app, request, _ in try await app.signOut(request) }
        table.add("GET", "/api/queue") { app, request, _ in try await app.savedQueue(request) }
        table.add("PUT", "/api/queue") { app, request, _ in try await app.saveQueue(request) }
        table.add("GET", "/api/mine/albums/{id}") { app, request, id in try await app.myAlbum(id[0], request)
        }
        table.add("GET", "/api/mine/artist") { app, request, _ in try await app.myArtist(request) }
        table.add("PUT", "/api/mine/stars") { app, request, _ in try await app.setMyStar(request) }
        table.add("PUT", "/api/mine/ratings") { app, request, _ in try await app.setMyRating(request) }
        table.add("POST", "/api/mine/plays") { app, request, _ in try await app.countMyPlay(request) }
        table.add("GET", "/api/mine/favourites") { app, request, _ in try await app.myFavourites(request) }
        table.add("GET", "/api/mine/played") { app, request, _ in try await app.myPlayed(request) }
        table.add("GET", "/api/mine/playlists") { app, request, _ in try await app.myPlaylists(request) }
        table.add("POST", "/api/mine/playlists") { app, request, _ in try await app.createMyPlaylist(request)
        }
        table.add("GET", "/api/mine/playlists/{id}") { app, request, id in
            try await app.myPlaylist(id[0], request)
        }
        table.add("PATCH", "/api/mine/playlists/{id}") { app, request, id in
            try await app.changeMyPlaylist(id[0], request)
        }
        table.add("DELETE", "/api/mine/playlists/{id}") { app, request, id in
            try await app.deleteMyPlaylist(id[0], request)
        }
        table.add("GET", "/api/mine/playlists/{id}/m3u8") { app, request, id in
            try await app.downloadMyPlaylist(id[0], request)
        }
        // The tutorial's own calls.
        table.add("POST", "/api/addAlbum") { app, request, _ in
            try await app.add(try app.jsonObject(request))
        }
        table.add("POST", "/api/deleteAlbum") { app, request, _ in try await app.deleteAlbum(request) }
        return table
    }()

    /// Answers a request of the page's: the route the table finds, 405 with `Allow` for a path served
    /// with other methods, 404 for any other path; a path with `..`, `.`, a backslash or a NUL is 400.
    func route(_ request: WebRequest) async -> WebResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(
            String.init)
        if parts.contains("..") || parts.contains(".") || request.path.contains("\\")
            || request.path.contains("\0")
        {
            return .error(400, code: "bad_path", message: "the path \(request.path) is not allowed")
        }
        switch Self.routes.match(method: request.method, parts: parts) {
        case .found(let handler, let captures):
            do {
                return try await handler(self, request, captures)
            } catch let error as LibraryError {
                return failure(error)
            } catch let refusal as WebRefusal {
                return refusal.response
            } catch {
                return .internalError
            }
        case .methodNotAllowed(let allowed):
            var response = WebResponse.error(
                405, code: "method_not_allowed",
                message: "\(request.method) is not allowed on \(request.path)")
            response.headers["Allow"] = allowed.joined(separator: ", ")
            return response
        case .notFound:
            return .error(404, code: "not_found", message: "nothing at \(request.method) \(request.path)")
        }
    }
}

/// An answer a handler gives by throwing (a refusal found deep in a handler: no session, say).
struct WebRefusal: Error {
    let response: WebResponse

    init(_ response: WebResponse) {
        self.response = response
    }
}
