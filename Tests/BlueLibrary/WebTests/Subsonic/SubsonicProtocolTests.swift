import BlueLibraryCore
import BlueLibraryHTTP
import BlueLibraryServices
import BlueLibraryWeb
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import BlueLibrarySubsonic

/// The protocol around every call: routes with and without `.view`, GET and form POST, the envelope in
/// XML, JSON and JSONP, the ways of logging in and their error codes, and failed logins slowed down.
@Suite(.timeLimit(.minutes(5)))
struct SubsonicProtocolTests {
    let harness: SubsonicHarness

    init() async throws {
        harness = try await SubsonicHarness(music: false)
    }

    @Test(arguments: ["ping", "ping.view"])
    func theEnvelopeInJSONCarriesTheProtocolsFields(endpoint: String) async throws {
        let answer = try await harness.json(endpoint)
        #expect(answer.keys == ["status", "version", "type", "serverVersion", "openSubsonic"])
        #expect(answer["status"] == .string("ok"))
        #expect(answer["version"] == .string("1.16.1"))
        #expect(answer["type"] == .string("bluelibrary"))
        #expect(answer["serverVersion"] == .string(BlueLibraryInfo.version))
        #expect(answer["openSubsonic"] == .bool(true))
    }

    @Test func xmlIsTheDefaultWithTheNamespaceAndAttributes() async throws {
        let response = await harness.call("getLicense.view", format: nil)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/xml; charset=utf-8")
        let text = String(decoding: response.bytes, as: UTF8.self)
        #expect(
            text == """
                <?xml version="1.0" encoding="UTF-8"?><subsonic-response xmlns="http://subsonic.org/restapi" \
                status="ok" version="1.16.1" type="bluelibrary" serverVersion="\(BlueLibraryInfo.version)" \
                openSubsonic="true"><license valid="true"/></subsonic-response>
                """)
        let failed = String(
            decoding: await harness.call("ping", login: .password("joe", "no"), format: "xml").bytes,
            as: UTF8.self)
        #expect(failed.contains(#"status="failed""#))
        #expect(failed.contains(#"<error code="40" message="Wrong username or password"/>"#))
    }

    @Test func jsonpWrapsTheAnswerInTheCallbackAndRefusesOtherText() async throws {
        let wrapped = await harness.call("ping", [("callback", "show_it")], format: "jsonp")
        #expect(wrapped.headers["Content-Type"] == "application/javascript")
        let text = String(decoding: wrapped.bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"show_it({"subsonic-response":{"status":"ok""#) && text.hasSuffix("});"))
        // A callback that is not a plain name would put the caller's text into a script: plain JSON then.
        let refused = await harness.call("ping", [("callback", "alert(1)//")], format: "jsonp")
        #expect(refused.headers["Content-Type"] == "application/json")
        #expect(!String(decoding: refused.bytes, as: UTF8.self).contains("alert"))
    }

    @Test func textIsEscapedInXMLAndJSON() {
        var element = SubsonicElement()
        element.set(.name, "<a & \"b\">\u{1}")
        element.text = "x<y"
        element.add(.entry, list: [])
        element.add(.genres, values: [.int(1), .int(2)])
        var xml: [UInt8] = []
        element.appendXML(named: "item", to: &xml)
        #expect(
            String(decoding: xml, as: UTF8.self)
                == "<item name=\"&lt;a &amp; &quot;b&quot;&gt;\u{FFFD}\">x&lt;y<genres>1</genres><genres>2</genres></item>"
        )
        var json: [UInt8] = []
        element.appendJSON(to: &json)
        #expect(
            String(decoding: json, as: UTF8.self)
                == #"{"name":"\u003ca \u0026 \"b\"\u003e\u0001","value":"x\u003cy","entry":[],"genres":[1,2]}"#
        )
    }

    @Test func aFormPostIsReadLikeAQueryAndMergedWithIt() async throws {
        let response = await harness.call("getUser.view", [("username", "joe")], method: "POST")
        let answer = try #require(try JSONParser.parse(response.bytes)["subsonic-response"])
        #expect(answer["user"]?["username"] == .string("joe"))
        // Part in the query string, part in the body.
        let merged = await harness.app.respond(
            to: WebRequest(
                method: "POST", path: "/rest/getUser", queryItems: [("f", "json"), ("username", "ann")],
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Array("u=joe&p=s%C3%A9same+1%2B2&c=t&v=1.16.1".utf8)))
        #expect(
            try JSONParser.parse(merged.bytes)["subsonic-response"]?["user"]?["username"] == .string("ann"))
    }

    @Test func eachWayOfLoggingInIsTaken() async throws {
        let key = try await harness.accounts.makeAPIKey(for: "joe")
        let logins: [SubsonicHarness.Login] = [
            .password("joe", SubsonicHarness.password), .encoded("joe", SubsonicHarness.password), .joe,
            .apiKey(key), .password("JOE", SubsonicHarness.password),
        ]
        for login in logins {
            #expect(try await harness.json("ping", login: login)["status"] == .string("ok"), "\(login)")
        }
        // DSub keeps one salt for a session: the same token twice is fine.
        #expect(try await harness.json("ping", login: .joe)["status"] == .string("ok"))
    }

    @Test func credentialProblemsHaveTheProtocolsCodes() async throws {
        let key = try await harness.accounts.makeAPIKey(for: "joe")
        let token = SubsonicHarness.Login.joe.parameters
        let cases: [(SubsonicHarness.Login, [(String, String)], Int)] = [
            (.none, [], 10),
            (.none, [("u", "joe")], 10),
            (.none, [token[0], token[1]], 10),  // a token without its salt
            (.password("joe", "wrong"), [], 40),
            (.password("nobody", "x"), [], 40),
            (.token("joe", "wrong", salt: "abcdef"), [], 40),
            (.apiKey(key), [("u", "joe")], 43),
            (.apiKey(key), [("p", "x")], 43),
            (.password("joe", SubsonicHarness.password), [("t", "x"), ("s", "y")], 43),
            (.apiKey("0123"), [], 44),
        ]
        for (login, extra, code) in cases {
            #expect(try await harness.failure("ping", extra, login: login) == code, "\(login) \(extra)")
        }
        #expect(try await harness.failure("ping", login: .password("joe", "enc:zz")) == 0)
    }

    @Test func extensionsAnswerWithoutLoggingIn() async throws {
        let answer = try await harness.ok("getOpenSubsonicExtensions", login: .none, "openSubsonicExtensions")
        #expect(
            answer.list.map { $0["name"]?.text } == [
                "formPost", "apiKeyAuthentication", "songLyrics", "indexBasedQueue", "playbackReport",
                "transcodeOffset", "transcoding",
            ])
        #expect(answer.list.allSatisfy { $0["versions"] == .array([.number("1")]) })
    }

    /// An endpoint this server lacks is HTTP 200 with the protocol's error in every format — never a
    /// 404, which apps take for a dead server.
    @Test func unknownEndpointsAreTheProtocolsErrorAndUnknownMethodsAreRefused() async throws {
        let unknown = await harness.call("getEverything")
        #expect(unknown.status == 200)
        #expect(try JSONParser.parse(unknown.bytes)["subsonic-response"]?["error"]?["code"] == .number("70"))
        let xml = await harness.call("getVideoInfo.view", format: "xml")
        #expect(xml.status == 200)
        let text = String(decoding: xml.bytes, as: UTF8.self)
        #expect(text.contains(#"status="failed""#) && text.contains(#"<error code="70" "#))
        let jsonp = await harness.call("getPodcastEpisode", [("callback", "cb")], format: "jsonp")
        #expect(jsonp.status == 200)
        #expect(
            String(decoding: jsonp.bytes, as: UTF8.self).hasPrefix(
                #"cb({"subsonic-response":{"status":"failed""#))
        #expect(await harness.call("ping", method: "DELETE").status == 405)
    }

    /// docs/subsonic.md's table of every endpoint of the specification says what the server does: the
    /// ones it answers are its own endpoints (and no other), the rest are error 70.
    @Test func theTableOfEveryEndpointIsTheServersOwn() async throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { root.deleteLastPathComponent() }
        let text = try String(contentsOf: root.appendingPathComponent("docs/subsonic.md"), encoding: .utf8)
        let rows = text.matches(of: /\| `([A-Za-z0-9]+)` \| (answered|an empty `[A-Za-z]+`|error 70)/).map {
            (String($0.output.1), String($0.output.2))
        }
        #expect(rows.count >= 87)
        let answered = Set(rows.filter { !$0.1.hasPrefix("error") }.map(\.0))
        #expect(answered == Set(SubsonicAPI.endpoints.keys).union(["getOpenSubsonicExtensions"]))
        for (name, answer) in rows where answer.hasPrefix("error") {
            let code = try JSONParser.parse(await harness.call(name).bytes)["subsonic-response"]?["error"]?[
                "code"]
            #expect(code == .number("70"), "\(name)")
        }
    }

    @Test func theRestRoutesNeedNoHostNorToken() async throws {
        // A phone names the server by its address and posts its calls: neither the page's host check nor
        // its write guard applies to calls that log in with their own credentials.
        let app = try await WebApp(library: harness.library, writeToken: "secret", subsonic: harness.api)
        app.listening(on: "192.168.1.5", port: 8080)
        let response = await app.respond(
            to: WebRequest(
                method: "POST", path: "/rest/ping.view",
                headers: [
                    "Host": "phone.example:1",
                    "Content-Type": "application/x-www-form-urlencoded",
                ],
                body: Array("u=ann&p=other&f=json".utf8)))
        #expect(response.status == 200)
        #expect(String(decoding: response.bytes, as: UTF8.self).contains(#""status":"ok""#))
        // Without a Subsonic API, /rest/ is not found.
        let plain = try await WebApp(library: harness.library)
        #expect(await plain.respond(to: WebRequest(method: "GET", path: "/rest/ping")).status == 404)
    }

    /// Failed logins are counted per address and user name: after three, the pair's logins are refused
    /// at once, unchecked (the right password too), for a delay that doubles with each new failure; no
    /// other pair waits — not another user behind the same address, not the same user elsewhere.
    @Test func failedLoginsOfOneAddressAndUserAreRefusedForAWhileAndNobodyElseWaits() async throws {
        func ping(_ login: SubsonicHarness.Login, from address: String) async throws -> (
            code: Int?, message: String?
        ) {
            let answer = try await harness.json("ping", login: login, address: address)
            return (answer["error"]?["code"]?.int, answer["error"]?["message"]?.text)
        }
        func later(_ duration: Duration) { harness.throttleClock.withLock { $0 = $0.advanced(by: duration) } }
        let proxy = "10.0.0.9"
        for _ in 0..<4 { #expect(try await ping(.password("joe", "guess"), from: proxy).code == 40) }
        // The fourth failure refuses the pair for 500 ms: even the right password, unchecked, at once.
        let refused = try await ping(.joe, from: proxy)
        #expect(refused.code == 40 && refused.message == "Too many failed logins; try again in 1 s")
        // Nobody else waits: another user behind the same address, the same user from elsewhere.
        #expect(try await ping(.ann, from: proxy).code == nil)
        #expect(try await ping(.joe, from: "10.0.0.10").code == nil)
        // A guess after the delay is checked; its failure doubles the next one.
        later(.milliseconds(500))
        #expect(
            try await ping(.password("joe", "guess"), from: proxy).message == "Wrong username or password")
        later(.milliseconds(900))
        #expect(try await ping(.joe, from: proxy).message == "Too many failed logins; try again in 1 s")
        later(.milliseconds(100))
        // The right password once the delay has passed logs in, and forgets the failures.
        #expect(try await ping(.joe, from: proxy).code == nil)
        #expect(
            try await ping(.password("joe", "guess"), from: proxy).message == "Wrong username or password")
        #expect(try await ping(.joe, from: proxy).code == nil)
        // The name is compared as users' names are.
        for _ in 0..<4 { _ = try await ping(.password("JOE", "guess"), from: proxy) }
        #expect(try await ping(.joe, from: proxy).message?.hasPrefix("Too many failed logins") == true)
    }

    @Test func theThrottleDoublesItsDelayForgetsOldFailuresAndKeepsItsMemoryBounded() {
        let clock = Shared<ContinuousClock.Instant>(ContinuousClock.now)
        let key = LoginThrottle.Key(address: "a", user: "joe")
        let forgetful = LoginThrottle(freeFailures: 0, memory: .zero, capacity: 2, now: { clock.value })
        forgetful.finish(key, tracked: false, succeeded: false)
        #expect(
            forgetful.admit(key) == .check(tracked: false), "failures older than the memory are forgotten")
        let bounded = LoginThrottle(
            freeFailures: 0, longestDelay: .seconds(8), capacity: 2, now: { clock.value })
        for address in ["a", "b", "c"] {
            bounded.finish(LoginThrottle.Key(address: address, user: "joe"), tracked: false, succeeded: false)
            clock.withLock { $0 = $0.advanced(by: .milliseconds(1)) }
        }
        #expect(bounded.admit(key) == .check(tracked: false), "the oldest pair made room")
        #expect(bounded.delay(afterFailures: 1) == .milliseconds(500))
        #expect(bounded.delay(afterFailures: 2) == .seconds(1))
        #expect(bounded.delay(afterFailures: 30) == .seconds(8))
    }

    /// While a pair that has used up its free failures is being checked, its other logins are refused, so
    /// guesses sent side by side gain nothing; before that, a pair is checked side by side (an app's calls
    /// at once, one typo or not).
    @Test func aPairThatFailedIsCheckedOneLoginAtATime() {
        let clock = Shared<ContinuousClock.Instant>(ContinuousClock.now)
        let throttle = LoginThrottle(freeFailures: 1, now: { clock.value })
        let key = LoginThrottle.Key(address: "10.0.0.9", user: "joe")
        #expect(throttle.admit(key) == .check(tracked: false))
        #expect(throttle.admit(key) == .check(tracked: false))
        throttle.finish(key, tracked: false, succeeded: false)
        // One free failure used up: one login of the pair at a time from now on.
        #expect(throttle.admit(key) == .check(tracked: true))
        #expect(throttle.admit(key) == .refused(retryAfter: .milliseconds(500)))
        #expect(throttle.admit(LoginThrottle.Key(address: "10.0.0.9", user: "ann")) == .check(tracked: false))
        // A check that could not be made counts nothing and lets the next one in.
        throttle.finish(key, tracked: true, succeeded: nil)
        #expect(throttle.admit(key) == .check(tracked: true))
        throttle.finish(key, tracked: true, succeeded: true)
        #expect(throttle.admit(key) == .check(tracked: false))
    }
}

/// What XML 1.0 cannot carry (control characters but tab, line feed and carriage return; U+FFFE and
/// U+FFFF) never reaches an XML answer, from any string field: one odd tag, player or playlist name
/// would otherwise make the answer invalid for every client that reads it.
@Suite(.timeLimit(.minutes(5)))
struct SubsonicXMLCharacterTests {
    /// Every class XML 1.0's `Char` production leaves out, and its neighbours that it keeps.
    static let forbidden: [Unicode.Scalar] =
        (0..<0x20).filter { ![0x09, 0x0A, 0x0D].contains($0) }.map { Unicode.Scalar($0)! } + [
            "\u{FFFE}", "\u{FFFF}",
        ]
    static let kept: [Unicode.Scalar] = [
        "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFEF}", "\u{10000}", "\u{10FFFF}",
    ]

    /// Whether every scalar of `xml` is one XML 1.0 allows.
    static func isXMLText(_ xml: [UInt8]) -> Bool {
        String(decoding: xml, as: UTF8.self).unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
            default: false
            }
        }
    }

    @Test func everyForbiddenClassBecomesTheReplacementCharacterInEveryKindOfField() {
        let text = String(String.UnicodeScalarView(Self.forbidden + Self.kept))
        var element = SubsonicElement()
        element.set(.name, text)
        element.text = text
        element.add(.genres, values: [.string(text)])
        var xml: [UInt8] = []
        element.appendXML(named: "item", to: &xml)
        #expect(Self.isXMLText(xml))
        let replaced =
            String(repeating: "\u{FFFD}", count: Self.forbidden.count)
            + String(String.UnicodeScalarView(Self.kept))
        #expect(
            String(decoding: xml, as: UTF8.self)
                == "<item name=\"\(replaced)\">\(replaced)<genres>\(replaced)</genres></item>")
    }

    @Test func tagsPlayerNamesAndPlaylistNamesNeverMakeAnAnswerInvalid() async throws {
        let harness = try await SubsonicHarness()
        // Fields refuse control characters; the non-characters pass, and the player's name is any text.
        let odd = "odd\u{FFFE}\u{FFFF}end"
        _ = try await harness.library.update(
            .id(harness.albums["Sines"]!.album.id), with: AlbumPatch(title: odd, artist: odd, genre: odd))
        let song = harness.track("Low Tone").id
        _ = try await harness.json(
            "scrobble", [("id", song), ("submission", "false"), ("c", odd + "\u{1}\u{1F}")])
        _ = try await harness.json("createPlaylist", [("name", odd), ("songId", song)])
        for (endpoint, parameters) in [
            ("getAlbumList2", [("type", "alphabeticalByName")]), ("search3", [("query", "odd")]),
            ("getRandomSongs", []), ("getNowPlaying", []), ("getPlaylists", []), ("getGenres", []),
            ("getArtists", []), ("getAlbum", [("id", harness.albums["Sines"]!.album.id.rawValue)]),
        ] as [(String, [(String, String)])] {
            let answer = await harness.call(endpoint, parameters, format: nil)
            let text = String(decoding: answer.bytes, as: UTF8.self)
            #expect(text.contains(#"status="ok""#), "\(endpoint): \(text.prefix(300))")
            #expect(Self.isXMLText(answer.bytes), "\(endpoint)")
        }
        let playlists = String(decoding: await harness.call("getPlaylists", format: nil).bytes, as: UTF8.self)
        #expect(playlists.contains("odd\u{FFFD}\u{FFFD}end"))
    }
}
