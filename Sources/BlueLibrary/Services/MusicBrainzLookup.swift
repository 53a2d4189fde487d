import BlueLibraryCore
import BlueLibraryNetworking

/// Finds an album on MusicBrainz and names its front cover on the Cover Art Archive, for `covers fetch`
/// when an album has no cover of its own.
///
/// A release-group search by artist and title (`/ws/2/release-group?query=…&fmt=json`) takes the best
/// match scoring at least ``minimumScore``; the cover is the Cover Art Archive's
/// `/release-group/{mbid}/front-250`. MusicBrainz's rules hold: requests to it go one at a time through a
/// ``RequestSpacer``, a second apart, and the HTTP client's User-Agent names BlueLibrary, its version and
/// a contact URL (``HTTPClientConfiguration/userAgent``).
public struct MusicBrainzLookup: Sendable {
    /// Where the two services are.
    public struct Endpoints: Sendable, Equatable {
        /// MusicBrainz's base URL, without a trailing slash.
        public var musicBrainz: String
        /// The Cover Art Archive's base URL, without a trailing slash.
        public var coverArt: String

        /// The public services.
        public static let standard = Endpoints(
            musicBrainz: "https://musicbrainz.org", coverArt: "https://coverartarchive.org")

        /// Creates endpoints; a trailing slash is dropped.
        public init(musicBrainz: String, coverArt: String) {
            self.musicBrainz = Self.base(musicBrainz)
            self.coverArt = Self.base(coverArt)
        }

        /// The endpoints `BLUELIBRARY_MUSICBRAINZ_URL` and `BLUELIBRARY_COVERART_URL` name (for tests and
        /// mirrors), else the public services.
        /// - Throws: `usage` naming a variable that is not an http(s) URL.
        public init(environment: [String: String]) throws {
            func url(_ name: String, _ fallback: String) throws -> String {
                guard let value = environment[name], !value.isEmpty else { return fallback }
                let lowered = value.lowercased()
                guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), value.count <= 2048
                else {
                    throw LibraryError(.usage, "invalid \(name) '\(value)': use an http:// or https:// URL")
                }
                return value
            }
            self.init(
                musicBrainz: try url("BLUELIBRARY_MUSICBRAINZ_URL", Self.standard.musicBrainz),
                coverArt: try url("BLUELIBRARY_COVERART_URL", Self.standard.coverArt))
        }

        private static func base(_ url: String) -> String {
            var url = url
            while url.hasSuffix("/") { url.removeLast() }
            return url
        }
    }

    /// The lowest search score taken as the album (MusicBrainz scores 0–100).
    public static let minimumScore = 90

    private let httpClient: any HTTPClient
    private let endpoints: Endpoints
    private let spacer: RequestSpacer

    /// Creates a lookup.
    /// - Parameters:
    ///   - httpClient: the network (not the cover cache: search answers are not kept).
    ///   - endpoints: where MusicBrainz and the Cover Art Archive are.
    ///   - interval: the least time between two requests to MusicBrainz (its rule: one second).
    public init(
        httpClient: any HTTPClient, endpoints: Endpoints = .standard, interval: Duration = .seconds(1)
    ) {
        self.httpClient = httpClient
        self.endpoints = endpoints
        spacer = RequestSpacer(interval: interval)
    }

    /// The MusicBrainz id of the release group that best matches `artist` and `title`, if one scores at
    /// least ``minimumScore``.
    /// - Throws: ``LibraryError`` `unavailable` when MusicBrainz cannot be asked or answers with an error.
    public func releaseGroup(artist: String, title: String) async throws -> String? {
        let url = searchURL(artist: artist, title: title)
        let response: HTTPResponse
        do {
            let httpClient = httpClient
            response = try await spacer.run {
                try await httpClient.send(HTTPRequest(url: url, headers: ["Accept": "application/json"]))
            }
        } catch let error as LibraryError {
            throw LibraryError(.unavailable, "MusicBrainz: \(error.message)")
        }
        guard response.status == 200 else {
            throw LibraryError(.unavailable, "MusicBrainz: HTTP status \(response.status)")
        }
        return try Self.bestMatch(in: response.body)
    }

    /// The URL of the front cover (250 px) of a release group on the Cover Art Archive.
    public func frontCoverURL(releaseGroup id: String) -> String {
        "\(endpoints.coverArt)/release-group/\(id)/front-250"
    }

    /// The search URL: the release group's title and artist as quoted Lucene phrases.
    func searchURL(artist: String, title: String) -> String {
        func phrase(_ text: String) -> String {
            // By scalar: a quote followed by a combining mark is one Character, but still a quote to Lucene.
            var escaped = "\""
            for scalar in text.unicodeScalars {
                if scalar == "\\" || scalar == "\"" { escaped.unicodeScalars.append("\\") }
                escaped.unicodeScalars.append(scalar)
            }
            return escaped + "\""
        }
        var query = "releasegroup:" + phrase(title)
        if !artist.isEmpty { query += " AND artist:" + phrase(artist) }
        return
            "\(endpoints.musicBrainz)/ws/2/release-group?query=\(Self.percentEncoded(query))&fmt=json&limit=5"
    }

    /// The id of the highest-scoring release group in a search answer, if it scores enough and is a
    /// well-formed MusicBrainz id (it becomes part of a URL).
    static func bestMatch(in body: [UInt8]) throws -> String? {
        let document: JSONValue
        do {
            document = try JSONParser.parse(body)
        } catch {
            throw LibraryError(.unavailable, "MusicBrainz: the answer is not JSON")
        }
        guard case .array(let groups)? = document["release-groups"] else {
            throw LibraryError(.unavailable, "MusicBrainz: the answer has no release groups")
        }
        var best: (id: String, score: Int)?
        for group in groups {
            guard case .string(let id)? = group["id"], isMusicBrainzID(id),
                case .number(let text)? = group["score"], let score = Int(text), score >= minimumScore
            else { continue }
            if score > best?.score ?? Int.min { best = (id, score) }
        }
        return best?.id
    }

    /// Whether `text` is a MusicBrainz id: a lowercase UUID.
    public static func isMusicBrainzID(_ text: String) -> Bool {
        UUIDText.normalized(text) == text
    }

    /// `text` with everything but unreserved characters percent-encoded (RFC 3986).
    static func percentEncoded(_ text: String) -> String {
        PercentEncoding.encoded(text, keeping: PercentEncoding.isUnreserved)
    }
}

/// Sends requests one at a time, each at least `interval` after the previous one finished, in the
/// order they asked (MusicBrainz's rule for clients: one request a second).
public actor RequestSpacer {
    private let interval: Duration
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var earliest: ContinuousClock.Instant?

    /// Creates a spacer.
    public init(interval: Duration) {
        self.interval = interval
    }

    /// Runs `request` when its turn comes.
    /// - Throws: what `request` throws, or `CancellationError` when the task is cancelled before its
    ///   turn.
    public func run<T: Sendable>(_ request: @Sendable () async throws -> T) async throws -> T {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
        defer { handOver() }
        if let earliest { try await Task.sleep(until: earliest, clock: .continuous) }
        return try await request()
    }

    /// The next request may go `interval` from now: wakes the first in line, or marks the spacer free.
    private func handOver() {
        earliest = .now + interval
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
