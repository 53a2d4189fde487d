import BlueLibraryCore
import BlueLibraryServices
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import BlueLibraryWeb

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
        element.set("name", "<a & \"b\">\u{1}")
        element.text = "x<y"
        element.add("empty", list: [])
        element.add("values", values: [.int(1), .int(2)])
        var xml: [UInt8] = []
        element.appendXML(named: "item", to: &xml)
        #expect(
            String(decoding: xml, as: UTF8.self)
                == "<item name=\"&lt;a &amp; &quot;b&quot;&gt;\u{FFFD}\">x&lt;y<values>1</values><values>2</values></item>"
        )
        var json: [UInt8] = []
        element.appendJSON(to: &json)
        #expect(
            String(decoding: json, as: UTF8.self)
                == #"{"name":"\u003ca \u0026 \"b\"\u003e\u0001","value":"x\u003cy","empty":[],"values":[1,2]}"#
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
        #expect(answer.list.map { $0["name"]?.text } == ["formPost", "apiKeyAuthentication"])
        #expect(answer.list.map { $0["versions"] } == [.array([.number("1")]), .array([.number("1")])])
    }

    @Test func unknownEndpointsAndMethodsAreRefused() async throws {
        let unknown = await harness.call("getEverything")
        #expect(unknown.status == 404)
        #expect(try JSONParser.parse(unknown.bytes)["subsonic-response"]?["error"]?["code"] == .number("70"))
        #expect(await harness.call("ping", method: "DELETE").status == 405)
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

    @Test func failedLoginsFromOneAddressAreSlowedDownAndASuccessForgetsThem() async throws {
        for _ in 0..<7 {
            _ = await harness.call("ping", login: .password("joe", "guess"), address: "10.0.0.9")
        }
        // Three failures are free; then each login waits twice as long as the one before.
        #expect(
            harness.waits.withLock { $0 } == [.milliseconds(500), .milliseconds(1000), .milliseconds(2000)])
        _ = await harness.call("ping", login: .password("joe", "guess"), address: "10.0.0.10")
        #expect(harness.waits.withLock { $0 }.count == 3, "another address is not slowed")
        _ = await harness.call("ping", login: .joe, address: "10.0.0.9")
        #expect(harness.waits.withLock { $0 }.last == .milliseconds(4000), "the right password waits too")
        _ = await harness.call("ping", login: .joe, address: "10.0.0.9")
        #expect(harness.waits.withLock { $0 }.count == 4, "a success forgets the failures")
    }

    @Test func theThrottleForgetsOldFailuresAndKeepsItsMemoryBounded() {
        let throttle = LoginThrottle(freeFailures: 0, memory: .zero, capacity: 2)
        throttle.failed("a")
        #expect(throttle.delay(for: "a") == .zero, "failures older than the memory are forgotten")
        let bounded = LoginThrottle(freeFailures: 0, longestDelay: .seconds(8), capacity: 2)
        for address in ["a", "b", "c"] { bounded.failed(address) }
        #expect(bounded.delay(for: "a") == .zero, "the oldest address made room")
        #expect(bounded.delay(for: "c") == .milliseconds(500))
        for _ in 0..<20 { bounded.failed("c") }
        #expect(bounded.delay(for: "c") == .seconds(8))
    }

    /// Many connections from one address are checked one after another, so each waits its turn and
    /// its delay: guesses sent side by side gain nothing. Another address does not wait.
    @Test func loginsFromOneAddressTakeTurns() async throws {
        let throttle = LoginThrottle()
        await throttle.takeTurn("10.0.0.9")
        await throttle.takeTurn("10.0.0.10")
        throttle.endTurn("10.0.0.10")
        // The second login records whether the first had ended its turn when it got in: however late a
        // loaded machine runs it, getting in early shows.
        let firstEnded = TurnFlag()
        let second = Task {
            await throttle.takeTurn("10.0.0.9")
            let waited = firstEnded.isSet
            throttle.endTurn("10.0.0.9")
            return waited
        }
        // Time for the second login to get in early, if it could.
        try await Task.sleep(for: .milliseconds(200))
        firstEnded.set()
        throttle.endTurn("10.0.0.9")
        #expect(await second.value, "the second login waits for the first")
    }
}

/// Whether something has happened yet.
private final class TurnFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
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
        element.set("name", text)
        element.text = text
        element.add("values", values: [.string(text)])
        var xml: [UInt8] = []
        element.appendXML(named: "item", to: &xml)
        #expect(Self.isXMLText(xml))
        let replaced =
            String(repeating: "\u{FFFD}", count: Self.forbidden.count)
            + String(String.UnicodeScalarView(Self.kept))
        #expect(
            String(decoding: xml, as: UTF8.self)
                == "<item name=\"\(replaced)\">\(replaced)<values>\(replaced)</values></item>")
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
