import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryServices
import BlueLibraryStorage
import BlueLibraryTestSupport
import Foundation
import Synchronization
import Testing

struct CoverLoaderTests {
    let server: FixtureHTTPServer
    let directory = TemporaryDirectory("loader")
    let client: URLSessionHTTPClient

    init() throws {
        server = try CoverFixtures.server(bodyLimit: 200_000)
        var configuration = HTTPClientConfiguration()
        // Long enough for a loaded machine; the never-answering fixture waits it out.
        configuration.timeout = .seconds(3)
        configuration.maximumBodySize = 200_000
        client = URLSessionHTTPClient(configuration: configuration)
    }

    private func library(online: Bool = true, center: CoverCenter = CoverCenter()) -> LibraryAPI {
        LibraryAPI(
            store: InMemoryLibraryStore(), httpClient: online ? client : nil,
            coverCache: CoverCache(directory: directory.file("covers")), coverCenter: center)
    }

    /// An album whose cover is `path` on the fixture server.
    private func album(_ path: String, title: String = "T") -> Album {
        Fixtures.album(title, by: "Some Artist", cover: server.baseURL + path)
    }

    @Test func aCoverIsDownloadedOnceThenServedFromTheCacheEvenOffline() async throws {
        let album = album("/cover.png")
        let first = await library().cover(for: album)
        #expect(first.source == .network)
        #expect(first.image.pixel(x: 0, y: 0) == (30, 160, 90, 255))
        #expect(first.encoded == CoverFixtures.png)
        let second = await library().cover(for: album)
        #expect(second.source == .cache)
        let offline = await library(online: false).cover(for: album)
        #expect(offline.source == .cache)
        #expect(offline.image == first.image)
        #expect(server.requests(to: "/cover.png") == 1, "a cache hit makes no request")
    }

    @Test func aJPEGCoverIsDecoded() async throws {
        let result = await library().cover(for: album("/photo.jpg"))
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
        let result = await library().cover(for: album)
        #expect(result.source == .generated)
        #expect(result.failure == "GET \(server.baseURL)\(path): \(reason)")
        #expect(result.image == GeneratedArtwork(album: album).image())
    }

    @Test func nothingFailedIsCached() async throws {
        _ = await library().cover(for: album("/garbage.png"))
        #expect(CoverCache(directory: directory.file("covers")).usage.files == 0)
    }

    @Test func anAlbumWithoutACoverURLGetsGeneratedArtworkWithoutAFailure() async {
        let result = await library().cover(for: Fixtures.album("Plain"))
        #expect(result.source == .generated)
        #expect(result.failure == nil)
        #expect(server.totalRequests == 0)
    }

    @Test func localFilesAndPathsAreCoverSources() async throws {
        let path = directory.file("local.png")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(CoverFixtures.png)))
        for source in [path, "file://" + path] {
            let result = await library().cover(for: Fixtures.album("Local", cover: source))
            #expect(result.source == .file, "\(source)")
            #expect(result.image.width == 6)
        }
        let missing = await library().cover(for: Fixtures.album("Gone", cover: directory.file("nope.png")))
        #expect(missing.failure == "\(directory.file("nope.png")): no such file")
    }

    @Test func manyViewsAskingForOneURLMakeOneRequest() async throws {
        let library = library()
        let album = album("/slow/shared.png")
        let results = await withTaskGroup(of: CoverSource.self) { group in
            for _ in 0..<8 { group.addTask { await library.cover(for: album).source } }
            return await group.reduce(into: [CoverSource]()) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == .network })
        #expect(server.requests(to: "/slow/shared.png") == 1)
    }

    @Test func atMostFourDownloadsRunAtOnce() async throws {
        let library = library()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
                let album = album("/slow/\(index).png")
                group.addTask { _ = await library.cover(for: album) }
            }
        }
        #expect(server.totalRequests == 10)
        #expect(server.peakConcurrentRequests <= 4)
        #expect(server.peakConcurrentRequests >= 2)
    }

    @Test func theFacadeAnswersCoverRequestsPostedByViews() async throws {
        let center = CoverCenter()
        let library = library(center: center)
        let album = album("/cover.png")
        let stream = center.results.stream()
        center.requests.post(CoverRequest(album: album))
        var iterator = stream.makeAsyncIterator()
        let received = try #require(await iterator.next())
        withExtendedLifetime(library) {}
        #expect(received.albumID == album.id)
        #expect(received.source == .network)
    }

    @Test func theFacadeStopsListeningWhenItGoesAway() {
        let center = CoverCenter()
        do {
            let library = library(center: center)
            #expect(center.requests.observerCount == 1)
            _ = library
        }
        #expect(center.requests.observerCount == 0)
    }
}
