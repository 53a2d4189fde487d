import BlueLibraryCore
import BlueLibraryNetworking
import Synchronization

/// Finds an album on MusicBrainz and names its front cover on the Cover Art Archive, for `covers fetch`
/// when an album has no cover of its own.
///
/// A release-group search by artist and title (`/ws/2/release-group?query=…&fmt=json`) takes the best
/// match scoring at least ``minimumScore``; the cover is the Cover Art Archive's
/// `/release-group/{mbid}/front-250`. MusicBrainz's rules hold: requests to it and to the archive go one
/// at a time through a ``RequestSpacer``, a second apart — redirects too, each hop followed here on its
/// turn — a `503` or `429` with `Retry-After` waits as long as it asks (up to a minute) and is tried again
/// once, and after ``maximumConsecutiveFailures`` failures in a row the lookup stops asking for the rest
/// of the run. The HTTP client's User-Agent names BlueLibrary, its version and the user's contact
/// (``HTTPClientConfiguration/init(environment:)``).
package struct MusicBrainzLookup: Sendable {
    /// Where the two services are.
    package struct Endpoints: Sendable, Equatable {
        /// MusicBrainz's base URL, without a trailing slash.
        package var musicBrainz: String
        /// The Cover Art Archive's base URL, without a trailing slash.
        package var coverArt: String

        /// The public services.
        package static let standard = Endpoints(
            musicBrainz: "https://musicbrainz.org", coverArt: "https://coverartarchive.org")

        /// Creates endpoints; a trailing slash is dropped.
        package init(musicBrainz: String, coverArt: String) {
            self.musicBrainz = Self.base(musicBrainz)
            self.coverArt = Self.base(coverArt)
        }

        /// The endpoints `BLUELIBRARY_MUSICBRAINZ_URL` and `BLUELIBRARY_COVERART_URL` name (for tests and
        /// mirrors), else the public services.
        /// - Throws: `usage` naming a variable that is not an http(s) URL.
        package init(environment: [String: String]) throws {
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
    package static let minimumScore = 90
    /// How many requests in a row may fail before the lookup stops asking (a server that hangs would
    /// otherwise cost every album the whole timeout).
    package static let maximumConsecutiveFailures = 3
    /// The longest `Retry-After` waited for; a server asking for more is taken as unavailable.
    package static let longestRetryAfter: Duration = .seconds(60)
    /// How many redirects are followed.
    static let maximumRedirects = 5

    private let httpClient: any HTTPClient
    private let endpoints: Endpoints
    private let spacer: RequestSpacer
    private let health = LookupHealth()

    /// Creates a lookup.
    /// - Parameters:
    ///   - httpClient: the network (not the cover cache: search answers are not kept).
    ///   - endpoints: where MusicBrainz and the Cover Art Archive are.
    ///   - interval: the least time between two requests to MusicBrainz (its rule: one second).
    package init(
        httpClient: any HTTPClient, endpoints: Endpoints = .standard, interval: Duration = .seconds(1)
    ) {
        self.httpClient = httpClient
        self.endpoints = endpoints
        spacer = RequestSpacer(interval: interval)
    }

    /// The MusicBrainz id of the release group that best matches `artist` and `title`, if one scores at
    /// least ``minimumScore``.
    /// - Throws: ``LibraryError`` `unavailable` when MusicBrainz cannot be asked or answers with an error.
    package func releaseGroup(artist: String, title: String) async throws -> String? {
        let url = searchURL(artist: artist, title: title)
        let response = try await spacedGet(url, service: "MusicBrainz", accept: "application/json")
        guard response.status == 200 else {
            throw health.failed(LibraryError(.unavailable, "MusicBrainz: HTTP status \(response.status)"))
        }
        do {
            let match = try Self.bestMatch(in: response.body)
            health.succeeded()
            return match
        } catch let error as LibraryError {
            throw health.failed(error)
        }
    }

    /// The front cover at `url` on the Cover Art Archive, its redirects followed one spaced hop at a
    /// time: the last answer, whatever its status (`404` when the archive has none).
    /// - Throws: ``LibraryError`` `unavailable` ("Cover Art Archive: …") when no answer could be had.
    package func frontCover(at url: String) async throws -> HTTPResponse {
        let response = try await spacedGet(url, service: "Cover Art Archive", accept: nil)
        if response.status == 200 || response.status == 404 { health.succeeded() }
        return response
    }

    /// Whether the lookup has stopped asking (too many failures in a row), with the last failure.
    package var gaveUp: LibraryError? { health.gaveUp }

    /// The cause of the error every request gets once the lookup has stopped asking.
    package struct Stopped: Error, Sendable {}

    /// A GET through the spacer, following redirects one hop per turn and honouring `Retry-After`.
    private func spacedGet(_ start: String, service: String, accept: String?) async throws -> HTTPResponse {
        if let gaveUp = health.gaveUp { throw gaveUp }
        let (httpClient, health) = (httpClient, health)
        var url = start
        var retried = false
        var hops = 0
        while true {
            let request = HTTPRequest(
                url: url, headers: accept.map { ["Accept": $0] } ?? [:], followsRedirects: false)
            let response: HTTPResponse
            do {
                response = try await spacer.run {
                    // A request that waited its turn while others failed is not sent.
                    if let gaveUp = health.gaveUp { throw gaveUp }
                    return try await httpClient.send(request)
                }
            } catch let error as LibraryError where error.cause is Stopped {
                throw error
            } catch let error as LibraryError {
                throw health.failed(LibraryError(.unavailable, "\(service): \(error.message)"))
            }
            if response.status == 503 || response.status == 429, !retried,
                let wait = Self.retryAfter(response.headers["retry-after"]), wait <= Self.longestRetryAfter
            {
                retried = true
                await spacer.postpone(by: wait)
                continue
            }
            if [301, 302, 303, 307, 308].contains(response.status),
                let location = response.headers["location"]
            {
                hops += 1
                guard hops <= Self.maximumRedirects, let next = Self.resolve(location, against: url) else {
                    throw health.failed(
                        LibraryError(.unavailable, "\(service): GET \(start): too many or bad redirects"))
                }
                url = next
                continue
            }
            if response.status >= 500 || response.status == 429 {
                let after = response.headers["retry-after"].map { " (Retry-After: \($0.prefix(40)))" } ?? ""
                throw health.failed(
                    LibraryError(.unavailable, "\(service): HTTP status \(response.status)\(after)"))
            }
            return response
        }
    }

    /// A `Retry-After` in seconds (the HTTP-date form is not used by MusicBrainz).
    static func retryAfter(_ value: String?) -> Duration? {
        guard let value, let seconds = Int(value.trimmed), seconds >= 0 else { return nil }
        return .seconds(seconds)
    }

    /// Where a redirect's `Location` leads from `url`: an absolute http(s) URL, or a path on the same
    /// server; `nil` for anything else.
    static func resolve(_ location: String, against url: String) -> String? {
        let lowered = location.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return location }
        guard location.hasPrefix("/"), let scheme = url.firstRange(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return url[..<scheme.upperBound] + host + location
    }

    /// The URL of the front cover (250 px) of a release group on the Cover Art Archive.
    package func frontCoverURL(releaseGroup id: String) -> String {
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
    package static func isMusicBrainzID(_ text: String) -> Bool {
        UUIDText.normalized(text) == text
    }

    /// `text` with everything but unreserved characters percent-encoded (RFC 3986).
    static func percentEncoded(_ text: String) -> String {
        PercentEncoding.encoded(text, keeping: PercentEncoding.isUnreserved)
    }
}

/// How a lookup's requests have gone lately: after too many failures in a row it stops asking.
private final class LookupHealth: Sendable {
    private struct State {
        var failuresInARow = 0
        var last: LibraryError?
    }

    private let state = Mutex(State())

    /// The error every request gets once the lookup has given up.
    var gaveUp: LibraryError? {
        state.withLock { state in
            guard state.failuresInARow >= MusicBrainzLookup.maximumConsecutiveFailures else { return nil }
            return LibraryError(
                .unavailable,
                "MusicBrainz: stopped asking after \(state.failuresInARow) failed requests in a row (last: "
                    + "\(state.last?.message ?? "unknown"))", cause: MusicBrainzLookup.Stopped())
        }
    }

    func succeeded() {
        state.withLock { $0.failuresInARow = 0 }
    }

    /// Counts a failure; returns it, for `throw`.
    func failed(_ error: LibraryError) -> LibraryError {
        state.withLock { state in
            state.failuresInARow += 1
            state.last = error
        }
        return error
    }
}

/// Sends requests one at a time, each at least `interval` after the previous one finished, in the
/// order they asked (MusicBrainz's rule for clients: one request a second).
package actor RequestSpacer {
    private let interval: Duration
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var earliest: ContinuousClock.Instant?

    /// Creates a spacer.
    package init(interval: Duration) {
        self.interval = interval
    }

    /// Runs `request` when its turn comes.
    /// - Throws: what `request` throws, or `CancellationError` when the task is cancelled before its
    ///   turn.
    package func run<T: Sendable>(_ request: @Sendable () async throws -> T) async throws -> T {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
        defer { handOver() }
        if let earliest { try await Task.sleep(until: earliest, clock: .continuous) }
        return try await request()
    }

    /// Makes the next request wait at least `delay` from now (a server asked for it with
    /// `Retry-After`).
    package func postpone(by delay: Duration) {
        let later = ContinuousClock.now + delay
        earliest = max(earliest ?? later, later)
    }

    /// The next request may go `interval` from now: wakes the first in line, or marks the spacer free.
    private func handOver() {
        earliest = max(earliest ?? .now, .now + interval)
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
