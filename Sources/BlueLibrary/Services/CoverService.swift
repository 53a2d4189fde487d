import BlueLibraryConcurrency
import BlueLibraryCore
import BlueLibraryCovers
import BlueLibraryNetworking

/// The cover subsystem, composed beside the ``LibraryAPI`` facade at the root of each face: the disk
/// cache, the caching proxy in front of the HTTP client, and the loader that falls back to generated
/// artwork.
///
/// Views ask for covers the tutorial's way — they post a ``CoverRequest`` on ``center`` and observe
/// its results (the service listens from the moment it is created, and stops when it goes away) — or,
/// like the command line and the web server, call ``cover(for:)`` directly. Posted requests are served
/// by ``run()``, which the face's root runs beside its other services; requests posted before it starts
/// wait for it.
package final class CoverService: Service {
    /// Where views ask for covers and receive them.
    package let center: CoverCenter
    /// The disk cache of downloaded covers, if any.
    package let cache: CoverCache?
    private let loader: CoverLoader
    private let subscription: Subscription
    private let requests: AsyncStream<CoverRequest>

    /// Creates the service.
    /// - Parameters:
    ///   - httpClient: the network; `nil` keeps covers to the cache, local files and generated artwork.
    ///   - cache: the disk cache; `nil` keeps nothing.
    ///   - maximumConcurrentDownloads: how many covers download at once (default 4).
    ///   - embedded: reads the picture embedded in an audio file (a cover that names a track).
    package init(
        httpClient: (any HTTPClient)?, cache: CoverCache?, center: CoverCenter = CoverCenter(),
        maximumConcurrentDownloads: Int = 4, pool: BlockingPool = .shared,
        embedded: (any EmbeddedPictureReader)? = nil
    ) {
        self.center = center
        self.cache = cache
        let client: (any HTTPClient)? =
            cache.map { cache in
                CachingHTTPClient(
                    upstream: httpClient, cache: cache, maximumConcurrent: maximumConcurrentDownloads,
                    shouldStore: { ImageCodec.format(of: $0.body) != nil })
            } ?? httpClient
        loader = CoverLoader(httpClient: client, pool: pool, cache: cache, embedded: embedded)
        let (stream, continuation) = AsyncStream.makeStream(of: CoverRequest.self)
        requests = stream
        subscription = center.requests.observe { continuation.yield($0) }
    }

    /// The cover of `album`: cached, downloaded, read from a local file, or generated when none can be
    /// had. Never fails.
    package func cover(for album: Album) async -> CoverResult {
        await loader.cover(for: album)
    }

    /// The file of `album`'s cover — cached, downloaded or read from a local file — or why there is
    /// none, for a face that sends files: nothing is drawn.
    package func file(for album: Album) async -> CoverFile {
        await loader.file(for: album)
    }

    /// The cover of `album` from bytes downloaded elsewhere (decoded, and cached when an image).
    func cover(for album: Album, downloaded bytes: [UInt8]) async -> CoverResult {
        await loader.cover(for: album, downloaded: bytes)
    }

    /// Whether a cover URL names a local file (`file:` or an absolute path) rather than a download.
    package static func isLocalFile(_ url: String) -> Bool {
        CoverLoader.localPath(url) != nil
    }

    /// Keeps a picture read elsewhere (a scan reads the embedded art of the albums it changes) as the
    /// cover at `url`, so no face needs to read it again.
    package func remember(_ bytes: [UInt8], for url: String) async {
        try? await cache?.store(bytes, for: url)
    }

    /// Answers the requests views post on ``center`` until cancelled, several at once.
    package func run() async {
        let (loader, center) = (loader, center)
        await withDiscardingTaskGroup { group in
            for await request in requests {
                group.addTask { center.results.post(await loader.cover(for: request.album)) }
            }
        }
    }

    deinit {
        subscription.cancel()
    }
}

/// The covers' disk cache keeps the downloads of the caching HTTP client (the Networking module knows
/// nothing of covers; this is where the two meet).
extension CoverCache: ResponseStore {}
