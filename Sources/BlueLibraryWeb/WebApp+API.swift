import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryServices
import Foundation

/// The JSON API (documented in `docs/openapi.yaml`).
extension WebApp {
    func api(_ request: WebRequest, _ parts: [String]) -> WebResponse {
        // parts: ["albums"], ["albums", id], ["state"], …
        let resource = parts.first ?? ""
        let id = parts.count == 2 ? parts[1] : nil
        do {
            switch (request.method, resource, id) {
            case ("GET", "albums", nil):
                let query = try Query(parsing: request.query["q"] ?? "")
                var albums: [JSONValue] = []
                try library.forEachAlbum(matching: query) { album, index in
                    albums.append(WebJSON.album(album, index: index))
                }
                return .json(.array(albums))
            case ("GET", "albums", let id?):
                let (album, index) = try library.locate(.id(try albumID(id)))
                return .json(WebJSON.album(album, index: index))
            case ("POST", "albums", nil), ("POST", "addAlbum", nil):
                var body = try jsonObject(request)
                let index = try takeIndex(&body)
                let album = try AlbumCoding.album(from: .object(body))
                do {
                    let position = try library.add(album, at: index)
                    return .json(WebJSON.album(album, index: position), status: 201)
                } catch let error as LibraryError where error.code == .conflict {
                    // A retried mirror of the same album (same id, same fields) is not a duplicate.
                    guard let (existing, position) = try? library.locate(.id(album.id)), existing == album
                    else { throw error }
                    return .json(WebJSON.album(existing, index: position))
                }
            case ("PATCH", "albums", let id?):
                let patch = try Self.patch(from: try jsonObject(request))
                let album = try library.update(.id(try albumID(id)), with: patch)
                return .json(WebJSON.album(album, index: try library.locate(.id(album.id)).index))
            case ("DELETE", "albums", let id?):
                let (album, index) = try library.delete(.id(try albumID(id)))
                return .json(
                    .object([
                        ("deleted", WebJSON.album(album, index: index)),
                        ("state", WebJSON.state(controller.screen)),
                    ]))
            case ("POST", "deleteAlbum", nil):
                let index = try deleteIndex(request)
                let (album, _) = try library.delete(.index(index))
                return .json(
                    .object([
                        ("deleted", WebJSON.album(album, index: index)),
                        ("state", WebJSON.state(controller.screen)),
                    ]))
            case ("POST", "undo", nil), ("POST", "redo", nil):
                let screen = controller.screen
                let possible = resource == "undo" ? screen.isUndoEnabled : screen.isRedoEnabled
                if resource == "undo" { try controller.undo() } else { try controller.redo() }
                return .json(
                    .object([
                        ("changed", .bool(possible)), ("state", WebJSON.state(controller.screen)),
                    ]))
            case ("GET", "state", nil):
                return .json(WebJSON.state(controller.screen))
            case ("PUT", "state", nil):
                let body = try jsonObject(request)
                guard body.count == 1, let (key, value) = body.first else {
                    throw LibraryError(
                        .malformedInput, "expected {\"current_id\": …} or {\"current_index\": …}")
                }
                switch (key, value) {
                case ("current_id", .string(let id)):
                    try controller.select(id: try albumID(id))
                    return .json(WebJSON.state(controller.screen))
                case ("current_index", .number(let text)):
                    guard let index = Int(text) else {
                        throw LibraryError(.malformedInput, "\"current_index\" must be a whole number")
                    }
                    try controller.clickedView(at: index)
                    return .json(WebJSON.state(controller.screen))
                default:
                    throw LibraryError(
                        .malformedInput, "expected {\"current_id\": \"…\"} or {\"current_index\": n}")
                }
            case (_, "albums", _), (_, "state", nil), (_, "undo", nil), (_, "redo", nil),
                (_, "addAlbum", nil),
                (_, "deleteAlbum", nil):
                return .error(
                    405, code: "method_not_allowed",
                    message: "\(request.method) is not allowed on \(request.path)")
            default:
                return .error(404, code: "not_found", message: "nothing at \(request.method) \(request.path)")
            }
        } catch let error as LibraryError {
            return .error(error)
        } catch {
            return .error(500, code: "internal", message: "\(error)")
        }
    }

    /// A cover: the real image (cached, fetched or a local file) or generated artwork as SVG, with an
    /// ETag so a page that has it gets 304.
    func cover(_ id: String, _ request: WebRequest) -> WebResponse {
        do {
            let (album, _) = try library.locate(.id(try albumID(id)))
            let result = waitForAsync { [library] in await library.cover(for: album) }
            let bytes: [UInt8]
            let type: String
            if let encoded = result.encoded, let format = ImageCodec.format(of: encoded) {
                bytes = encoded
                type = format == .png ? "image/png" : "image/jpeg"
            } else {
                bytes = Array(GeneratedArtwork(album: album).svg().utf8)
                type = "image/svg+xml"
            }
            let tag = "\"" + SHA256.hash(bytes).prefix(12).map { String(format: "%02x", $0) }.joined() + "\""
            var headers = ["Content-Type": type, "ETag": tag, "Cache-Control": "no-cache"]
            if let failure = result.failure { headers["X-Cover-Failure"] = String(failure.prefix(200)) }
            if request.headers["if-none-match"] == tag { return WebResponse(status: 304, headers: headers) }
            return WebResponse(status: 200, headers: headers, body: .bytes(bytes))
        } catch let error as LibraryError {
            return .error(error)
        } catch {
            return .error(500, code: "internal", message: "\(error)")
        }
    }

    // MARK: Request parsing

    private func albumID(_ text: String) throws -> AlbumID {
        guard let id = AlbumID(text) else { throw LibraryError(.notFound, "no album with id \(text)") }
        return id
    }

    /// The body as a JSON object, strictly: JSON content type, valid JSON, an object.
    private func jsonObject(_ request: WebRequest) throws -> [(key: String, value: JSONValue)] {
        let type = request.headers["content-type"]?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard type == "application/json" else {
            throw LibraryError(.malformedInput, "the body must be JSON (Content-Type: application/json)")
        }
        guard case .object(let members) = try JSONParser.parse(request.body, maximumDepth: 8) else {
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
        let value = try JSONParser.parse(request.body, maximumDepth: 2)
        switch value {
        case .number(let text): if let index = Int(text) { return index }
        case .object(let members) where members.count == 1 && members[0].key == "index":
            if case .number(let text) = members[0].value, let index = Int(text) { return index }
        default: break
        }
        throw LibraryError(.malformedInput, "expected an index: a whole number, or {\"index\": n}")
    }

    static func patch(from members: [(key: String, value: JSONValue)]) throws -> AlbumPatch {
        var patch = AlbumPatch()
        for (key, value) in members {
            switch (key, value) {
            case ("title", .string(let text)): patch.title = text
            case ("artist", .string(let text)): patch.artist = text
            case ("genre", .string(let text)): patch.genre = text
            case ("cover_url", .string(let text)): patch.coverURL = text
            case ("year", .null): patch.year = .some(nil)
            case ("year", .number(let text)):
                guard let year = Int(text) else {
                    throw LibraryError(.invalidField, "invalid year '\(text)': not a whole number")
                }
                patch.year = .some(try Album.validatedYear(year))
            case ("title", _), ("artist", _), ("genre", _), ("cover_url", _), ("year", _):
                throw LibraryError(.malformedInput, "\"\(key)\" has the wrong type (\(value.typeName))")
            default:
                throw LibraryError(.malformedInput, "unknown or unchangeable key \"\(key)\"")
            }
        }
        guard !patch.isEmpty else { throw LibraryError(.malformedInput, "nothing to change") }
        return patch
    }
}
