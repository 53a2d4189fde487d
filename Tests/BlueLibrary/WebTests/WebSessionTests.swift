import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryWeb
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// Signing in to the page: off loopback a session (or the printed token) is needed for everything but
/// the page's files and the sign-in itself; sessions live in the library, so another server on it
/// accepts them and signing out or revoking ends them everywhere; failed sign-ins are slowed per address
/// and name. And the signed-in person's queue is their Subsonic play queue, both ways, and their stars,
/// ratings and plays on the page are the ones their music apps see.
@Suite(.timeLimit(.minutes(5)))
struct WebSessionTests {
    let harness: SubsonicHarness
    /// The sign-in throttle's clock, which the tests move.
    let throttleClock = Shared<ContinuousClock.Instant>(ContinuousClock.now)
    /// The page's server, off loopback (bound to 192.168.1.5:8080, printed with its token).
    let app: WebApp
    static let host = "192.168.1.5:8080"

    init() async throws {
        harness = try await SubsonicHarness()
        app = try await Self.server(harness, throttleClock: throttleClock)
    }

    /// Another `serve` off loopback on the harness's library.
    static func server(
        _ harness: SubsonicHarness,
        throttleClock: Shared<ContinuousClock.Instant> = Shared(ContinuousClock.now)
    ) async throws -> WebApp {
        let app = try await WebApp(
            library: harness.library, writeToken: "t0ken", subsonic: harness.api,
            signInThrottle: LoginThrottle(now: { throttleClock.value }))
        app.listening(on: "192.168.1.5", port: 8080)
        return app
    }

    /// A request from 192.168.1.20, with the session's cookie when given.
    func send(
        _ method: String, _ path: String, _ body: String? = nil, cookie: String? = nil,
        to server: WebApp? = nil,
        address: String = "192.168.1.20", headers extra: [String: String] = [:]
    ) async -> WebResponse {
        var headers = ["host": Self.host, "user-agent": "TestBrowser/1.0"].merging(extra) { $1 }
        if body != nil { headers["content-type"] = "application/json" }
        if let cookie { headers["cookie"] = "theme=dark; \(WebApp.sessionCookie)=\(cookie)" }
        // `path?name=value&…`: the query apart, as the server hands it on.
        let parts = path.split(separator: "?", maxSplits: 1)
        let query = (parts.count == 2 ? parts[1].split(separator: "&") : []).map {
            $0.split(separator: "=", maxSplits: 1).map(String.init)
        }
        return await (server ?? app).respond(
            to: WebRequest(
                method: method, path: String(parts[0]),
                query: Dictionary(query.map { ($0[0], $0.count == 2 ? $0[1] : "") }) { $1 }, headers: headers,
                body: Array((body ?? "").utf8), clientAddress: address))
    }

    func json(_ response: WebResponse) throws -> JSONValue { try JSONParser.parse(response.bytes) }

    /// A time (milliseconds since 1970) an answer gives.
    static func time(_ value: JSONValue?) -> Int64? {
        guard case .number(let text)? = value else { return nil }
        return Int64(text)
    }

    /// Signs in as `name` and gives the cookie's value.
    func signIn(_ name: String, _ password: String, address: String = "192.168.1.20") async throws -> String {
        let response = await send(
            "POST", "/api/session", #"{"name": "\#(name)", "password": "\#(password)"}"#, address: address)
        #expect(response.status == 200, "\(String(decoding: response.bytes, as: UTF8.self))")
        let cookie = try #require(response.headers["Set-Cookie"])
        let value = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1)[1]
        return String(value)
    }

    @Test func offLoopbackThePageSignsInAndEverySessionIsKeptInTheLibrary() async throws {
        // Nobody signed in: the page's files come, the library does not.
        #expect(await send("GET", "/").status == 200)
        #expect(await send("GET", "/api/albums").status == 401)
        #expect(await send("POST", "/api/albums", #"{"title": "X", "artist": "Y"}"#).status == 401)
        let asked = try json(await send("GET", "/api/session"))
        #expect(
            asked["user"] == .null && asked["required"] == .bool(true) && asked["available"] == .bool(true))
        // A wrong password, an unknown name: the same answer.
        for body in [#"{"name": "joe", "password": "guess"}"#, #"{"name": "zed", "password": "guess"}"#] {
            let wrong = await send("POST", "/api/session", body)
            #expect(wrong.status == 401 && wrong.headers["Set-Cookie"] == nil)
        }
        #expect(await send("POST", "/api/session", #"{"name": "joe"}"#).status == 400)
        // The right one: a cookie no script reads and no other site sends.
        let response = await send(
            "POST", "/api/session", #"{"name": "JOE", "password": "\#(SubsonicHarness.password)"}"#)
        #expect(response.status == 200)
        let cookie = try #require(response.headers["Set-Cookie"])
        #expect(cookie.hasPrefix(WebApp.sessionCookie + "="))
        #expect(
            cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Strict")
                && cookie.contains("; Path=/"))
        #expect(!cookie.contains("Secure"))
        #expect(cookie.contains("; Max-Age=34560000;"), "400 days, as long as the library keeps the session")
        let secret = String(cookie.split(separator: ";")[0].dropFirst(WebApp.sessionCookie.count + 1))
        #expect(try json(response)["user"]?["name"] == .string("joe"))
        // Signed in: reads and writes.
        #expect(await send("GET", "/api/albums", cookie: secret).status == 200)
        #expect(
            await send("POST", "/api/albums", #"{"title": "X", "artist": "Y"}"#, cookie: secret).status == 201
        )
        #expect(
            try json(await send("GET", "/api/session", cookie: secret))["user"]?["name"] == .string("joe"))
        // Another server on the same library accepts the session: no sticky sessions.
        let other = try await Self.server(harness)
        #expect(await send("GET", "/api/albums", cookie: secret, to: other).status == 200)
        // The library keeps only the cookie's digest, with the browser and address it came from.
        let sessions = try await harness.accounts.sessions(of: "joe")
        #expect(sessions.count == 1)
        #expect(sessions[0].digest == (try SHA256.hex(secret)) && sessions[0].digest != secret)
        #expect(sessions[0].client == "TestBrowser/1.0 from 192.168.1.20")
        // Signing out on one server ends it on both, and clears the cookie.
        let out = await send("DELETE", "/api/session", cookie: secret, to: other)
        #expect(out.status == 200)
        #expect(out.headers["Set-Cookie"]?.contains("Max-Age=0") == true)
        #expect(await send("GET", "/api/albums", cookie: secret).status == 401)
        #expect(await send("GET", "/api/albums", cookie: secret, to: other).status == 401)
        #expect(try await harness.accounts.sessions(of: "joe").isEmpty)
        // A made-up cookie lets nobody in.
        #expect(await send("GET", "/api/albums", cookie: String(repeating: "ab", count: 32)).status == 401)
    }

    @Test func aSessionEndsWhenItsCookieWould() async throws {
        let secret = try await signIn("joe", SubsonicHarness.password)
        harness.advance(milliseconds: UserAccounts.sessionLifetime - 1000)
        #expect(await send("GET", "/api/albums", cookie: secret).status == 200)
        harness.advance(milliseconds: 1000)
        #expect(await send("GET", "/api/albums", cookie: secret).status == 401)
    }

    @Test func behindAnHTTPSProxyTheCookieIsSecure() async throws {
        let response = await send(
            "POST", "/api/session", #"{"name": "ann", "password": "\#(SubsonicHarness.otherPassword)"}"#,
            headers: ["x-forwarded-proto": "https"])
        #expect(response.headers["Set-Cookie"]?.hasSuffix("; Secure") == true)
    }

    @Test func revokingAUsersSessionsSignsThemOutEverywhere() async throws {
        let first = try await signIn("joe", SubsonicHarness.password)
        let second = try await signIn("joe", SubsonicHarness.password, address: "192.168.1.21")
        let anns = try await signIn("ann", SubsonicHarness.otherPassword)
        let sessions = try await harness.accounts.sessions(of: "joe")
        #expect(sessions.count == 2)
        // One by its id.
        let one = try #require(sessions.first { $0.digest == (try? SHA256.hex(first)) })
        #expect(try await harness.accounts.revokeSessions(of: "joe", id: one.id).count == 1)
        #expect(await send("GET", "/api/albums", cookie: first).status == 401)
        #expect(await send("GET", "/api/albums", cookie: second).status == 200)
        await #expect(throws: LibraryError.self) {
            try await harness.accounts.revokeSessions(of: "joe", id: "nope")
        }
        // Then all of joe's; ann's stays.
        #expect(try await harness.accounts.revokeSessions(of: "joe", id: nil).count == 1)
        #expect(await send("GET", "/api/albums", cookie: second).status == 401)
        #expect(await send("GET", "/api/albums", cookie: anns).status == 200)
        // Removing a user ends their sessions.
        try await harness.accounts.remove("ann")
        #expect(await send("GET", "/api/albums", cookie: anns).status == 401)
    }

    @Test func failedSignInsAreSlowedPerAddressAndName() async throws {
        let wrong = #"{"name": "joe", "password": "guess"}"#
        let right = #"{"name": "joe", "password": "\#(SubsonicHarness.password)"}"#
        for _ in 0..<4 { #expect(await send("POST", "/api/session", wrong).status == 401) }
        // Refused unchecked, the right password too, with when to try again.
        let refused = await send("POST", "/api/session", right)
        #expect(refused.status == 429)
        #expect(refused.headers["Retry-After"] == "1")
        // Nobody else waits: joe from another address, ann from this one.
        #expect(await send("POST", "/api/session", right, address: "192.168.1.30").status == 200)
        let ann = #"{"name": "ann", "password": "\#(SubsonicHarness.otherPassword)"}"#
        #expect(await send("POST", "/api/session", ann).status == 200)
        // Once the wait is over, the right password signs in.
        throttleClock.withLock { $0 += .seconds(1) }
        #expect(await send("POST", "/api/session", right).status == 200)
    }

    @Test func onLoopbackThePageWorksWithoutSigningInAndSigningInIsOffered() async throws {
        let app = try await WebApp(library: harness.library, subsonic: harness.api)
        let request = { (method: String, path: String) in
            WebRequest(method: method, path: path, headers: ["host": "127.0.0.1:8080"])
        }
        #expect(await app.respond(to: request("GET", "/api/albums")).status == 200)
        let session = try json(await app.respond(to: request("GET", "/api/session")))
        #expect(
            session["user"] == .null && session["required"] == .bool(false)
                && session["available"] == .bool(true))
        // The queue is a person's: without a sign-in there is none to read.
        #expect(await app.respond(to: request("GET", "/api/queue")).status == 401)
    }

    @Test func aListenerBrowsesPlaysAndKeepsTheirQueueButChangesNoAlbum() async throws {
        try await harness.accounts.add("lee", password: "lee's", listener: true)
        let lee = try await signIn("lee", "lee's")
        let session = try json(await send("GET", "/api/session", cookie: lee))
        #expect(session["user"]?["listener"] == .bool(true))
        #expect(await send("GET", "/api/albums", cookie: lee).status == 200)
        let album = try #require(harness.albums["Sines"]).album.id.rawValue
        let track = harness.track("Low Tone").id
        for (method, path, body) in [
            ("POST", "/api/albums", #"{"title": "X", "artist": "Y"}"#),
            ("PATCH", "/api/albums/\(album)", #"{"genre": "Noise"}"#),
            ("DELETE", "/api/albums/\(album)", nil),
            ("PATCH", "/api/tracks/\(track)", #"{"title": "Hum"}"#),
            ("POST", "/api/undo", nil),
            ("POST", "/api/remove", #"{"query": "sines"}"#),
            ("PUT", "/api/state", #"{"current_index": 0}"#),
        ] {
            let refused = await send(method, path, body, cookie: lee)
            #expect(refused.status == 403, "\(method) \(path)")
            #expect(
                try json(refused)["error"]?["message"]
                    == .string("lee only listens: they may not change the library"))
        }
        #expect(try await harness.library.album(.id(AlbumID(album)!)).album.genre == "Electronic")
        // Their own queue is theirs to keep.
        #expect(await send("PUT", "/api/queue", #"{"tracks": ["\#(track)"]}"#, cookie: lee).status == 200)
        // A user who is not a listener changes the library; made a listener, no longer.
        let ann = try await signIn("ann", SubsonicHarness.otherPassword)
        #expect(
            await send("POST", "/api/albums", #"{"title": "X", "artist": "Y"}"#, cookie: ann).status == 201)
        try await harness.accounts.setListener("ann", true)
        #expect(
            await send("POST", "/api/albums", #"{"title": "Z", "artist": "Y"}"#, cookie: ann).status == 403)
        // The administrator never only listens.
        await #expect(throws: LibraryError.self) { try await harness.accounts.setListener("joe", true) }
    }

    @Test func withSignInRequiredLoopbackAsksForASessionToo() async throws {
        // `serve --sign-in`, for an HTTPS proxy on the same machine: every request comes from loopback.
        let app = try await WebApp(library: harness.library, requireSignIn: true, subsonic: harness.api)
        app.listening(on: "127.0.0.1", port: 8080)
        func send(_ method: String, _ path: String, _ body: String = "", cookie: String? = nil) async
            -> WebResponse
        {
            var headers = ["host": "127.0.0.1:8080", "content-type": "application/json"]
            if let cookie { headers["cookie"] = "\(WebApp.sessionCookie)=\(cookie)" }
            return await app.respond(
                to: WebRequest(method: method, path: path, headers: headers, body: Array(body.utf8)))
        }
        #expect(await send("GET", "/").status == 200)
        #expect(await send("GET", "/api/albums").status == 401)
        #expect(await send("POST", "/api/undo").status == 401)
        #expect(try json(await send("GET", "/api/session"))["required"] == .bool(true))
        let signed = await send(
            "POST", "/api/session", #"{"name": "ann", "password": "\#(SubsonicHarness.otherPassword)"}"#)
        let cookie = try #require(signed.headers["Set-Cookie"])
        let secret = String(cookie.split(separator: ";")[0].dropFirst(WebApp.sessionCookie.count + 1))
        #expect(await send("GET", "/api/albums", cookie: secret).status == 200)
        #expect(
            try json(await send("GET", "/api/session", cookie: secret))["user"]?["name"] == .string("ann"))
    }

    @Test func thePagesQueueIsTheSignedInUsersPlayQueueBothWays() async throws {
        let (low, high, human) = (
            harness.track("Low Tone"), harness.track("High Tone"), harness.track("Human Behaviour")
        )
        let joe = try await signIn("joe", SubsonicHarness.password)
        let ann = try await signIn("ann", SubsonicHarness.otherPassword)
        // Nothing saved yet.
        let none = try json(await send("GET", "/api/queue", cookie: joe))
        #expect(none["tracks"] == .array([]) && none["current"] == .null)
        // The page saves its queue: a phone (the Subsonic API) gets it.
        let saved = await send(
            "PUT", "/api/queue",
            #"{"tracks": ["\#(low.id)", "\#(human.id)"], "current": 1, "position": 61.5}"#,
            cookie: joe)
        #expect(saved.status == 200)
        let phone = try await harness.ok("getPlayQueue", "playQueue")
        #expect((phone["entry"]?.list ?? []).map { $0["title"]?.text } == ["Low Tone", "Human Behaviour"])
        #expect(phone["current"] == .string(human.id))
        #expect(phone["position"] == .number("61500"))
        #expect(phone["changedBy"] == .string(WebApp.pagePlayer))
        // Each person's own: ann has none.
        #expect(try json(await send("GET", "/api/queue", cookie: ann))["tracks"] == .array([]))
        // A phone saves one: the page offers it, each track as the page lists tracks.
        harness.advance(milliseconds: 60_000)
        _ = try await harness.json(
            "savePlayQueue", [("id", high.id), ("id", human.id), ("current", high.id), ("position", "2000")])
        let offered = try json(await send("GET", "/api/queue", cookie: joe))
        let tracks = offered["tracks"]?.list ?? []
        #expect(tracks.map { $0["title"]?.text } == ["High Tone", "Human Behaviour"])
        #expect(tracks.first?["audio"] == .string("/api/tracks/\(high.id)/audio"))
        #expect(tracks.first?["album"]?["title"] == .string("Sines"))
        #expect(offered["current"] == .number("0"))
        #expect(offered["position"] == .number("2.0"))
        #expect(offered["changedBy"] == .string("tests"))
        // A page that saw an older queue (its own) does not put it back over the phone's: 409.
        let savedByPage = try #require(Self.time(try json(saved)["changed"]))
        let stale = await send(
            "PUT", "/api/queue", #"{"tracks": ["\#(low.id)"], "basedOn": \#(savedByPage)}"#, cookie: joe)
        #expect(stale.status == 409)
        #expect(try json(await send("GET", "/api/queue", cookie: joe))["changedBy"] == .string("tests"))
        // Based on the phone's, it saves.
        let current = try #require(Self.time(offered["changed"]))
        let fresh = await send(
            "PUT", "/api/queue",
            #"{"tracks": ["\#(high.id)", "\#(human.id)"], "current": 0, "basedOn": \#(current)}"#,
            cookie: joe)
        #expect(fresh.status == 200)
        // Mistakes are one line and change nothing.
        for (body, status) in [
            (#"{"tracks": ["\#(UUID().uuidString)"]}"#, 404),
            (#"{"tracks": ["\#(low.id)"], "current": 1}"#, 400),
            (#"{"tracks": "all"}"#, 400),
            (#"{"tracks": [], "volume": 3}"#, 400),
            (#"{"tracks": [], "position": -1}"#, 400),
        ] {
            #expect(await send("PUT", "/api/queue", body, cookie: joe).status == status, "\(body)")
        }
        #expect(
            try json(await send("GET", "/api/queue", cookie: joe))["changedBy"] == .string(WebApp.pagePlayer))
        // An empty queue forgets it.
        #expect(await send("PUT", "/api/queue", #"{"tracks": []}"#, cookie: joe).status == 200)
        #expect(try json(await send("GET", "/api/queue", cookie: joe))["tracks"] == .array([]))
        #expect(try await harness.json("getPlayQueue")["playQueue"] == nil)
    }

    @Test func favouritesRatingsAndPlaysAreEachPersonsOwnAndTheirAppsSeeThem() async throws {
        let sines = try #require(harness.albums["Sines"]).album.id.rawValue
        let (low, high) = (harness.track("Low Tone").id, harness.track("High Tone").id)
        let joe = try await signIn("joe", SubsonicHarness.password)
        let ann = try await signIn("ann", SubsonicHarness.otherPassword)
        // Nobody signed in has no favourites.
        #expect(await send("GET", "/api/mine/favourites").status == 401)
        #expect(await send("PUT", "/api/mine/stars", #"{"id": "\#(sines)", "starred": true}"#).status == 401)
        // Joe stars the album and a track, and rates the album.
        for (path, body) in [
            ("/api/mine/stars", #"{"id": "\#(sines)", "starred": true}"#),
            ("/api/mine/stars", #"{"id": "\#(high)", "starred": true}"#),
            ("/api/mine/ratings", #"{"id": "\#(sines)", "rating": 4}"#),
        ] {
            #expect(await send("PUT", path, body, cookie: joe).status == 200, "\(path) \(body)")
        }
        let mine = try json(await send("GET", "/api/mine/albums/\(sines)", cookie: joe))
        #expect(
            mine["starred"] == .bool(true) && mine["rating"] == .number("4") && mine["plays"] == .number("0"))
        #expect(
            mine["tracks"]?.list.map { [$0["id"]?.text, $0["starred"] == .bool(true) ? "starred" : "-"] } == [
                [low, "-"], [high, "starred"],
            ])
        let favourites = try json(await send("GET", "/api/mine/favourites", cookie: joe))
        #expect(favourites["albums"]?.list.map { $0["title"]?.text } == ["Sines"])
        #expect(favourites["tracks"]?.list.map { $0["title"]?.text } == ["High Tone"])
        #expect(favourites["tracks"]?.list.first?["audio"] == .string("/api/tracks/\(high)/audio"))
        // Joe's phone sees them; Ann has none of them.
        let starred = try await harness.ok("getStarred2", "starred2")
        #expect(starred["album"]?.list.map { $0["name"]?.text } == ["Sines"])
        #expect(starred["song"]?.list.map { $0["title"]?.text } == ["High Tone"])
        let annsOwn = try json(await send("GET", "/api/mine/favourites", cookie: ann))
        #expect(annsOwn["albums"] == .array([]) && annsOwn["tracks"] == .array([]))
        // What a phone stars, the page shows (the latest first).
        harness.advance(milliseconds: 1000)
        _ = try await harness.json("star", [("id", low)])
        #expect(
            try json(await send("GET", "/api/mine/favourites", cookie: joe))["tracks"]?.list.map {
                $0["title"]?.text
            }
                == ["Low Tone", "High Tone"])
        // Unstarring and taking a rating away.
        #expect(
            await send("PUT", "/api/mine/stars", #"{"id": "\#(high)", "starred": false}"#, cookie: joe).status
                == 200)
        #expect(
            await send("PUT", "/api/mine/ratings", #"{"id": "\#(sines)", "rating": 0}"#, cookie: joe).status
                == 200)
        let after = try json(await send("GET", "/api/mine/albums/\(sines)", cookie: joe))
        #expect(after["rating"] == .null && after["tracks"]?.list.last?["starred"] == .bool(false))
        // Plays the page counts are the user's plays: Recently played and Most played.
        for _ in 0..<2 {
            #expect(await send("POST", "/api/mine/plays", #"{"id": "\#(low)"}"#, cookie: joe).status == 200)
        }
        let human = harness.track("Human Behaviour").id
        harness.advance(milliseconds: 1000)
        #expect(await send("POST", "/api/mine/plays", #"{"id": "\#(human)"}"#, cookie: joe).status == 200)
        let recent = try json(await send("GET", "/api/mine/played?order=recent", cookie: joe))
        let most = try json(await send("GET", "/api/mine/played?order=most", cookie: joe))
        #expect(recent["albums"]?.list.map { $0["title"]?.text } == ["Début", "Sines"])
        #expect(most["albums"]?.list.map { $0["title"]?.text } == ["Sines", "Début"])
        #expect(
            try json(await send("GET", "/api/mine/albums/\(sines)", cookie: joe))["plays"] == .number("2"))
        #expect(try json(await send("GET", "/api/mine/played", cookie: ann))["albums"] == .array([]))
        // A listener keeps their own.
        try await harness.accounts.setListener("ann", true)
        #expect(
            await send("PUT", "/api/mine/stars", #"{"id": "\#(sines)", "starred": true}"#, cookie: ann).status
                == 200)
        // Mistakes are one line and change nothing.
        for (method, path, body, status) in [
            ("PUT", "/api/mine/stars", #"{"id": "nothing", "starred": true}"#, 404),
            ("PUT", "/api/mine/stars", #"{"id": "\#(sines)"}"#, 400),
            ("PUT", "/api/mine/ratings", #"{"id": "\#(sines)", "rating": 6}"#, 400),
            ("PUT", "/api/mine/ratings", #"{"id": "\#(sines)", "rating": "five"}"#, 400),
            ("POST", "/api/mine/plays", #"{"id": "\#(sines)"}"#, 404),
            ("GET", "/api/mine/played?order=loudest", nil, 400),
            ("GET", "/api/mine/albums/nothing", nil, 404),
        ] {
            let answer = await send(method, path, body, cookie: joe)
            #expect(answer.status == status, "\(method) \(path) \(body ?? "")")
        }
    }

    @Test func playlistsMadeOnThePageAreTheOnesAPhoneSeesAndTheOtherWayRound() async throws {
        let (low, high, human) = (
            harness.track("Low Tone").id, harness.track("High Tone").id, harness.track("Human Behaviour").id
        )
        let joe = try await signIn("joe", SubsonicHarness.password)
        let ann = try await signIn("ann", SubsonicHarness.otherPassword)
        #expect(await send("GET", "/api/mine/playlists").status == 401)
        // Made on the page with two tracks: a phone lists it with them.
        let made = await send(
            "POST", "/api/mine/playlists", #"{"name": "Drive", "tracks": ["\#(low)", "\#(human)"]}"#,
            cookie: joe)
        #expect(made.status == 201)
        let id = try #require(try json(made)["id"]?.text)
        #expect(try json(made)["tracks"]?.list.map { $0["title"]?.text } == ["Low Tone", "Human Behaviour"])
        let phone = try await harness.ok("getPlaylist", [("id", id)], "playlist")
        #expect(phone["name"] == .string("Drive"))
        #expect(phone["entry"]?.list.map { $0["title"]?.text } == ["Low Tone", "Human Behaviour"])
        // The phone adds one; the page shows it, then moves it first, renames the playlist.
        _ = try await harness.json("updatePlaylist", [("playlistId", id), ("songIdToAdd", high)])
        #expect(
            try json(await send("GET", "/api/mine/playlists/\(id)", cookie: joe))["tracks"]?.list.map {
                $0["title"]?.text
            } == ["Low Tone", "Human Behaviour", "High Tone"])
        let moved = await send(
            "PATCH", "/api/mine/playlists/\(id)",
            #"{"name": "Night drive", "tracks": ["\#(high)", "\#(low)", "\#(human)"]}"#, cookie: joe)
        #expect(moved.status == 200)
        let listed = try json(await send("GET", "/api/mine/playlists", cookie: joe))["playlists"]?.list ?? []
        #expect(listed.map { $0["name"]?.text } == ["Night drive"] && listed.first?["tracks"] == .number("3"))
        #expect(
            try await harness.ok("getPlaylist", [("id", id)], "playlist")["entry"]?.list.map {
                $0["title"]?.text
            } == [
                "High Tone", "Low Tone", "Human Behaviour",
            ])
        // Its file: each track by its path, with its length, artist and title.
        let file = await send("GET", "/api/mine/playlists/\(id)/m3u8", cookie: joe)
        #expect(file.status == 200)
        #expect(file.headers["Content-Type"] == "audio/x-mpegurl; charset=utf-8")
        #expect(file.headers["Content-Disposition"]?.hasSuffix("filename*=UTF-8''Night%20drive.m3u8") == true)
        let lines = String(decoding: file.bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.first == "#EXTM3U" && lines.count == 7)
        #expect(
            lines[1] == "#EXTINF:2,Oscillator - High Tone" && lines[2].hasSuffix("/Oscillator/Sines/02.mp3"))
        // Ann has her own: none of joe's, and joe's are not hers to change.
        #expect(try json(await send("GET", "/api/mine/playlists", cookie: ann))["playlists"] == .array([]))
        #expect(await send("GET", "/api/mine/playlists/\(id)", cookie: ann).status == 404)
        #expect(
            await send("PATCH", "/api/mine/playlists/\(id)", #"{"name": "Mine"}"#, cookie: ann).status == 404)
        #expect(await send("DELETE", "/api/mine/playlists/\(id)", cookie: ann).status == 404)
        // Mistakes are one line and change nothing.
        for (method, body, status) in [
            ("POST", #"{"name": ""}"#, 400),
            ("POST", #"{"tracks": []}"#, 400),
            ("POST", #"{"name": "X", "tracks": ["nothing"]}"#, 404),
            ("PATCH", #"{}"#, 400),
            ("PATCH", #"{"colour": "red"}"#, 400),
        ] {
            let path = method == "POST" ? "/api/mine/playlists" : "/api/mine/playlists/\(id)"
            #expect(await send(method, path, body, cookie: joe).status == status, "\(method) \(body)")
        }
        // Deleted on the page: gone for the phone.
        #expect(await send("DELETE", "/api/mine/playlists/\(id)", cookie: joe).status == 200)
        #expect((try await harness.ok("getPlaylists", "playlists")["playlist"]?.list ?? []).isEmpty)
    }

    @Test func aSmartPlaylistFollowsItsOwnersListeningAndAPhoneSeesAnOrdinaryOne() async throws {
        let low = harness.track("Low Tone").id
        let joe = try await signIn("joe", SubsonicHarness.password)
        let ann = try await signIn("ann", SubsonicHarness.otherPassword)
        func titles(_ id: String, cookie: String = joe) async throws -> [String?] {
            try json(await send("GET", "/api/mine/playlists/\(id)", cookie: cookie))["tracks"]?.list.map {
                $0["title"]?.text
            } ?? []
        }
        let made = await send(
            "POST", "/api/mine/playlists",
            #"{"name": "Unplayed tones", "smart": {"query": "track:tone plays:0", "order": "title"}}"#,
            cookie: joe)
        #expect(made.status == 201)
        let id = try #require(try json(made)["id"]?.text)
        #expect(
            try json(made)["smart"]
                == .object([
                    ("query", .string("track:tone plays:0")), ("order", .string("title")),
                    ("limit", .number("100")),
                ]))
        #expect(try await titles(id) == ["High Tone", "Low Tone"])
        // A phone sees an ordinary playlist with those songs.
        let listed = try await harness.ok("getPlaylists", "playlists")["playlist"]?.list ?? []
        #expect(
            listed.map { $0["name"]?.text } == ["Unplayed tones"]
                && listed.first?["songCount"] == .number("2"))
        // Joe plays Low Tone on his phone: it leaves the playlist, on the page and on the phone.
        _ = try await harness.json("scrobble", [("id", low)])
        #expect(try await titles(id) == ["High Tone"])
        #expect(
            try await harness.ok("getPlaylist", [("id", id)], "playlist")["entry"]?.list.map {
                $0["title"]?.text
            }
                == ["High Tone"])
        // Ann's plays are not joe's: her playing High Tone changes nothing of his.
        _ = try await harness.json("scrobble", [("id", harness.track("High Tone").id)], login: .ann)
        #expect(try await titles(id) == ["High Tone"])
        // Its songs are the ones its query picks: neither the phone nor the page chooses them.
        #expect(try await harness.failure("updatePlaylist", [("playlistId", id), ("songIdToAdd", low)]) == 0)
        #expect(try await harness.failure("createPlaylist", [("playlistId", id), ("songId", low)]) == 0)
        #expect(
            await send("PATCH", "/api/mine/playlists/\(id)", #"{"tracks": ["\#(low)"]}"#, cookie: joe).status
                == 400)
        // A new rule: every tone, the most played first; renamed by the phone, the rule stays.
        let changed = await send(
            "PATCH", "/api/mine/playlists/\(id)",
            #"{"smart": {"query": "track:tone", "order": "plays", "limit": 5}}"#,
            cookie: joe)
        #expect(changed.status == 200)
        #expect(try await titles(id) == ["Low Tone", "High Tone"])
        _ = try await harness.json("updatePlaylist", [("playlistId", id), ("name", "Tones")])
        let summary = try json(await send("GET", "/api/mine/playlists", cookie: joe))["playlists"]?.list.first
        #expect(summary?["name"] == .string("Tones") && summary?["smart"]?["order"] == .string("plays"))
        // It is joe's: ann sees nothing of it.
        #expect(await send("GET", "/api/mine/playlists/\(id)", cookie: ann).status == 404)
        // Mistakes are one line and change nothing.
        for body in [
            #"{"name": "X", "smart": {"query": "plays:lots"}}"#,
            #"{"name": "X", "smart": {"query": "colour:red"}}"#,
            #"{"name": "X", "smart": {"query": ""}}"#,
            #"{"name": "X", "smart": {"order": "plays"}}"#,
            #"{"name": "X", "smart": {"query": "tone", "order": "loudest"}}"#,
            #"{"name": "X", "smart": {"query": "tone", "limit": 0}}"#,
            #"{"name": "X", "smart": {"query": "tone", "limit": 5001}}"#,
            #"{"name": "X", "smart": {"query": "tone", "colour": "red"}}"#,
            #"{"name": "X", "smart": {"query": "tone"}, "tracks": ["\#(low)"]}"#,
        ] {
            let response = await send("POST", "/api/mine/playlists", body, cookie: joe)
            #expect(response.status == 400, "\(body)")
            #expect(try json(response)["error"] != nil, "\(body)")
        }
        #expect(try json(await send("GET", "/api/mine/playlists", cookie: joe))["playlists"]?.list.count == 1)
    }

    @Test func aPersonsPagesAreToldOfChangesToTheirOwnDataAndNoOneElsesAre() async throws {
        let (low, high) = (harness.track("Low Tone").id, harness.track("High Tone").id)
        let joe = try await signIn("joe", SubsonicHarness.password)
        let ann = try await signIn("ann", SubsonicHarness.otherPassword)
        func stream(_ cookie: String) async throws -> any WebEventStream {
            let response = await send("GET", "/events", cookie: cookie)
            guard case .events(let stream) = response.body else { throw LibraryError(.internal, "no stream") }
            #expect(stream.poll(park: {}, wake: {}) == Array("retry: 1000\n\n".utf8))
            return stream
        }
        let (joes, joesOther, anns) = (try await stream(joe), try await stream(joe), try await stream(ann))
        let mine = Array("event: mine\ndata: {}\n\n".utf8)
        func next(_ stream: any WebEventStream) -> [UInt8]? { stream.poll(park: {}, wake: {}) }
        // Joe's phone stars a song, plays one, makes a playlist: each reaches both of joe's pages only.
        _ = try await harness.json("star", [("id", low)])
        #expect(next(joes) == mine && next(joesOther) == mine)
        #expect(next(anns) == [], "ann is told nothing of joe's")
        _ = try await harness.json("scrobble", [("id", high)])
        _ = try await harness.json("createPlaylist", [("name", "Phone's"), ("songId", low)])
        #expect(next(joes) == mine && next(joes) == mine && next(joes) == [])
        // Ann rates a song on her page: her page is told, joe's are not.
        let rated = await send("PUT", "/api/mine/ratings", #"{"id": "\#(low)", "rating": 4}"#, cookie: ann)
        #expect(rated.status == 200)
        #expect(next(anns) == mine)
        #expect(next(joesOther) == mine && next(joesOther) == mine && next(joesOther) == [])
        // A change to the library is everyone's.
        _ = try await harness.library.delete(.index(0))
        #expect(String(decoding: next(anns) ?? [], as: UTF8.self).hasPrefix("event: change\n"))
    }

    @Test func anArtistIsStarredAndRatedByNameAndIsAmongTheirFavourites() async throws {
        let joe = try await signIn("joe", SubsonicHarness.password)
        let ann = try await signIn("ann", SubsonicHarness.otherPassword)
        #expect(await send("GET", "/api/mine/artist?name=Oscillator").status == 401)
        // Named as the page names them (any case, any accents): the id their phone stars.
        let artist = try json(await send("GET", "/api/mine/artist?name=bjork", cookie: joe))
        #expect(
            artist["name"] == .string("Björk") && artist["starred"] == .bool(false)
                && artist["rating"] == .null)
        let id = try #require(artist["id"]?.text)
        #expect(id == harness.artistID("Début"))
        #expect(
            await send("PUT", "/api/mine/stars", #"{"id": "\#(id)", "starred": true}"#, cookie: joe).status
                == 200)
        #expect(
            await send("PUT", "/api/mine/ratings", #"{"id": "\#(id)", "rating": 5}"#, cookie: joe).status
                == 200)
        let again = try json(await send("GET", "/api/mine/artist?name=BJÖRK", cookie: joe))
        #expect(again["starred"] == .bool(true) && again["rating"] == .number("5"))
        let favourites = try json(await send("GET", "/api/mine/favourites", cookie: joe))
        #expect(
            favourites["artists"]
                == .array([
                    .object([("id", .string(id)), ("name", .string("Björk")), ("albums", .number("1"))])
                ]))
        // Joe's phone sees the star; ann has none of it.
        let starred = try await harness.ok("getStarred2", "starred2")
        #expect(starred["artist"]?.list.map { $0["name"]?.text } == ["Björk"])
        #expect(try json(await send("GET", "/api/mine/favourites", cookie: ann))["artists"] == .array([]))
        #expect(
            try json(await send("GET", "/api/mine/artist?name=Björk", cookie: ann))["starred"] == .bool(false)
        )
        // Mistakes are one line.
        #expect(await send("GET", "/api/mine/artist?name=Nobody", cookie: joe).status == 404)
        #expect(await send("GET", "/api/mine/artist", cookie: joe).status == 400)
    }
}
