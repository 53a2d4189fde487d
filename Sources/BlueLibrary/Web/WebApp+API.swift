import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryHTTP
import BlueLibraryServices

/// The JSON API (documented in `docs/openapi.yaml`). Each answer comes from what its own request
/// committed (the ``LibraryChange`` the facade returned), so concurrent requests never see one
/// another's screen.
extension WebApp {
    /// `GET /api/albums/{id}`: the album and its tracks, each named by the URL that plays it (never its
    /// path).
    func albumDetails(_ id: String) async throws -> WebResponse {
        let details = try await library.album(.id(try albumID(id)))
        return .json(Self.albumJSON(details.album, index: details.index, tracks: details.tracks))
    }

    /// `PATCH /api/albums/{id}`: the fields the body names.
    func patchAlbum(_ id: String, _ request: WebRequest) async throws -> WebResponse {
        let albumID = try albumID(id)
        var patch = try AlbumCoding.patch(from: try WebJSON.typedYear(jsonObject(request)), of: albumID)
        // The album's local cover as answers name it (`/covers/ID`), sent back unchanged.
        if patch.coverURL == "/covers/\(albumID)" { patch.coverURL = nil }
        if patch.coverURL != nil {
            try refuseLocalCover(patch, current: try await library.album(.id(albumID)).album.coverURL)
        }
        let change = try await library.update(.id(albumID), with: patch)
        guard let after = change.album else { return .internalError }
        return .json(Self.albumJSON(after, index: try await library.album(.id(after.id)).index))
    }

    /// `PATCH /api/tracks/{id}`: the track's `title`, `artist`, `number` (`null` clears it), `disc` or
    /// `genre` (names separated by `;`; empty: its album's, or an array of names), as
    /// `edit track:ID` changes them: one undo step, kept by rescans until the file changes. Answers the
    /// album's details as `GET /api/albums/{id}` does, its tracks in their new order.
    func patchTrack(_ id: String, _ request: WebRequest) async throws -> WebResponse {
        let body = try jsonObject(request)
        guard !body.isEmpty else {
            throw LibraryError(
                .malformedInput, "the body names no field to change (title, artist, number, disc, genre)")
        }
        var patch = TrackPatch()
        for (key, value) in body {
            switch (key, value) {
            case ("title", .string(let text)): patch.title = text
            case ("artist", .string(let text)): patch.artist = text
            case ("number", .null): patch.number = .some(nil)
            case ("number", .number(let text)), ("disc", .number(let text)): try patch.set(key, to: text)
            case ("genre", .string(let text)): try patch.set(key, to: text)
            case ("genre", .array) where value.strings != nil: patch.genres = value.strings
            case ("genre", _):
                throw LibraryError(.malformedInput, "\"genre\" must be a string or an array of strings")
            case ("title", _), ("artist", _):
                throw LibraryError(.malformedInput, "\"\(key)\" must be a string")
            case ("number", _), ("disc", _):
                throw LibraryError(.malformedInput, "\"\(key)\" must be a whole number")
            default:
                throw LibraryError(
                    .malformedInput,
                    "unknown track field \"\(key.prefix(40))\" (fields: \(TrackPatch.fieldNames.joined(separator: ", ")))"
                )
            }
        }
        let track = try await library.storedTrack(id: id)
        try await library.updateTracks([(track.track.id, patch)])
        let details = try await library.album(.id(track.albumID))
        return .json(Self.albumJSON(details.album, index: details.index, tracks: details.tracks))
    }

    /// `DELETE /api/albums/{id}`.
    func deleteAlbum(_ id: String) async throws -> WebResponse {
        deleted(try await library.delete(.id(try albumID(id))))
    }

    /// `POST /api/deleteAlbum`: the tutorial's delete, by index.
    func deleteAlbum(_ request: WebRequest) async throws -> WebResponse {
        let album = try await library.album(.index(try deleteIndex(request))).album
        return deleted(try await library.delete(.id(album.id)))
    }

    /// `POST /api/undo` and `/api/redo`.
    func undoOrRedo(_ request: WebRequest, undo: Bool) async throws -> WebResponse {
        try noParameters(request)
        let change = undo ? try await library.undo() : try await library.redo()
        let state: LibraryState
        if let change { state = change.state } else { state = try await library.state() }
        return .json(.object([("changed", .bool(change != nil)), ("state", WebJSON.state(state))]))
    }

    /// `GET /api/radio`: the internet radio stations music apps keep (the Subsonic API's), for the page to
    /// play.
    func radioStations() async throws -> WebResponse {
        let stations = try await library.listening { try $0.radioStations() }
        return .json(.object([("stations", .array(stations.map(Self.stationJSON)))]))
    }

    /// `PUT /api/state`: selects an album.
    func select(_ request: WebRequest) async throws -> WebResponse {
        let reference = try selection(try jsonObject(request))
        return .json(WebJSON.state(try await library.select(reference).state))
    }

    func add(_ members: [(key: String, value: JSONValue)]) async throws -> WebResponse {
        var body = try WebJSON.typedYear(members)
        let index = try takeIndex(&body)
        let album = try AlbumCoding.album(from: .object(body))
        try refuseLocalCover(album.coverURL)
        do {
            let change = try await library.add(album, at: index)
            guard case .add(_, let position)? = change.effect else { return .internalError }
            return .json(Self.albumJSON(album, index: position), status: 201)
        } catch let error as LibraryError where error.code == .conflict {
            // A retried mirror of the same album (same id, same fields) is not a duplicate.
            guard let existing = try? await library.album(.id(album.id)), existing.album == album else {
                throw error
            }
            return .json(Self.albumJSON(existing.album, index: existing.index))
        }
    }

    /// A radio station as `/api/radio` lists it.
    private static func stationJSON(_ station: StoredRadioStation) -> JSONValue {
        .object([
            ("id", .string(station.id)), ("name", .string(station.name)),
            ("stream_url", .string(station.streamURL)),
            ("homepage_url", station.homepageURL.isEmpty ? .null : .string(station.homepageURL)),
        ])
    }

    private func deleted(_ change: LibraryChange) -> WebResponse {
        guard case .delete(let album, let index)? = change.effect else { return .internalError }
        return .json(
            .object([
                ("deleted", Self.albumJSON(album, index: index)), ("state", WebJSON.state(change.state)),
            ]))
    }

    /// A cover: the real image (cached, fetched or a local file) or generated artwork as SVG, with an
    /// ETag so a page that has it gets 304.
    func cover(_ id: String, _ request: WebRequest) async -> WebResponse {
        do {
            let album = try await library.album(.id(try albumID(id))).album
            let result = await covers?.file(for: album)
            let bytes: [UInt8]
            let type: String
            if let encoded = result?.bytes, let format = ImageCodec.format(of: encoded) {
                bytes = encoded
                type = format == .png ? "image/png" : "image/jpeg"
            } else {
                bytes = Array(GeneratedArtwork(album: album).svg().utf8)
                type = "image/svg+xml"
            }
            var headers = ["Content-Type": type, "Cache-Control": "no-cache"]
            if let digest = try? SHA256.hash(bytes) {
                let tag = "\"" + Hex.string(digest.prefix(12)) + "\""
                headers["ETag"] = tag
                if request.headers["if-none-match"] == tag {
                    return WebResponse(status: 304, headers: headers)
                }
            }
            // Why not, in one word: the reason could tell a client whether a file exists.
            if result?.failure != nil || covers == nil { headers["X-Cover-Failure"] = Self.coverFailure }
            return WebResponse(status: 200, headers: headers, body: .bytes(bytes))
        } catch let error as LibraryError {
            return failure(error)
        } catch {
            return .internalError
        }
    }

    /// The answer for a failure: a client's mistake (4xx) says what was wrong; the server's own failure
    /// (5xx) says nothing about its insides — no file paths, no library names — and goes to the log.
    func failure(_ error: LibraryError) -> WebResponse {
        let response = WebResponse.error(error)
        guard response.status >= 500 else { return response }
        StandardError.line("serve: \(error.message)")
        return .error(
            response.status, code: error.code.rawValue,
            message: "the library could not answer; see the server's log")
    }

    // MARK: Request parsing

    private func albumID(_ text: String) throws -> AlbumID {
        guard let id = AlbumID(text) else { throw LibraryError(.notFound, "no album with id \(text)") }
        return id
    }

    /// The body as a JSON value, strictly: JSON content type, valid JSON.
    private func jsonBody(_ request: WebRequest) throws -> JSONValue {
        guard contentType(request) == "application/json" else {
            throw LibraryError(.malformedInput, "the body must be JSON (Content-Type: application/json)")
        }
        return try JSONParser.parse(request.body, maximumDepth: 8)
    }

    /// The body of an action that takes no parameters: nothing at all, sent as JSON or without a
    /// `Content-Type` (`curl -X POST`), or a JSON object, which is read strictly and ignored. A form's
    /// types stay refused, so a form on another site still cannot post one.
    private func noParameters(_ request: WebRequest) throws {
        let isBlank = request.body.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if isBlank && request.headers["content-type"] == nil { return }
        if isBlank && contentType(request) == "application/json" { return }
        _ = try jsonObject(request)
    }

    /// The request's media type, lowercased, without parameters.
    private func contentType(_ request: WebRequest) -> String? {
        request.headers["content-type"]?.split(separator: ";").first.map { String($0).trimmed.lowercased() }
    }

    /// The body as a JSON object.
    func jsonObject(_ request: WebRequest) throws -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = try jsonBody(request) else {
            throw LibraryError(.malformedInput, "the body must be a JSON object")
        }
        return members
    }

    private func takeIndex(_ body: inout [(key: String, value: JSONValue)]) throws -> Int? {
        guard let position = body.firstIndex(where: { $0.key == "index" }) else { return nil }
        let value = body.remove(at: position).value
        guard case .number(let text) = value, let index = Int(text) else {
            throw LibraryError(.malformedInput, "\"index\" must be a whole number")
        }
        return index
    }

    /// `POST /api/deleteAlbum` takes a bare index (the tutorial posted one) or `{"index": n}`.
    private func deleteIndex(_ request: WebRequest) throws -> Int {
        switch try jsonBody(request) {
        case .number(let text): if let index = Int(text) { return index }
        case .object(let members) where members.count == 1 && members[0].key == "index":
            if case .number(let text) = members[0].value, let index = Int(text) { return index }
        default: break
        }
        throw LibraryError(.malformedInput, "expected an index: a whole number, or {\"index\": n}")
    }

    /// `PUT /api/state`: `{"current_id": "…"}` or `{"current_index": n}` (a library index).
    private func selection(_ body: [(key: String, value: JSONValue)]) throws -> AlbumReference {
        switch (body.count, body.first?.key, body.first?.value) {
        case (1, "current_id", .string(let id)?): return .id(try albumID(id))
        case (1, "current_index", .number(let text)?):
            guard let index = Int(text) else {
                throw LibraryError(.malformedInput, "\"current_index\" must be a whole number")
            }
            return .index(index)
        default:
            throw LibraryError(.malformedInput, "expected {\"current_id\": \"…\"} or {\"current_index\": n}")
        }
    }
}
