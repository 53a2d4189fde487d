import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibrarySubsonic
import Synchronization

/// Signing in to the page, and the signed-in person's play queue.
///
/// A sign-in is a session kept in the library (``UserAccounts/signIn(_:password:client:)``): the cookie
/// holds its secret, the library only the secret's SHA-256, so every `serve` on one database accepts it
/// and no load balancer has to send a browser back to the same server. The cookie is `HttpOnly` (no
/// script reads it), `SameSite=Strict` (no other site's page sends it) and `Secure` when the request came
/// through a proxy that says it was HTTPS. Off loopback every request but the page's files and
/// `/api/session` needs a session (or the token `serve` printed); on loopback signing in is optional, for
/// a person's own queue. Failed sign-ins are counted per address and name as Subsonic logins are.
///
/// The queue the page plays is the user's play queue — the one Subsonic's `savePlayQueue` keeps — so a
/// phone resumes what the page played, and the page offers to resume what a phone played.
extension WebApp {
    /// The session cookie's name.
    package static let sessionCookie = "bluelibrary_session"
    /// What the page's queue is saved as having been changed by.
    package static let pagePlayer = "BlueLibrary web page"

    /// The session's secret the request carries in its cookie, if any.
    static func sessionSecret(_ request: WebRequest) -> String? {
        guard let header = request.headers["cookie"] else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.filter { $0 != " " } }
            if parts.count == 2, parts[0] == sessionCookie { return parts[1] }
        }
        return nil
    }

    /// The user the request's session signs in, if any: read from the library once per request (the
    /// request's ``SessionLookup``), however many links of the chain ask.
    func signedIn(_ request: WebRequest) async -> StoredUser? {
        guard let accounts, let secret = Self.sessionSecret(request) else { return nil }
        if let known = Self.sessionLookup?.found { return known }
        let user = try? await accounts.user(session: secret)
        Self.sessionLookup?.found = user
        return user
    }

    /// The request being answered's lookup of its session (none outside ``respond(to:)``).
    @TaskLocal static var sessionLookup: SessionLookup?
}

/// Who a request's session signs in, once looked up (`found` is `nil` before, `.some(nil)` for nobody).
/// Each request has its own, and its chain asks one question at a time.
final class SessionLookup: Sendable {
    private let state = Mutex<StoredUser??>(nil)

    var found: StoredUser?? {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}

extension WebApp {

    /// Whether a path holds the signed-in person's own things (their session, their queue, their stars,
    /// ratings and plays), which a listener changes too.
    static func isPersonal(_ path: String) -> Bool {
        path == "/api/session" || path == "/api/queue" || path.hasPrefix("/api/mine/")
    }

    /// What a request for a signed-in person's data without a session gets.
    private static let notSignedIn = WebResponse.error(
        401, code: "unauthorized", message: "sign in first: the queue is kept per person")

    /// `GET /api/session`: who is signed in, whether this server lets anyone in without signing in, and
    /// whether there is anyone to sign in as.
    func session(_ request: WebRequest) async throws -> WebResponse {
        let user = await signedIn(request)
        let hasUsers = accounts == nil ? false : try await library.listening { try !$0.users().isEmpty }
        return .json(
            .object([
                ("user", user.map(Self.userJSON) ?? .null),
                ("required", .bool(requireSignIn && (writeToken == nil || request.token != writeToken))),
                ("available", .bool(hasUsers)),
            ]))
    }

    private static func userJSON(_ user: StoredUser) -> JSONValue {
        .object([
            ("name", .string(user.name)), ("admin", .bool(user.isAdmin)),
            ("listener", .bool(user.isListener)),
        ])
    }

    /// `POST /api/session` with `{"name", "password"}`: signs in and sets the cookie; 401 for a wrong name
    /// or password, 429 with `Retry-After` while the address and name have failed too often.
    func signIn(_ request: WebRequest) async throws -> WebResponse {
        guard let accounts else { throw LibraryError(.notFound, "this server has no users to sign in as") }
        let body = try jsonObject(request)
        guard case .string(let name)? = body.first(where: { $0.key == "name" })?.value,
            case .string(let password)? = body.first(where: { $0.key == "password" })?.value
        else {
            throw LibraryError(.malformedInput, "give \"name\" and \"password\" as strings")
        }
        guard name.count <= UserAccounts.maximumNameLength,
            password.utf8.count <= UserAccounts.maximumPasswordLength
        else {
            return Self.wrongSignIn
        }
        let key = LoginThrottle.Key(address: request.clientAddress ?? "", user: StoredUser.nameKey(name))
        let tracked: Bool
        switch signInThrottle.admit(key) {
        case .refused(let retryAfter):
            let seconds = max(1, Int((retryAfter / .seconds(1)).rounded(.up)))
            var refused = WebResponse.error(
                429, code: "too_many_attempts", message: "too many failed sign-ins; try again in \(seconds) s"
            )
            refused.headers["Retry-After"] = String(seconds)
            return refused
        case .check(let isTracked): tracked = isTracked
        }
        let client =
            (request.headers["user-agent"].map { String($0.prefix(120)) } ?? "a browser")
            + (request.clientAddress.map { " from \($0)" } ?? "")
        let signed: (secret: String, user: StoredUser)?
        do {
            signed = try await accounts.signIn(name, password: password, client: client)
        } catch {
            signInThrottle.finish(key, tracked: tracked, succeeded: nil)
            throw error
        }
        signInThrottle.finish(key, tracked: tracked, succeeded: signed != nil)
        guard let signed else { return Self.wrongSignIn }
        var response = WebResponse.json(.object([("user", Self.userJSON(signed.user))]))
        response.headers["Set-Cookie"] = Self.cookie(
            signed.secret, request, maxAge: Int(UserAccounts.sessionLifetime / 1000))
        return response
    }

    private static let wrongSignIn = WebResponse.error(
        401, code: "unauthorized", message: "wrong user name or password")

    /// `DELETE /api/session`: signs out — the session ends on every server — and clears the cookie.
    func signOut(_ request: WebRequest) async throws -> WebResponse {
        if let accounts, let secret = Self.sessionSecret(request) {
            try await accounts.signOut(session: secret)
        }
        var response = WebResponse.json(.object([("user", .null)]))
        response.headers["Set-Cookie"] = Self.cookie("", request, maxAge: 0)
        return response
    }

    /// The `Set-Cookie` value for `secret`: `Secure` when a proxy says the request came over HTTPS.
    private static func cookie(_ secret: String, _ request: WebRequest, maxAge: Int) -> String {
        let secure = request.headers["x-forwarded-proto"]?.lowercased() == "https" ? "; Secure" : ""
        return "\(sessionCookie)=\(secret); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Strict\(secure)"
    }

    /// `GET /api/queue`: the signed-in user's play queue — the tracks still in the library, each as the
    /// page lists tracks, the current one's place, the position in it (seconds), and which player saved
    /// it when. An empty queue when there is none.
    func savedQueue(_ request: WebRequest) async throws -> WebResponse {
        guard let user = await signedIn(request) else { return Self.notSignedIn }
        let found = try await library.listening { reader -> (StoredPlayQueue, [CatalogTrack])? in
            guard let queue = try reader.playQueue(of: user.id) else { return nil }
            return (
                queue, try reader.catalogTracks(TrackSelection(ids: queue.trackIDs), offset: 0, limit: .max)
            )
        }
        guard let (queue, catalog) = found else {
            return .json(.object([("tracks", .array([])), ("current", .null), ("position", .number("0"))]))
        }
        let byID = Dictionary(
            catalog.map { ($0.stored.track.id, $0) }, uniquingKeysWith: { first, _ in first })
        var tracks: [JSONValue] = []
        var current: Int?
        for (place, id) in queue.trackIDs.enumerated() {
            guard let found = byID[id] else { continue }
            if place == queue.current { current = tracks.count }
            tracks.append(Self.pageTrackJSON(found.stored.track, found.album))
        }
        return .json(
            .object([
                ("tracks", .array(tracks)), ("current", current.map { .number(String($0)) } ?? .null),
                ("position", .number(String(current == nil ? 0 : Double(queue.position) / 1000))),
                ("changed", .number(String(queue.changed))), ("changedBy", .string(queue.changedBy)),
            ]))
    }

    /// `PUT /api/queue` with `{"tracks": [ids], "current": place, "position": seconds, "basedOn": changed}`:
    /// keeps the page's queue as the user's play queue (an empty list forgets it). With `basedOn` — the
    /// `changed` of the queue the page last saw or saved — a queue another player saved since is not
    /// overwritten (409): a page reloaded after a phone took over offers the phone's queue instead of
    /// putting its own back.
    func saveQueue(_ request: WebRequest) async throws -> WebResponse {
        guard let user = await signedIn(request) else { return Self.notSignedIn }
        let body = try jsonObject(request)
        var ids: [String] = []
        var current: Int?
        var position = 0.0
        var basedOn: Int64?
        for (key, value) in body {
            switch (key, value) {
            case ("tracks", .array(let items)):
                guard items.count <= UserLimits.playlistLength else {
                    throw LibraryError(
                        .malformedInput, "a play queue holds at most \(UserLimits.playlistLength) tracks")
                }
                ids = try items.map {
                    guard case .string(let id) = $0 else {
                        throw LibraryError(.malformedInput, "\"tracks\" must be a list of track ids")
                    }
                    return id
                }
            case ("current", .null): current = nil
            case ("current", .number(let text)):
                guard let place = Int(text), place >= 0 else {
                    throw LibraryError(.malformedInput, "\"current\" must be a place in the queue")
                }
                current = place
            case ("basedOn", .number(let text)):
                guard let time = Int64(text), time >= 0 else {
                    throw LibraryError(.malformedInput, "\"basedOn\" must be the queue's changed time")
                }
                basedOn = time
            case ("position", .number(let text)):
                guard let seconds = Double(text), seconds >= 0, seconds <= 7 * 24 * 3600 else {
                    throw LibraryError(.malformedInput, "\"position\" must be seconds from 0 to a week")
                }
                position = seconds
            default:
                throw LibraryError(
                    .malformedInput,
                    "unknown queue field \"\(key.prefix(40))\" (fields: tracks, current, position, basedOn)")
            }
        }
        if let current, current >= ids.count {
            throw LibraryError(.malformedInput, "\"current\" \(current) is not a place in the queue")
        }
        let (userID, time) = (user.id, subsonic?.now() ?? WallClock.milliseconds())
        let queue = (ids: ids, current: current, position: Int64(position * 1000), basedOn: basedOn)
        try await library.changeUserData { writer in
            if let basedOn = queue.basedOn, let saved = try writer.playQueue(of: userID),
                saved.changed > basedOn
            {
                throw LibraryError(
                    .conflict,
                    "the queue was saved by \(saved.changedBy.prefix(64)) since; it was left as it is")
            }
            let ids = queue.ids
            guard !ids.isEmpty else { return try writer.deletePlayQueue(of: userID) }
            let present = Set(
                try writer.catalogTracks(TrackSelection(ids: ids), offset: 0, limit: .max).map(
                    \.stored.track.id))
            if let missing = ids.first(where: { !present.contains($0) }) {
                throw LibraryError(.notFound, "no track has id \(missing.prefix(80))")
            }
            try writer.savePlayQueue(
                StoredPlayQueue(
                    user: userID, trackIDs: ids, current: queue.current, position: queue.position,
                    changed: time, changedBy: Self.pagePlayer))
        }
        return .json(.object([("saved", .number(String(ids.count))), ("changed", .number(String(time)))]))
    }
}
