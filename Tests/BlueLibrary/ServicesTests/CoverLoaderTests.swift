import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryNetworking
import BlueLibraryServices
import BlueLibraryStore
import Foundation
import Synchronization
import TestSupport
import Testing

struct CoverLoaderTests {
    let gate = ReplyGate()
    let server: FixtureHTTPServer
    let directory = TemporaryDirectory("loader")
    let client: CurlHTTPClient

    init() throws {
        server = try CoverFixtures.server(bodyLimit: 200_000, gate: gate)
        // Long: no answer the tests wait for may run into it, however loaded the machine.
        client = Self.client(timeout: .seconds(600))
    }

    /// A client with the suite's body limit and `timeout`.
    private static func client(timeout: Duration) -> CurlHTTPClient {
        var configuration = HTTPClientConfiguration()
        configuration.timeout = timeout
        configuration.maximumBodySize = 200_000
        return CurlHTTPClient(configuration: configuration)
    }

    private func covers(
        online: Bool = true, client: CurlHTTPClient? = nil, center: CoverCenter = CoverCenter()
    ) -> CoverService {
        CoverService(
            httpClient: online ? (client ?? self.client) : nil,
            cache: CoverCache(directory: directory.file("covers")), center: center)
    }

    /// Waits until `condition` holds, looking every few milliseconds for up to a minute (the expectations
    /// that follow say what never happened).
    private func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    }

    /// An album whose cover is `path` on the fixture server.
    private func album(_ path: String, title: String = "T") -> Album {
        Fixtures.album(title, by: "Some Artist", cover: server.baseURL + path)
    }

    @Test func aCoverIsDownloadedOnceThenServedFromTheCacheEvenOffline() async throws {
        let album = album("/cover.png")
        let first = await covers().cover(for: album)
        #expect(first.source == .network)
        #expect(first.image.pixel(x: 0, y: 0) == (30, 160, 90, 255))
        #expect(first.encoded == CoverFixtures.png)
        let second = await covers().cover(for: album)
        #expect(second.source == .cache)
        let offline = await covers(online: false).cover(for: album)
        #expect(offline.source == .cache)
        #expect(offline.image == first.image)
        #expect(server.requests(to: "/cover.png") == 1, "a cache hit makes no request")
    }

    @Test func aJPEGCoverIsDecoded() async throws {
        let result = await covers().cover(for: album("/photo.jpg"))
        #expect(result.source == .network)
        #expect(result.image.width == 16)
    }

    @Test(
        .timeLimit(.minutes(1)),
        arguments: [
            ("/missing.png", "HTTP status 404"),
            ("/garbage.png", "not a PNG or JPEG image"),
            ("/hang.png", "no answer within 3.0 seconds"),
            ("/huge.png", "the answer is larger than 200000 bytes"),
            ("/loop", "more than 5 redirects"),
        ])
    func everyFailureEndsInGeneratedArtworkWithItsReason(path: String, reason: String) async throws {
        let album = album(path, title: "Broken")
        // A short timeout only where running out is the point.
        let waiting = path == "/hang.png" ? Self.client(timeout: .seconds(3)) : client
        let result = await covers(client: waiting).cover(for: album)
        #expect(result.source == .generated)
        #expect(result.failure == "GET \(server.baseURL)\(path): \(reason)")
        #expect(result.image == GeneratedArtwork(album: album).image())
    }

    @Test func nothingFailedIsCached() async throws {
        _ = await covers().cover(for: album("/garbage.png"))
        #expect(await CoverCache(directory: directory.file("covers")).usage().files == 0)
    }

    @Test func anAlbumWithoutACoverURLGetsGeneratedArtworkWithoutAFailure() async {
        let result = await covers().cover(for: Fixtures.album("Plain"))
        #expect(result.source == .generated)
        #expect(result.failure == nil)
        #expect(server.totalRequests == 0)
    }

    @Test func localFilesAndPathsAreCoverSources() async throws {
        let path = directory.file("local.png")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(CoverFixtures.png)))
        for source in [path, "file://" + path] {
            let result = await covers().cover(for: Fixtures.album("Local", cover: source))
            #expect(result.source == .file, "\(source)")
            #expect(result.image.width == 6)
        }
        let missing = await covers().cover(for: Fixtures.album("Gone", cover: directory.file("nope.png")))
        #expect(missing.failure == "\(directory.file("nope.png")): no such file")
    }

    @Test func manyViewsAskingForOneURLMakeOneRequest() async throws {
        defer { gate.open() }
        let covers = covers()
        let album = album("/held/shared.png")
        let asking = AskingViews()
        let results = try await withThrowingTaskGroup(of: CoverSource.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    asking.count.add(1, ordering: .sequentiallyConsistent)
                    return await covers.cover(for: album).source
                }
            }
            // The one download is held at the server until every view has asked.
            try await waitUntil {
                asking.count.load(ordering: .sequentiallyConsistent) == 8
                    && server.requests(to: "/held/shared.png") == 1
            }
            gate.open()
            return try await group.reduce(into: [CoverSource]()) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == .network })
        #expect(server.requests(to: "/held/shared.png") == 1)
    }

    @Test func atMostFourDownloadsRunAtOnce() async throws {
        defer { gate.open() }
        let covers = covers()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
                let album = album("/held/\(index).png")
                group.addTask { _ = await covers.cover(for: album) }
            }
            // The answers are held until four downloads are in flight at once: the most the service lets
            // run, and the proof that it runs them side by side.
            try await waitUntil { server.activeRequests >= 4 }
            gate.open()
            try await group.waitForAll()
        }
        #expect(server.totalRequests == 10)
        #expect(server.peakConcurrentRequests <= 4)
        #expect(server.peakConcurrentRequests >= 2)
    }

    @Test func theServiceAnswersCoverRequestsPostedByViews() async throws {
        let center = CoverCenter()
        let covers = covers(center: center)
        let album = album("/cover.png")
        let stream = center.results.stream()
        // A request posted before the service runs waits for it.
        center.requests.post(CoverRequest(album: album))
        let running = Task { await covers.run() }
        var iterator = stream.makeAsyncIterator()
        let received = try #require(await iterator.next())
        running.cancel()
        await running.value
        #expect(received.albumID == album.id)
        #expect(received.source == .network)
    }

    @Test func theServiceStopsListeningWhenItGoesAway() async {
        let center = CoverCenter()
        do {
            let covers = covers(center: center)
            #expect(center.requests.observerCount == 1)
            _ = covers
        }
        #expect(center.requests.observerCount == 0)
    }

    @Test func theCachingProxyHasTheClientsInterfaceAndAnswersFromTheCache() async throws {
        let cache = CoverCache(directory: directory.file("proxy"))
        let proxy: any HTTPClient = CachingHTTPClient(
            upstream: client, cache: cache, shouldStore: { ImageCodec.format(of: $0.body) != nil })
        let url = server.baseURL + "/cover.png"
        let first = try await proxy.send(HTTPRequest(url: url))
        #expect(first.status == 200)
        #expect(first.headers[CachingHTTPClient.cacheHeader] == nil)
        let second = try await proxy.send(HTTPRequest(url: url))
        #expect(second.body == first.body)
        #expect(second.headers[CachingHTTPClient.cacheHeader] == "hit")
        #expect(server.requests(to: "/cover.png") == 1)
        // An answer the policy refuses is passed on but not kept.
        _ = try await proxy.send(HTTPRequest(url: server.baseURL + "/garbage.png"))
        #expect(await cache.usage().files == 1)
    }

    @Test(.timeLimit(.minutes(1))) func aCallerThatGoesAwayLeavesTheDownloadToTheOthers() async throws {
        let upstream = HeldUpstream()
        let proxy = CachingHTTPClient(
            upstream: upstream, cache: CoverCache(directory: directory.file("proxy")),
            shouldStore: { _ in true })
        let request = HTTPRequest(url: "http://covers.test/shared.png")
        let leaving = Task { try await proxy.send(request) }
        let staying = Task { try await proxy.send(request) }
        try await waitUntil {
            proxy.callers(waitingFor: request.url) == 2
                && upstream.requests.load(ordering: .sequentiallyConsistent) == 1
        }
        // The first caller goes while the one download is held: it is answered at once, and the download
        // goes on for the second.
        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }
        upstream.release()
        let answer = try await staying.value
        #expect(answer.body == Array("shared.png".utf8))
        #expect(upstream.requests.load(ordering: .sequentiallyConsistent) == 1)
        #expect(upstream.cancelled.load(ordering: .sequentiallyConsistent) == 0)
    }

    @Test(.timeLimit(.minutes(1))) func whenEveryCallerGoesTheDownloadIsCancelled() async throws {
        let upstream = HeldUpstream()
        let proxy = CachingHTTPClient(
            upstream: upstream, cache: CoverCache(directory: directory.file("proxy")),
            shouldStore: { _ in true })
        let request = HTTPRequest(url: "http://covers.test/gone.png")
        let callers = (0..<2).map { _ in Task { try await proxy.send(request) } }
        try await waitUntil {
            proxy.callers(waitingFor: request.url) == 2
                && upstream.requests.load(ordering: .sequentiallyConsistent) == 1
        }
        for caller in callers { caller.cancel() }
        for caller in callers { await #expect(throws: CancellationError.self) { try await caller.value } }
        try await waitUntil { upstream.cancelled.load(ordering: .sequentiallyConsistent) == 1 }
        #expect(upstream.requests.load(ordering: .sequentiallyConsistent) == 1)
    }
}

/// How many views have asked for a cover so far.
private final class AskingViews: Sendable {
    let count = Atomic(0)
}

/// A network whose answers wait until the test releases them, counting the requests and the ones
/// cancelled while they waited.
private final class HeldUpstream: HTTPClient {
    let requests = Atomic(0)
    let cancelled = Atomic(0)
    private let released = Atomic(false)

    func release() { released.store(true, ordering: .sequentiallyConsistent) }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.add(1, ordering: .sequentiallyConsistent)
        while !released.load(ordering: .sequentiallyConsistent) {
            do {
                try await Task.sleep(for: .milliseconds(5))
            } catch {
                cancelled.add(1, ordering: .sequentiallyConsistent)
                throw error
            }
        }
        return HTTPResponse(
            status: 200, headers: [:], body: Array(request.url.split(separator: "/").last!.utf8))
    }
}
