import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices

/// Shares: `createShare`, `getShares`, `updateShare`, `deleteShare` — songs, albums or playlists a user
/// lets anyone with the link play — and the link's plain page, `/share/ID`, which needs no login: it
/// lists the shared songs, each with a player of its own that streams from `/share/ID/N`. Nothing else of
/// the library can be reached from it; an expired or deleted share, or a number past its songs, is a
/// 404. The link's id is a random UUID: the secret that lets a visitor in.
extension SubsonicAPI {
    static let shareEndpoints: [String: Endpoint] = [
        "createShare": { api, call in try await api.createShare(call) },
        "getShares": { api, call in try await api.shares(call) },
        "updateShare": { api, call in try await api.updateShare(call) },
        "deleteShare": { api, call in try await api.deleteShare(call) },
    ]

    /// The most shares a user keeps.
    static let maximumShares = 1_000

    /// `createShare?id=…&description=&expires=`: each id a song, an album (its songs) or a playlist the
    /// user sees (its songs); `expires` in milliseconds since 1970. Answers the share.
    private func createShare(_ call: Call) async throws -> Outcome {
        let parameters = call.parameters
        let ids = parameters.all("id")
        guard !ids.isEmpty else { throw SubsonicError.missing("id") }
        guard ids.count <= UserLimits.playlistLength else {
            throw SubsonicError.generic("a share holds at most \(UserLimits.playlistLength) songs")
        }
        let description = try Self.checkedText(parameters["description"] ?? "", what: "a share's description")
        let time = now()
        let expires = try Self.expiry(parameters, now: time)
        let user = call.user
        let fresh = AlbumID.random().rawValue
        let host = Self.baseURL(of: call.request)
        let element = try await library.changeUserData { writer -> SubsonicElement in
            var tracks: [String] = []
            for id in ids {
                if let playlist = try writer.playlist(id: id), playlist.owner == user.id || playlist.isPublic
                {
                    tracks += playlist.trackIDs
                } else {
                    switch try Self.item(id, writer) {
                    case .song(let track): tracks.append(track.stored.track.id)
                    case .album(let album):
                        tracks += try writer.catalogTracks(
                            TrackSelection(album: album.album.id), offset: 0, limit: .max
                        )
                        .map(\.stored.track.id)
                    case .artist:
                        throw SubsonicError.generic("an artist cannot be shared; share their albums")
                    }
                }
                // Checked after each id, playlists too: a share never grows past the limit.
                guard tracks.count <= UserLimits.playlistLength else {
                    throw SubsonicError.generic("a share holds at most \(UserLimits.playlistLength) songs")
                }
            }
            guard try writer.shareCount(of: user.id) < Self.maximumShares else {
                throw SubsonicError.generic("a user keeps at most \(Self.maximumShares) shares")
            }
            let share = StoredShare(
                id: fresh, owner: user.id, description: description, created: time, expires: expires,
                trackIDs: tracks)
            try writer.saveShare(share)
            return try Self.shape(share, owner: user.name, base: host, writer, user: user.id)
        }
        var shares = SubsonicElement()
        shares.add(.share, list: [element])
        return .element(.shares, shares)
    }

    /// `getShares`: the user's shares (the administrator's: everyone's), oldest first.
    private func shares(_ call: Call) async throws -> Outcome {
        let user = call.user
        let host = Self.baseURL(of: call.request)
        let elements = try await library.listening { reader -> [SubsonicElement] in
            let names = Dictionary(try reader.users().map { ($0.id, $0.name) }) { first, _ in first }
            return try (user.isAdmin ? reader.shares() : reader.shares(of: user.id)).map {
                try Self.shape($0, owner: names[$0.owner] ?? "", base: host, reader, user: user.id)
            }
        }
        var element = SubsonicElement()
        element.add(.share, list: elements)
        return .element(.shares, element)
    }

    /// `updateShare?id=&description=&expires=` (`expires=0`: never).
    private func updateShare(_ call: Call) async throws -> Outcome {
        let parameters = call.parameters
        let id = try parameters.required("id")
        let description = try parameters["description"].map {
            try Self.checkedText($0, what: "a share's description")
        }
        let time = now()
        let expires = try Self.expiry(parameters, now: time)
        let user = call.user
        try await library.changeUserData { writer in
            var share = try Self.managed(id, by: user, writer)
            if let description { share.description = description }
            if parameters.has("expires") { share.expires = expires }
            try writer.saveShare(share)
        }
        return .ok
    }

    private func deleteShare(_ call: Call) async throws -> Outcome {
        let id = try call.parameters.required("id")
        let user = call.user
        try await library.changeUserData { writer in
            _ = try Self.managed(id, by: user, writer)
            try writer.deleteShare(id: id)
        }
        return .ok
    }

    /// The share `id` names, when `user` made it or is the administrator (70 otherwise: another user's
    /// shares are not revealed).
    private static func managed(_ id: String, by user: StoredUser, _ reader: Reader) throws -> StoredShare {
        guard let share = try reader.share(id: id), user.isAdmin || share.owner == user.id else {
            throw SubsonicError.notFound("no share has id \(id.prefix(80))")
        }
        return share
    }

    /// `expires` in milliseconds since 1970: `nil` when absent or 0 (never); refused when past.
    private static func expiry(_ parameters: SubsonicParameters, now: Int64) throws -> Int64? {
        guard let text = parameters["expires"] else { return nil }
        guard let time = Int64(text.trimmed), time >= 0 else {
            throw SubsonicError.generic("expires=\(text.prefix(40)) is not a time in milliseconds since 1970")
        }
        if time == 0 { return nil }
        guard time > now else { throw SubsonicError.generic("expires=\(time) is in the past") }
        return time
    }

    /// The address the caller reached this server by (`Host`), for a share's link; https when a proxy
    /// says the request came so.
    private static func baseURL(of request: WebRequest) -> String {
        let scheme = request.headers["x-forwarded-proto"]?.lowercased() == "https" ? "https" : "http"
        let host = request.headers["host"].flatMap { host in
            host.unicodeScalars.allSatisfy {
                $0.isASCII && $0.value > 0x20 && !"/\\?#@\"<>".unicodeScalars.contains($0)
            }
                ? host : nil
        }
        return "\(scheme)://\(host ?? "127.0.0.1")"
    }

    /// A share as the protocol's `Share`, with its songs still in the library as `entry`.
    private static func shape(
        _ share: StoredShare, owner: String, base: String, _ reader: Reader, user: String
    ) throws -> SubsonicElement {
        let tracks = try reader.catalogTracks(TrackSelection(ids: share.trackIDs), offset: 0, limit: .max)
        var element = SubsonicElement()
        element.set(.id, share.id)
        element.set(.url, "\(base)/share/\(share.id)")
        element.set(.description, share.description.isEmpty ? nil : share.description)
        element.set(.username, owner)
        element.set(.created, SubsonicShapes.date(milliseconds: share.created))
        element.set(.expires, share.expires.map { SubsonicShapes.date(milliseconds: $0) })
        element.set(.lastVisited, share.lastVisited.map { SubsonicShapes.date(milliseconds: $0) })
        element.set(.visitCount, share.visitCount)
        element.add(.entry, list: try songs(tracks, reader, user: user))
        return element
    }

    // MARK: The public page

    /// Answers `/share/ID` (the page; each visit counted) and `/share/ID/N` (its N-th song's file, with
    /// ranges). 404 for anything else — an unknown or expired share, a number past its songs, another
    /// path — and 405 for another method than GET or HEAD.
    package func sharePage(_ request: WebRequest) async -> WebResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .error(405, code: "method_not_allowed", message: "a share is only read")
        }
        let parts = request.path.dropFirst("/share/".count).split(
            separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty else { return Self.noShare }
        let id = String(parts[0])
        let time = now()
        do {
            if parts.count == 2 {
                guard let number = Int(parts[1]), number >= 0 else { return Self.noShare }
                let track = try await library.listening { reader -> CatalogTrack? in
                    guard let share = try Self.live(id, reader, at: time), number < share.trackIDs.count
                    else {
                        return nil
                    }
                    return try Self.track(id: share.trackIDs[number], reader)
                }
                guard let track else { return Self.noShare }
                return await AudioFile.response(of: track.stored.track, request) { _ in Self.noShare }
            }
            // Read first, and written only for a share that is there (one row's counter): a visitor guessing
            // links never takes the library's write lock.
            let page = try await library.listening { reader -> (StoredShare, [CatalogTrack])? in
                guard let share = try Self.live(id, reader, at: time) else { return nil }
                let tracks = try reader.catalogTracks(
                    TrackSelection(ids: share.trackIDs), offset: 0, limit: .max)
                return (share, tracks)
            }
            guard let (share, tracks) = page else { return Self.noShare }
            if request.method == "GET" {
                try await library.changeUserData { try $0.recordShareVisit(id: share.id, at: time) }
            }
            return WebResponse(
                status: 200, headers: ["Content-Type": "text/html; charset=utf-8"],
                body: .bytes(Self.html(share, tracks: tracks)))
        } catch {
            StandardError.line("serve: /share: \(error)")
            return .internalError
        }
    }

    private static let noShare = WebResponse.error(404, code: "not_found", message: "no such share")

    /// The share `id` names, unless it has expired at `time`.
    private static func live(_ id: String, _ reader: Reader, at time: Int64) throws -> StoredShare? {
        guard let share = try reader.share(id: id) else { return nil }
        if let expires = share.expires, expires <= time { return nil }
        return share
    }

    /// The page: the description and each song with a player — never who shared it (a user name is half
    /// a login). Every text is escaped.
    static func html(_ share: StoredShare, tracks: [CatalogTrack]) -> [UInt8] {
        var page: [UInt8] = []
        func text(_ value: String) { SubsonicElement.appendEscaped(value, to: &page) }
        func raw(_ value: String) { page.append(contentsOf: value.utf8) }
        let title = share.description.isEmpty ? "Shared music" : share.description
        raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>")
        text(title)
        raw("</title></head><body><main><h1>")
        text(title)
        raw("</h1><p>Shared from BlueLibrary.</p><ol>")
        // Numbers are places in the share, so a song no longer in the library keeps the others' links.
        let present = Dictionary(tracks.map { ($0.stored.track.id, $0) }) { first, _ in first }
        for (number, id) in share.trackIDs.enumerated() {
            guard let track = present[id] else { continue }
            raw("<li><p>")
            text(track.stored.track.title)
            raw(" — ")
            text(track.stored.track.artist)
            raw(" (")
            text(track.album.title)
            raw(")</p><audio controls preload=\"none\" src=\"/share/\(share.id)/\(number)\"></audio></li>")
        }
        raw("</ol></main></body></html>\n")
        return page
    }
}
