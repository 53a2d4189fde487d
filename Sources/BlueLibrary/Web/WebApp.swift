import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibrarySubsonic
import BlueLibraryTranscoding
import Synchronization

/// The web face: answers every HTTP request of `bluelibrary serve` — the page, its assets, the JSON
/// API, the covers and the event stream — in-process and without I/O of its own, so handlers are
/// tested without a socket. Every action goes straight to the facade (``LibraryAPI``), never through a
/// screen's controller: the terminal's `LibraryController` lives on the main actor, and a server whose
/// writes waited for a UI thread would answer only as fast as that thread is free. Every answer is
/// built from the change its own action committed, never from shared screen state.
///
/// Requests pass a chain of responsibility: the security headers, the host check (DNS rebinding), the
/// body-size check, the write guard (same origin and, off loopback, the token or a signed-in session —
/// `WebApp+Session.swift`), then the routes.
package final class WebApp: Sendable {
    /// The facade every request goes to.
    package let library: LibraryAPI
    /// The covers, when the face has them (otherwise covers are generated artwork).
    package let covers: CoverService?
    /// The event streams of open pages.
    package let events: EventHub
    /// The token writes need when the server is reachable from other machines; `nil` on loopback.
    package let writeToken: String?
    /// Whether every request but the page's files and signing in needs a session (or the token), on
    /// loopback too: off loopback it always does (`serve --sign-in`, for a proxy on the same machine).
    package let requireSignIn: Bool
    /// The Subsonic API at `/rest/`, when the face serves it.
    package let subsonic: SubsonicAPI?
    /// Where tracks' lyrics come from (none: every track has none).
    package let lyrics: (any LyricsSource)?
    /// What `/api/tracks/{id}/audio?format=&maxBitRate=` transcodes with (none: files as they are).
    package let transcoder: Transcoder?
    /// The people who sign in to the page (none: nobody signs in); by default the Subsonic API's.
    package let accounts: UserAccounts?
    /// Slows failed sign-ins per address and name, as the Subsonic API's logins are.
    let signInThrottle: LoginThrottle
    /// Which `Host` values name this server.
    private let hosts = Mutex(HostPolicy.anyLoopbackPort)

    /// One link of the request chain: handles the request or passes it to `next`.
    typealias Link =
        @Sendable (WebRequest, _ next: @Sendable (WebRequest) async -> WebResponse) async ->
        WebResponse

    /// Creates the web face of a library.
    /// - Parameters:
    ///   - maximumStreams: event streams open at once (a share of the server's connections).
    ///   - maximumStreamsPerAddress: event streams open at once from one client address.
    ///   - subsonic: the Subsonic API to serve at `/rest/` (none: 404 there).
    ///   - lyrics: where `/api/tracks/{id}/lyrics` finds lyrics; by default the Subsonic API's source.
    ///   - transcoder: what the page's audio is transcoded with; by default the Subsonic API's.
    ///   - accounts: the people who sign in to the page; by default the Subsonic API's users.
    ///   - signInThrottle: what slows failed sign-ins (tests pass one with a clock of their own).
    /// - Throws: when the library cannot be read (a damaged or foreign file is reported here).
    package init(
        library: LibraryAPI, covers: CoverService? = nil, writeToken: String? = nil,
        requireSignIn: Bool = false,
        maximumStreams: Int = 64,
        maximumStreamsPerAddress: Int = 16, subsonic: SubsonicAPI? = nil, lyrics: (any LyricsSource)? = nil,
        transcoder: Transcoder? = nil, accounts: UserAccounts? = nil,
        signInThrottle: LoginThrottle = LoginThrottle()
    ) async throws {
        _ = try await library.state()
        self.library = library
        self.covers = covers
        self.writeToken = writeToken
        self.requireSignIn = requireSignIn || writeToken != nil
        self.subsonic = subsonic
        self.lyrics = lyrics ?? subsonic?.lyricsSource
        self.transcoder = transcoder ?? subsonic?.transcoder
        self.accounts = accounts ?? subsonic?.userAccounts
        self.signInThrottle = signInThrottle
        events = EventHub(
            library: library, maximumClients: maximumStreams,
            maximumClientsPerAddress: maximumStreamsPerAddress)
    }

    /// Tells the app the address it is served on: from then on only `Host` values naming it are
    /// answered (on loopback: `127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`).
    package func listening(on host: String, port: Int) {
        hosts.withLock { $0 = HostPolicy(host: host, port: port) }
    }

    /// Answers one request.
    package func respond(to request: WebRequest) async -> WebResponse {
        if request.path.hasPrefix("/rest/") { return await subsonicChain(request) }
        if request.path.hasPrefix("/share/") { return await shareChain(request) }
        let links: [Link] = [Self.securityHeaders, hostGuard, Self.bodyLimit, writeGuard]
        let route: @Sendable (WebRequest) async -> WebResponse = { [self] in await self.route($0) }
        let chain = links.reversed().reduce(route) { next, link in { request in await link(request, next) } }
        // The host check, the write guard and the route may each ask who is signed in: looked up once.
        return await Self.$sessionLookup.withValue(SessionLookup()) { await chain(request) }
    }

    /// The Subsonic API's requests: each logs in with its own credentials, so neither the host check
    /// nor the write guard applies (phones name the server by its address, and post their calls).
    private func subsonicChain(_ request: WebRequest) async -> WebResponse {
        let route: @Sendable (WebRequest) async -> WebResponse = { [subsonic] request in
            guard let subsonic else {
                return .error(404, code: "not_found", message: "this server does not serve the Subsonic API")
            }
            return await subsonic.respond(to: request)
        }
        return await Self.securityHeaders(request) { request in await Self.bodyLimit(request, route) }
    }

    /// A share's public page and its songs (``SubsonicAPI/sharePage(_:)``): anyone with the link, no token
    /// and no host check — the link is the secret, and it reaches nothing but the shared songs.
    private func shareChain(_ request: WebRequest) async -> WebResponse {
        let route: @Sendable (WebRequest) async -> WebResponse = { [subsonic] request in
            guard let subsonic else { return .error(404, code: "not_found", message: "no such share") }
            return await subsonic.sharePage(request)
        }
        return await Self.securityHeaders(request) { request in await Self.bodyLimit(request, route) }
    }

    // MARK: The chain

    /// Adds the headers every response carries: no script or style from elsewhere, no framing, no sniffing.
    static let securityHeaders: Link = { request, next in
        var response = await next(request)
        response.headers["Content-Security-Policy"] =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self' http: https:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = response.headers["Cache-Control"] ?? "no-store"
        return response
    }

    /// Refuses requests whose `Host` does not name this server (a page on another site that rebinds its
    /// DNS name to 127.0.0.1 sends its own name): 421. Off loopback a `Host` proves nothing — any client
    /// can send the bound address, and a server bound to `0.0.0.0` has no name of its own — so a request
    /// with the token passes whatever its `Host`. Where signing in is required (off loopback, or
    /// `--sign-in`), every other request needs a session (401 without), but for the page's own files,
    /// which hold no library data, and signing in itself.
    var hostGuard: Link {
        { [self] request, next in
            let policy = hosts.withLock { $0 }
            if let writeToken, request.token == writeToken { return await next(request) }
            guard policy.accepts(request.headers["host"]) else { return Self.misdirected(request) }
            if await needsSignIn(request) {
                return .error(
                    401, code: "unauthorized",
                    message: "sign in first (or give this server's token: X-BlueLibrary-Token or ?token=)")
            }
            return await next(request)
        }
    }

    /// Whether the request must be signed in and is not: signing in is required here, the request is
    /// neither for the page's files nor for signing in, and carries neither the token nor a session.
    private func needsSignIn(_ request: WebRequest) async -> Bool {
        guard requireSignIn, writeToken == nil || request.token != writeToken else { return false }
        if Self.isPageFile(request) || request.path == "/api/session" { return false }
        return await signedIn(request) == nil
    }

    private static func misdirected(_ request: WebRequest) -> WebResponse {
        let host = request.headers["host"].map { "'\($0.prefix(100))'" } ?? "no Host header"
        return .error(421, code: "misdirected", message: "this server does not answer for \(host)")
    }

    /// Whether the request is for one of the page's own files (`/`, `/app.js`, `/app.css`).
    private static func isPageFile(_ request: WebRequest) -> Bool {
        guard request.method == "GET" || request.method == "HEAD" else { return false }
        let name = request.path.dropFirst()
        return request.path == "/" || (request.path.hasPrefix("/") && PageAssets.files[String(name)] != nil)
    }

    /// Refuses bodies over the server's limit with 413.
    static let bodyLimit: Link = { request, next in
        guard request.bodyTooLarge else { return await next(request) }
        return .error(413, code: "too_large", message: "the request body is larger than the server accepts")
    }

    /// Refuses state-changing requests from other origins, off loopback those with neither the token nor
    /// a session (signing in itself needs neither), and a listener's changes to anything but their own.
    var writeGuard: Link {
        { [self] request, next in
            guard ["POST", "PUT", "PATCH", "DELETE"].contains(request.method) else {
                return await next(request)
            }
            if let origin = request.headers["origin"], let host = request.headers["host"],
                origin != "http://\(host)" && origin != "https://\(host)"
            {
                return .error(
                    403, code: "forbidden", message: "requests from \(origin) may not change this library")
            }
            if request.headers["sec-fetch-site"] == "cross-site" {
                return .error(
                    403, code: "forbidden", message: "cross-site requests may not change this library")
            }
            if await needsSignIn(request) {
                return .error(
                    401, code: "unauthorized",
                    message: "sign in first (or give this server's token, X-BlueLibrary-Token) to change it")
            }
            if !Self.isPersonal(request.path), let user = await signedIn(request), user.isListener {
                return .error(
                    403, code: "forbidden",
                    message: "\(user.name) only listens: they may not change the library")
            }
            return await next(request)
        }
    }

    /// An event stream; HEAD gets its headers without opening one. A stream refused for being one too
    /// many gets 503 and its connection closed, so refused clients hold no connection.
    func eventStream(_ request: WebRequest) async -> WebResponse {
        let headers = ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"]
        if request.method == "HEAD" { return WebResponse(status: 200, headers: headers) }
        let user = await signedIn(request)?.id
        guard
            let client = events.connect(
                from: request.clientAddress, user: user, hasGone: request.clientHasGone)
        else {
            var refused = WebResponse.error(
                503, code: "busy", message: "too many pages are listening; try again later")
            refused.headers["Connection"] = "close"
            refused.headers["Retry-After"] = "5"
            return refused
        }
        return WebResponse(status: 200, headers: headers, body: .events(client))
    }
}

/// Which `Host` header values name the server.
struct HostPolicy: Sendable {
    /// The names accepted, lowercased, with the port.
    private var names: Set<String>
    /// Before the port is known: loopback names on any port.
    private var anyPort: Bool

    /// The default before ``WebApp/listening(on:port:)``: loopback names, any port.
    static let anyLoopbackPort = HostPolicy(names: [], anyPort: true)

    private init(names: Set<String>, anyPort: Bool) {
        self.names = names
        self.anyPort = anyPort
    }

    /// The names of a server bound to `host:port`: the loopback names when it is on loopback, else
    /// the address itself.
    init(host: String, port: Int) {
        let loopback = host.hasPrefix("127.") || host == "localhost" || host == "::1"
        let bases = loopback ? ["127.0.0.1", "localhost", "[::1]", host] : [host]
        names = Set(bases.map { "\($0.lowercased()):\(port)" })
        // A name without a port (HTTP/1.1 allows it for the default port; tools send it) is fine on
        // loopback: a page that rebinds its DNS name still sends its own name.
        if port == 80 || loopback { names.formUnion(bases.map { $0.lowercased() }) }
        anyPort = false
    }

    func accepts(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        if anyPort {
            let name =
                host.hasPrefix("[")
                ? String(host.prefix { $0 != "]" }) + "]" : String(host.prefix { $0 != ":" })
            return ["127.0.0.1", "localhost", "[::1]"].contains(name)
        }
        return names.contains(host)
    }
}

extension WebRequest {
    /// The token the request carries: the `X-BlueLibrary-Token` header, or `?token=` (the page's URL).
    var token: String? { headers["x-bluelibrary-token"] ?? query["token"] }
}
