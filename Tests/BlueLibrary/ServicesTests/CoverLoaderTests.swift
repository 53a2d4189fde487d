import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryNetworking
import BlueLibraryServices
import BlueLibraryStorage
import Foundation
import Synchronization
import TestSupport
import Testing

struct CoverLoaderTests {
    let server: FixtureHTTPServer
    let directory = TemporaryDirectory("loader")
    let client: CurlHTTPClient

    init() throws {
        server = try CoverFixtures.server(bodyLimit: 200_000)
        var configuration = HTTPClientConfiguration()
        // Long enough for a loaded machine; the never-answering fixture waits it out.
        configuration.timeout = .seconds(3)
        configuration.maximumBodySize = 200_000
        client = CurlHTTPClient(configuration: configuration)
    }

    private func covers(online: Bool = true, center: CoverCenter = CoverCenter()) -> CoverService {
        CoverService(
            httpClient: online ? client : nil, cache: CoverCache(directory: directory.file("covers")),
            center: center)
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
        let result = await covers().cover(for: album)
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
        let covers = covers()
        let album = album("/slow/shared.png")
        let results = await withTaskGroup(of: CoverSource.self) { group in
            for _ in 0..<8 { group.addTask { await covers.cover(for: album).source } }
            return await group.reduce(into: [CoverSource]()) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == .network })
        #expect(server.requests(to: "/slow/shared.png") == 1)
    }

    @Test func atMostFourDownloadsRunAtOnce() async throws {
        let covers = covers()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
                let album = album("/slow/\(index).png")
                group.addTask { _ = await covers.cover(for: album) }
            }
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
}
