import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryTranscoding

/// The Subsonic API as OpenSubsonic extends it (`/rest/NAME` and `/rest/NAME.view`, GET or form POST):
/// what DSub, Symfonium, Feishin and the other music apps speak, served from the library beside the page.
/// Documented in `docs/subsonic.md`.
///
/// Every call but `getOpenSubsonicExtensions` logs in with its own credentials — a password (clear or
/// `enc:` hex), a token md5(password + salt), or an API key (``UserAccounts``); failed logins from one
/// address slow that address down (``LoginThrottle``). Answers are XML unless `f=json` or `f=jsonp`, and a
/// failure is HTTP 200 with `status="failed"` and the protocol's code (``SubsonicError``). A request's
/// reads are one snapshot of the library; stars, ratings, plays and playlists are the user's own.
package final class SubsonicAPI: Sendable {
    /// The protocol version answered.
    static let version = "1.16.1"
    /// The server's name in every answer.
    static let serverType = "bluelibrary"
    /// The OpenSubsonic extensions served, with their versions.
    static let extensions: [(name: String, versions: [Int])] = [
        ("formPost", [1]), ("apiKeyAuthentication", [1]), ("songLyrics", [1]), ("indexBasedQueue", [1]),
        ("playbackReport", [1]), ("transcodeOffset", [1]), ("transcoding", [1]),
    ]

    let library: LibraryAPI
    let accounts: UserAccounts
    /// The users it lets in (the web page signs the same people in).
    package var userAccounts: UserAccounts { accounts }
    let covers: CoverService?
    /// Where songs' lyrics come from.
    package let lyricsSource: (any LyricsSource)?
    /// The rescan of the music folders `startScan` starts; without it nothing scans.
    let scan: (any LibraryScan)?
    /// The server's own player for `jukeboxControl`; without it there is no jukebox.
    package let jukebox: Jukebox?
    /// What `stream` transcodes with.
    package let transcoder: Transcoder
    /// Signs the `transcodeParams` `getTranscodeDecision` hands out (a key of this run's own: a decision
    /// outlives no restart).
    let transcodeKey: [UInt8] = {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }()
    let throttle: LoginThrottle
    /// The music folders as a tree, kept until the library changes.
    let folderTrees = FolderTreeCache()
    /// Drops ``folderTrees`` whenever the library announces a change.
    private let following: Subscription
    let nowPlaying = NowPlaying()
    let playRate = PlayRate()
    let scaledCovers = ScaledCovers()
    /// The clock for plays, stars and queues, in milliseconds since 1970 (the web page's saves use it too).
    package let now: @Sendable () -> Int64

    /// The API over `library`, whose users `accounts` keeps.
    /// - Parameters:
    ///   - covers: where album covers come from; without it every cover is generated artwork.
    ///   - lyrics: where songs' lyrics come from; without it no song has any.
    ///   - scan: the rescan of the music folders that `startScan` starts; without it nothing scans.
    ///   - jukebox: the server's own player for `jukeboxControl`; without it there is none.
    ///   - transcoder: what `stream` transcodes with (its encoders, its cache).
    ///   - now: the clock for plays and stars, in milliseconds since 1970.
    package convenience init(
        library: LibraryAPI, accounts: UserAccounts, covers: CoverService? = nil,
        lyrics: (any LyricsSource)? = nil, scan: (any LibraryScan)? = nil, jukebox: Jukebox? = nil,
        transcoder: Transcoder = Transcoder(), now: @escaping @Sendable () -> Int64 = WallClock.milliseconds
    ) {
        self.init(
            library: library, accounts: accounts, covers: covers, lyrics: lyrics, scan: scan,
            jukebox: jukebox, transcoder: transcoder, throttle: LoginThrottle(), now: now)
    }

    /// The API with a throttle of its own choosing (tests record its waits).
    init(
        library: LibraryAPI, accounts: UserAccounts, covers: CoverService?, lyrics: (any LyricsSource)? = nil,
        scan: (any LibraryScan)? = nil, jukebox: Jukebox? = nil, transcoder: Transcoder = Transcoder(),
        throttle: LoginThrottle, now: @escaping @Sendable () -> Int64
    ) {
        self.transcoder = transcoder
        following = library.changes.observe { [folderTrees] _ in folderTrees.drop() }
        self.library = library
        self.accounts = accounts
        self.covers = covers
        self.lyricsSource = lyrics
        self.scan = scan
        self.jukebox = jukebox
        self.throttle = throttle
        self.now = now
    }

    /// What an endpoint answers.
    enum Outcome: Sendable {
        /// `status="ok"` and nothing else.
        case ok
        /// `status="ok"` with one named element.
        case element(SubsonicName, SubsonicElement)
        /// `status="ok"` with a named list (an array in JSON).
        case list(SubsonicName, [SubsonicElement])
        /// An answer of its own (a file, an image).
        case response(WebResponse)
    }

    /// One call, logged in.
    struct Call: Sendable {
        /// Its parameters, query and form body.
        var parameters: SubsonicParameters
        /// Who logged in.
        var user: StoredUser
        /// The request (for its headers: ranges).
        var request: WebRequest
    }

    typealias Endpoint = @Sendable (SubsonicAPI, Call) async throws -> Outcome

    /// The endpoints by name.
    static let endpoints: [String: Endpoint] = {
        var table: [String: Endpoint] = [:]
        table.merge(systemEndpoints) { $1 }
        table.merge(browsingEndpoints) { $1 }
        table.merge(listEndpoints) { $1 }
        table.merge(searchEndpoints) { $1 }
        table.merge(mediaEndpoints) { $1 }
        table.merge(annotationEndpoints) { $1 }
        table.merge(playlistEndpoints) { $1 }
        table.merge(lyricsEndpoints) { $1 }
        table.merge(queueEndpoints) { $1 }
        table.merge(discoveryEndpoints) { $1 }
        table.merge(userEndpoints) { $1 }
        table.merge(radioEndpoints) { $1 }
        table.merge(shareEndpoints) { $1 }
        table.merge(jukeboxEndpoints) { $1 }
        table.merge(transcodingEndpoints) { $1 }
        table.merge(emptyEndpoints) { $1 }
        return table
    }()

    /// Answers one request to `/rest/…`.
    package func respond(to request: WebRequest) async -> WebResponse {
        let parameters = SubsonicParameters(request)
        let format = Format(parameters)
        var name = String(request.path.dropFirst("/rest/".count))
        if name.hasSuffix(".view") { name.removeLast(".view".count) }
        guard ["GET", "HEAD", "POST"].contains(request.method) else {
            return .error(
                405, code: "method_not_allowed",
                message: "\(request.method) is not allowed on \(request.path)")
        }
        if name == "getOpenSubsonicExtensions" {
            return Self.render(.success((.openSubsonicExtensions, .many(Self.extensionElements()))), format)
        }
        guard let endpoint = Self.endpoints[name] else {
            // HTTP 200 with the protocol's error, never a 404: apps take any other status for a dead
            // server ("Error Connecting to Server" on a call they make in passing).
            return Self.render(.failure(.notFound("this server has no endpoint \(name.prefix(60))")), format)
        }
        let address = request.clientAddress ?? "in-process"
        let user: StoredUser
        do {
            user = try await authenticate(parameters, address: address)
        } catch let error as SubsonicError {
            return Self.render(.failure(error), format)
        } catch {
            return Self.render(.failure(Self.subsonicError(error)), format)
        }
        do {
            switch try await endpoint(self, Call(parameters: parameters, user: user, request: request)) {
            case .ok: return Self.render(.success(nil), format)
            case .element(let name, let element): return Self.render(.success((name, .one(element))), format)
            case .list(let name, let elements): return Self.render(.success((name, .many(elements))), format)
            case .response(let response): return response
            }
        } catch let error as SubsonicError {
            return Self.render(.failure(error), format)
        } catch {
            return Self.render(.failure(Self.subsonicError(error)), format)
        }
    }

    /// The error an endpoint's failure is answered with: a library's `notFound` is 70; a failure of the
    /// server's own says nothing of its insides and goes to the log.
    static func subsonicError(_ error: any Error) -> SubsonicError {
        if let error = error as? LibraryError {
            switch error.code {
            case .notFound, .noInput: return .notFound(error.message)
            case .usage, .invalidField, .invalidQuery, .malformedInput, .conflict:
                return .generic(error.message)
            default: break
            }
        }
        StandardError.line("serve: /rest: \(error)")
        return .generic("the library could not answer; see the server's log")
    }

    // MARK: Logging in

    /// The user the parameters log in as.
    /// - Throws: 10 for missing credentials, 43 for several kinds at once, 40 or 44 for wrong ones.
    /// Failed logins are counted per address and user name (``LoginThrottle``): a pair that failed too
    /// often is refused at once, unchecked, until its delay has passed — nothing waits, and no other
    /// user's login is slowed.
    func authenticate(_ parameters: SubsonicParameters, address: String) async throws -> StoredUser {
        let credentials = try Self.credentials(parameters)
        let key = LoginThrottle.Key(address: address, user: Self.throttleName(credentials))
        let tracked: Bool
        switch throttle.admit(key) {
        case .refused(let retryAfter):
            let seconds = max(1, Int((retryAfter / .seconds(1)).rounded(.up)))
            throw SubsonicError(
                code: Self.failureCode(credentials),
                message: "Too many failed logins; try again in \(seconds) s")
        case .check(let isTracked): tracked = isTracked
        }
        let user: StoredUser?
        do {
            user = try await accounts.authenticate(credentials)
        } catch {
            throttle.finish(key, tracked: tracked, succeeded: nil)
            throw error
        }
        throttle.finish(key, tracked: tracked, succeeded: user != nil)
        guard let user else {
            if case .apiKey = credentials { throw SubsonicError.invalidAPIKey }
            throw SubsonicError.wrongCredentials
        }
        return user
    }

    /// The name failed logins are counted under: the user name as compared, or one mark for API keys.
    private static func throttleName(_ credentials: UserAccounts.Credentials) -> String {
        switch credentials {
        case .password(let user, _), .token(let user, _, _): StoredUser.nameKey(user)
        case .apiKey: "\u{0}api-key"
        }
    }

    /// The code a refused login answers: 44 for an API key, 40 for a name and password or token.
    private static func failureCode(_ credentials: UserAccounts.Credentials) -> Int {
        if case .apiKey = credentials { return SubsonicError.invalidAPIKey.code }
        return SubsonicError.wrongCredentials.code
    }

    /// The credentials a call presents: an API key alone, or a user with a password or a token and salt.
    static func credentials(_ parameters: SubsonicParameters) throws(SubsonicError)
        -> UserAccounts.Credentials
    {
        let (user, password, token, salt) = (
            parameters["u"], parameters["p"], parameters["t"], parameters["s"]
        )
        if let key = parameters["apiKey"] {
            guard user == nil, password == nil, token == nil, salt == nil else {
                throw .conflictingAuthentication
            }
            return .apiKey(key)
        }
        guard let user else { throw .missing("u") }
        if let password {
            guard token == nil, salt == nil else { throw .conflictingAuthentication }
            return .password(user: user, password: try Self.decodedPassword(password))
        }
        guard let token else { throw .missing("p or t") }
        guard let salt else { throw .missing("s") }
        return .token(user: user, token: token, salt: salt)
    }

    /// A password as sent: clear, or `enc:` and the hex of its UTF-8.
    static func decodedPassword(_ text: String) throws(SubsonicError) -> String {
        guard text.hasPrefix("enc:") else { return text }
        guard let bytes = Hex.bytes(text.dropFirst(4)) else {
            throw .generic("the password after enc: is not hexadecimal")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Rendering

    /// How answers are written.
    struct Format: Sendable {
        enum Kind: Sendable {
            case xml, json
            case jsonp(callback: String)
        }
        var kind: Kind

        init(_ parameters: SubsonicParameters) {
            switch parameters["f"]?.lowercased() {
            case "json": kind = .json
            case "jsonp":
                let callback = parameters["callback"] ?? ""
                // A callback that is not a plain name would put the caller's text into a script.
                let plain =
                    !callback.isEmpty && callback.utf8.count <= 100
                    && callback.unicodeScalars.allSatisfy {
                        ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0)
                            || "_$.".unicodeScalars.contains($0)
                    }
                kind = plain ? .jsonp(callback: callback) : .json
            default: kind = .xml
            }
        }
    }

    /// What a call came to.
    enum Result {
        case success((name: SubsonicName, child: SubsonicElement.Child)?)
        case failure(SubsonicError)
    }

    /// The answer: `subsonic-response` with the status, the protocol's fields and the payload or error.
    static func render(_ result: Result, _ format: Format) -> WebResponse {
        var envelope = SubsonicElement()
        switch result {
        case .success: envelope.set(.status, "ok")
        case .failure: envelope.set(.status, "failed")
        }
        envelope.set(.version, version)
        envelope.set(.type, serverType)
        envelope.set(.serverVersion, BlueLibraryInfo.version)
        envelope.set(.openSubsonic, true)
        switch result {
        case .success(let payload?): envelope.add(payload.name, child: payload.child)
        case .success(nil): break
        case .failure(let error):
            var element = SubsonicElement()
            element.set(.code, error.code)
            element.set(.message, error.message)
            envelope.add(.error, element)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        let type: String
        switch format.kind {
        case .xml:
            bytes.append(contentsOf: #"<?xml version="1.0" encoding="UTF-8"?>"#.utf8)
            envelope.appendXML(
                named: "subsonic-response", extra: #" xmlns="http://subsonic.org/restapi""#, to: &bytes)
            type = "text/xml; charset=utf-8"
        case .json:
            bytes.append(contentsOf: #"{"subsonic-response":"#.utf8)
            envelope.appendJSON(to: &bytes)
            bytes.append(UInt8(ascii: "}"))
            type = "application/json"
        case .jsonp(let callback):
            bytes.append(contentsOf: "\(callback)(".utf8)
            bytes.append(contentsOf: #"{"subsonic-response":"#.utf8)
            envelope.appendJSON(to: &bytes)
            bytes.append(contentsOf: "});".utf8)
            type = "application/javascript"
        }
        return WebResponse(status: 200, headers: ["Content-Type": type], body: .bytes(bytes))
    }

    /// `openSubsonicExtensions`: the extensions served.
    static func extensionElements() -> [SubsonicElement] {
        extensions.map { name, versions in
            var element = SubsonicElement()
            element.set(.name, name)
            element.add(.versions, values: versions.map { .int($0) })
            return element
        }
    }
}
